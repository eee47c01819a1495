import { getShiftOption } from '../codes/shift-options';
import { formatPlanTimeRange, formatPlanWeekday } from '../time/format';

/** "Tuesday 6 PM–8 AM: nobody assigned" (issue 16's coverage gap). */
export function gapLabel(start: string, end: string): string {
  return `${formatPlanWeekday(start)} ${formatPlanTimeRange(start, end)}: nobody assigned`;
}

/** The labels of a plan's coverage codes, for summaries. */
export function coverageSummary(codes: readonly string[]): string {
  const labels = codes.map((code) => getShiftOption(code)?.label).filter((l): l is string => Boolean(l));
  return labels.length > 0 ? labels.join('; ') : 'No fixed shifts';
}

/** Initials for an avatar. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '?').toUpperCase() + (parts.length > 1 ? (parts[parts.length - 1]![0] ?? '').toUpperCase() : '')
  );
}
