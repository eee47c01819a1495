import type { ReactNode } from 'react';
import { formatPlanLongDay, formatPlanShortDay } from '@tavara/shared/time/format';
import { cn } from '@/lib/cn';

/**
 * A week at desktop width: its seven days side by side, today marked, each day's shift cards under
 * its heading — the family's plan and the professional's schedule (issue 31, item 8). A list of
 * days (each named by its heading), not sections with a list role, which axe reports as
 * aria-allowed-role (issue 31, item 9). `className` says from which width it shows.
 */
export function WeekGrid({
  days,
  today,
  className,
  todayClassName,
  empty,
}: {
  days: readonly { day: string; cards: ReactNode[] }[];
  today: string;
  className: string;
  todayClassName: string;
  /** Said on a day without shifts (nothing when absent). */
  empty?: ReactNode;
}) {
  return (
    <ul className={cn('hidden gap-2', className)} aria-label="This week">
      {days.map(({ day, cards }) => (
        <li
          key={day}
          aria-label={formatPlanLongDay(day)}
          className={cn('p-1', day === today && ['rounded-lg', todayClassName])}
        >
          <h3 className="mb-2 text-center font-semibold">{formatPlanShortDay(day)}</h3>
          <div className="flex flex-col gap-2">
            {cards}
            {cards.length === 0 && empty}
          </div>
        </li>
      ))}
    </ul>
  );
}
