import { AlertTriangle, CalendarPlus, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { gapLabel } from '@tavara/shared/care-plans/display';
import { formatPlanLongDay, formatPlanShortDay } from '@tavara/shared/time/format';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isPlanOwner, isPlanRelative } from '@/domain/care-plans/plan-access';
import type { PlanDetail, ShiftItem } from '@/domain/care-plans/plan-queries';
import { ShiftCard } from '@/domain/care-plans/shift-card';
import { WeekGrid } from '@/domain/care-plans/week-grid';
import { cn } from '@/lib/cn';
import { OwnerShiftActions, RelativeShiftActions } from './plan-shift-actions';
import { AddShiftDialog, GenerateShiftsDialog } from './lazy-shift-dialogs';

type DayShifts = { day: string; shifts: ShiftItem[] };

/**
 * The week on a phone: the days with shifts, one a row, starting with today — not with the past
 * days of the week, which a phone would show first and push today below the fold (issue 31,
 * item 8). Today is always there (said to be free when it is), and the week's earlier shifts wait
 * behind one closed "Earlier this week" line. Another week (all past, or all to come) is shown
 * whole: "today" is not in it.
 */
function PhoneAgenda({
  byDay,
  today,
  actionsFor,
}: {
  byDay: DayShifts[];
  today: string;
  actionsFor: (shift: ShiftItem) => ReactNode;
}) {
  // A week without shifts says so once, above (and offers to make them).
  if (byDay.every(({ shifts }) => shifts.length === 0)) return null;
  const thisWeek = byDay.some(({ day }) => day === today);
  const earlier = thisWeek ? byDay.filter(({ day, shifts }) => day < today && shifts.length > 0) : [];
  const shown = byDay.filter(({ day, shifts }) =>
    thisWeek ? day === today || (day > today && shifts.length > 0) : shifts.length > 0,
  );
  const earlierCount = earlier.reduce((sum, { shifts }) => sum + shifts.length, 0);
  const dayList = (days: DayShifts[], label: string) => (
    <ol className="flex flex-col gap-4" aria-label={label}>
      {days.map(({ day, shifts }) => (
        <li key={day}>
          <h3 className="mb-2 font-semibold">
            {day === today ? `Today, ${formatPlanLongDay(day)}` : formatPlanLongDay(day)}
          </h3>
          {shifts.length === 0 ? (
            <p className="text-ink-muted">No shifts today.</p>
          ) : (
            <div className="flex flex-col gap-2">
              {shifts.map((shift) => (
                <ShiftCard key={shift.id} shift={shift} actions={actionsFor(shift)} />
              ))}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
  return (
    <div className="flex flex-col gap-4 md:hidden">
      {dayList(shown, 'This week, day by day')}
      {earlier.length > 0 && (
        <details className="rounded-lg border border-line bg-surface">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold">
            Earlier this week ({earlierCount} {earlierCount === 1 ? 'shift' : 'shifts'})
          </summary>
          <div className="p-3 pt-1">{dayList(earlier, 'Earlier this week')}</div>
        </details>
      )}
    </div>
  );
}

/**
 * `loading` is true while another week is being fetched and the last one is still on screen: its
 * shifts are dimmed and inert then, so nobody opens a dialog on a shift that is about to vanish.
 */
export function ScheduleTab({
  data,
  setWeek,
  loading,
}: {
  data: PlanDetail;
  setWeek: (week: string) => void;
  loading: boolean;
}) {
  const isOwner = isPlanOwner(data);
  const isRelative = isPlanRelative(data);
  const [adding, setAdding] = useState(false);
  const [generating, setGenerating] = useState(false);
  const { week } = data;
  const actionsFor = (shift: ShiftItem) =>
    isOwner ? (
      <OwnerShiftActions shift={shift} data={data} />
    ) : isRelative ? (
      <RelativeShiftActions shift={shift} data={data} />
    ) : null;
  const byDay = week.days.map((day) => ({ day, shifts: week.shifts.filter((s) => s.localDate === day) }));
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" aria-label="Previous week" onClick={() => setWeek(week.previous)}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <h2 className="text-xl font-semibold" aria-live="polite">
            Week of {formatPlanShortDay(week.from)}
          </h2>
          <Button variant="secondary" aria-label="Next week" onClick={() => setWeek(week.next)}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {isOwner && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setGenerating(true)}>
              <CalendarPlus aria-hidden="true" className="size-5" /> Make shifts
            </Button>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-5" /> One-off shift
            </Button>
          </div>
        )}
      </div>
      <div
        className={cn('flex flex-col gap-6 transition-opacity', loading && 'opacity-60')}
        aria-busy={loading || undefined}
        inert={loading}
      >
        <p className="text-lg">
          <strong>{data.openShiftCount}</strong> open {data.openShiftCount === 1 ? 'shift' : 'shifts'} coming up
        </p>
        {week.gaps.length > 0 && (
          <Notice tone="warning" title="Coverage gaps this week">
            <ul className="list-disc pl-5">
              {week.gaps.map((gap) => (
                <li key={gap.shiftId}>{gapLabel(gap.start, gap.end)}</li>
              ))}
            </ul>
          </Notice>
        )}
        {week.shifts.length === 0 && (
          <p className="flex items-center gap-2 text-ink-muted">
            <AlertTriangle aria-hidden="true" className="size-5" /> No shifts this week
            {isOwner ? '. Make them from the plan’s coverage, or add a one-off shift.' : '.'}
          </p>
        )}
        {/* Phones: an agenda, one day per row, from today (issue 31, item 8). */}
        <PhoneAgenda byDay={byDay} today={week.today} actionsFor={actionsFor} />
        {/* Wide screens: the week as a grid of seven days. */}
        <WeekGrid
          className="md:grid md:grid-cols-7"
          todayClassName="bg-brand-soft"
          today={week.today}
          days={byDay.map(({ day, shifts }) => ({
            day,
            cards: shifts.map((shift) => (
              <ShiftCard key={shift.id} shift={shift} compact actions={actionsFor(shift)} />
            )),
          }))}
        />
      </div>
      {isOwner && <AddShiftDialog planId={data.plan.id} open={adding} onOpenChange={setAdding} />}
      {isOwner && generating && (
        <GenerateShiftsDialog
          planId={data.plan.id}
          range={data.generateRange}
          open
          onOpenChange={(open) => !open && setGenerating(false)}
        />
      )}
    </div>
  );
}
