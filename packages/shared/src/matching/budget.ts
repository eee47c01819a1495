/**
 * Reading the shared budget format (`validateBudget` in validation/chat-input: "$20-30/hour",
 * "25", "$25.50/hour", or anything saying "Negotiable") as numbers, for matching's rate filter.
 */
export type HourlyRate =
  { readonly kind: 'range'; readonly min: number; readonly max: number } | { readonly kind: 'negotiable' };

const AMOUNT = String.raw`\$?(\d+(?:\.\d{1,2})?)`;
const RANGE = new RegExp(String.raw`^${AMOUNT}(?:\s*-\s*${AMOUNT})?(?:\s*\/\s*hour)?$`, 'i');

/** The rate or budget as an hourly range; null when blank or not in the shared format. */
export function parseHourlyRate(text: string | null | undefined): HourlyRate | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  if (/negotiable/i.test(trimmed)) return { kind: 'negotiable' };
  const match = RANGE.exec(trimmed);
  if (!match) return null;
  const a = Number(match[1]);
  const b = match[2] === undefined ? a : Number(match[2]);
  return { kind: 'range', min: Math.min(a, b), max: Math.max(a, b) };
}

/**
 * Whether a rate fits a wanted range (either bound may be absent). Ranges fit when they overlap;
 * a negotiable rate fits any range (it is agreed with the family); an unknown rate fits none.
 */
export function rateFits(rate: HourlyRate | null, min: number | undefined, max: number | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  if (!rate) return false;
  if (rate.kind === 'negotiable') return true;
  return (min === undefined || rate.max >= min) && (max === undefined || rate.min <= max);
}

/** "$20–30 an hour", "$25 an hour", "Negotiable". */
export function formatHourlyRate(rate: HourlyRate | null): string | null {
  if (!rate) return null;
  if (rate.kind === 'negotiable') return 'Negotiable';
  const money = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
  return rate.min === rate.max ? `$${money(rate.min)} an hour` : `$${money(rate.min)}–${money(rate.max)} an hour`;
}
