import { useMemo, useState } from 'react';
import {
  caredForNames,
  chooseCaredFor,
  isSamePerson,
  NO_CHOICE,
  selectedCaredFor,
  type CaredForChoice,
} from './cared-for-choice';

/**
 * The "who is this for?" state of a family page (the assessment, the story): the names to offer,
 * the person shown, the saved record of that person if the server has one, and `choose`.
 */
export function useCaredForChoice<Record extends { recipientName: string }>(records: readonly Record[]) {
  const [choice, setChoice] = useState<CaredForChoice>(NO_CHOICE);
  const known = useMemo(() => records.map((r) => r.recipientName), [records]);
  const names = useMemo(() => caredForNames(known, choice), [known, choice]);
  const selected = selectedCaredFor(known, choice);
  return {
    names,
    selected,
    /** The server's record of the person shown, if it has one. */
    record: selected === null ? undefined : records.find((r) => isSamePerson(r.recipientName, selected)),
    choose: (name: string) => setChoice((current) => chooseCaredFor(known, current, name)),
  };
}
