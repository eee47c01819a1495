import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { Skeleton } from '@/components/ui/skeleton';
import { careFiguresQuery } from '../api/dashboard-api';

/**
 * Live care figures on the family and professional dashboards (issue 16): plans, open shifts
 * this week, the next shift and pending invitations, each leading to its page.
 */
export function CareSummary({ role }: { role: 'family' | 'professional' }) {
  const figures = useQuery(careFiguresQuery());
  const to = role === 'family' ? '/family/care-management' : '/professional/schedule';
  const data = figures.data;
  // A figure with something to do leads there (issue 31: the invitations count opens the list).
  const invitations = role === 'family' ? '/family/care-management#invitations' : '/professional/schedule#invitations';
  const items: Array<[string, string, string?]> = data
    ? role === 'family'
      ? [
          ['Care plans', String(data.plans)],
          ['Open shifts this week', String(data.openShiftsThisWeek)],
          [
            'Invitations for you',
            String(data.pendingInvitations),
            data.pendingInvitations > 0 ? invitations : undefined,
          ],
        ]
      : [
          ['Care teams you are on', String(data.acceptedAssignments)],
          [
            'Invitations to answer',
            String(data.pendingInvitations),
            data.pendingInvitations > 0 ? invitations : undefined,
          ],
        ]
    : [];
  return (
    <section aria-labelledby="care-summary-title" className="rounded-card border border-line bg-surface p-5 shadow-sm">
      <h2 id="care-summary-title" className="flex items-center gap-2 text-2xl font-bold">
        <CalendarClock
          aria-hidden="true"
          className={role === 'family' ? 'size-6 text-family' : 'size-6 text-professional'}
        />
        {role === 'family' ? 'Care management' : 'Schedule'}
      </h2>
      {figures.isPending ? (
        // The figures' own boxes and the next-shift line, empty (issue 31): nothing below moves
        // when the numbers arrive.
        <div role="status">
          <span className="sr-only">Loading your figures...</span>
          <div className="mt-4 grid gap-3 sm:grid-cols-3">
            {Array.from({ length: role === 'family' ? 3 : 2 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="mt-4 h-6 w-2/3" />
        </div>
      ) : figures.isError ? (
        <p className="mt-3 text-ink-muted">Your figures could not load. Open the page to see them.</p>
      ) : (
        <>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            {items.map(([term, value, link]) => (
              <div key={term} className="relative rounded-lg bg-canvas p-3 has-[a:focus-visible]:outline-2">
                <dt className="text-ink-muted">
                  {link ? (
                    // The whole figure is the link's target (its ::after); its name is the term.
                    <Link
                      to={link}
                      className="font-semibold text-brand underline underline-offset-4 after:absolute after:inset-0"
                    >
                      {term}
                    </Link>
                  ) : (
                    term
                  )}
                </dt>
                <dd className="text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4">
            <span className="text-ink-muted">Next shift: </span>
            <span className="font-semibold">
              {data?.nextShift
                ? `${formatPlanShortDay(data.nextShift.start)}, ${formatPlanTimeRange(data.nextShift.start, data.nextShift.end)} · ${data.nextShift.planTitle}`
                : 'none planned'}
            </span>
          </p>
        </>
      )}
      <Link
        to={to}
        className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
      >
        {role === 'family' ? 'Open care management' : 'Open your schedule'}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </section>
  );
}
