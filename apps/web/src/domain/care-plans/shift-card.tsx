import type { ReactNode } from 'react';
import { formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import type { ShiftStatus } from '@tavara/shared/shifts/shift-status';
import { cn } from '@/lib/cn';
import { ShiftStatusPill } from './care-ui';

export interface ShiftLike {
  id: string;
  start: string;
  end: string;
  status: ShiftStatus;
  assigneeName: string | null;
  offeredToName: string | null;
  note: string | null;
  doneNote: string | null;
  changeReason: string | null;
}

/** One shift: when, status, who; `actions` are the buttons the viewer may use. */
export function ShiftCard({
  shift,
  showDay = false,
  extra,
  actions,
  compact = false,
}: {
  shift: ShiftLike;
  showDay?: boolean;
  extra?: ReactNode;
  actions?: ReactNode;
  compact?: boolean;
}) {
  const who =
    shift.status === 'open'
      ? 'Nobody assigned'
      : shift.status === 'offered'
        ? `Offered to ${shift.offeredToName ?? 'a team member'}`
        : (shift.assigneeName ?? 'Nobody assigned');
  return (
    <article
      aria-label={`${showDay ? `${formatPlanShortDay(shift.start)}, ` : ''}${formatPlanTimeRange(shift.start, shift.end)}`}
      className={cn(
        'rounded-lg border bg-surface',
        compact ? 'p-2 text-sm' : 'p-3',
        shift.status === 'open' ? 'border-warning/50' : 'border-line',
        shift.status === 'cancelled' && 'opacity-70',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {showDay && <span>{formatPlanShortDay(shift.start)}, </span>}
          {formatPlanTimeRange(shift.start, shift.end)}
        </p>
        <ShiftStatusPill status={shift.status} />
      </div>
      <p className={cn('mt-1', shift.status === 'open' ? 'font-medium text-warning' : 'text-ink-muted')}>{who}</p>
      {extra}
      {shift.changeReason && (
        <p className="mt-1 text-ink-muted">
          {shift.status === 'cancelled' ? 'Reason' : 'Changed'}: {shift.changeReason}
        </p>
      )}
      {shift.doneNote && <p className="mt-1">Note: {shift.doneNote}</p>}
      {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
