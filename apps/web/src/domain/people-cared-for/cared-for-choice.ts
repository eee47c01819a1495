import { recipientKey } from '@tavara/shared/care-assessment/care-assessment';

/**
 * Choosing the person cared for on a family page (issue 19: one assessment and one story per
 * person): the people the server knows (named at registration, in care plans, in an assessment
 * or story), then the ones the family added on this visit. Names match whatever their case and
 * spacing (`recipientKey`), so "mary  jones" is the same person as "Mary Jones".
 */
export interface CaredForChoice {
  /** The name the family picked; null: none yet, so the first known person is shown. */
  chosen: string | null;
  /** Names added here that the server does not know yet (nothing is saved until a form is). */
  added: readonly string[];
}

export const NO_CHOICE: CaredForChoice = { chosen: null, added: [] };

export const isSamePerson = (a: string, b: string): boolean => recipientKey(a) === recipientKey(b);

/** The names to offer, known first, then those added here that the server does not know yet. */
export function caredForNames(known: readonly string[], choice: CaredForChoice): string[] {
  const keys = new Set(known.map(recipientKey));
  return [...known, ...choice.added.filter((name) => !keys.has(recipientKey(name)))];
}

/** Whom the page is about: the one picked, else the first name offered, else nobody yet. */
export function selectedCaredFor(known: readonly string[], choice: CaredForChoice): string | null {
  return choice.chosen ?? caredForNames(known, choice)[0] ?? null;
}

/** The choice after the family picks or adds `name`. */
export function chooseCaredFor(known: readonly string[], choice: CaredForChoice, name: string): CaredForChoice {
  const offered = caredForNames(known, choice).some((n) => isSamePerson(n, name));
  return { chosen: name, added: offered ? choice.added : [...choice.added, name] };
}
