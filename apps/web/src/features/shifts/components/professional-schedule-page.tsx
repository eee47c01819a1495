import { ChevronLeft, ChevronRight, LogIn, LogOut } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLAN_STATUS_LABELS } from '@tavara/shared/care-plans/plan-codes';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { formatPlanLongDay, formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { canCheckIn, canCheckOut, canClaimShift, type MembershipRef } from '@tavara/shared/care-plans/permissions';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import {
  readScheduleParams,
  SCHEDULE_VIEWS as VIEWS,
  scheduleQuery,
  useShiftAction,
  useShiftStep,
  type ScheduleShift,
} from '../api/shifts-api';
import { CalendarFeedCard } from './calendar-feed-card';
import {
  failedWith,
  LoadError,
  LoadingBlock,
  NotAvailableOffline,
  PageShell,
  SignedInOnly,
} from '@/domain/care-plans/care-ui';
import { ShiftCard } from '@/domain/care-plans/shift-card';
import { WeekGrid } from '@/domain/care-plans/week-grid';
import { CheckOutDialog } from './lazy-shift-dialogs';
import { useWaitingWork, waitingItem, wasKept } from '@/domain/offline/offline-work';
import { WaitingPill } from '@/domain/offline/waiting-pill';
import { OFFLINE_KEPT_MESSAGE } from '@tavara/shared/offline/offline-work';

function ShiftActions({ shift, membership }: { shift: ScheduleShift; membership: MembershipRef | null }) {
  const { user, role } = useAuth();
  const action = useShiftAction();
  const step = useShiftStep();
  const { items } = useWaitingWork();
  const [checkingOut, setCheckingOut] = useState(false);
  const busy = action.isPending || step.isPending || undefined;
  const when = `${formatPlanShortDay(shift.start)}, ${formatPlanTimeRange(shift.start, shift.end)}`;
  // Recorded on this phone without a connection (issue 29): shown as waiting, and a check-in kept
  // here can be followed by its check-out, kept too.
  const waitingIn = waitingItem(items, 'check-in', shift.id);
  const waitingOut = waitingItem(items, 'check-out', shift.id);
  if (waitingOut) return <WaitingPill />;
  // Only what the server would allow: the same rules it enforces, from the shared module.
  const self = { userId: user?.id ?? '', role };
  if (canClaimShift(self, membership, shift)) {
    return (
      <Button
        size="sm"
        aria-disabled={busy}
        onClick={() =>
          !action.isPending &&
          action.mutate(
            { kind: 'claim', shiftId: shift.id },
            {
              onSuccess: () => toast.success('The shift is yours.'),
              onError: failedWith('The shift could not be taken.'),
            },
          )
        }
      >
        {action.isPending ? 'Taking it...' : 'Take this shift'}
      </Button>
    );
  }
  if (canCheckIn(self, shift) && !waitingIn) {
    return (
      <Button
        size="sm"
        aria-disabled={busy}
        onClick={() =>
          !busy &&
          step
            .run('check-in', shift, `Check-in: ${when}`)
            .then(
              (answer) => toast.success(wasKept(answer) ? OFFLINE_KEPT_MESSAGE : 'Checked in.'),
              failedWith('Check-in did not work.'),
            )
        }
      >
        <LogIn aria-hidden="true" className="size-4" /> {step.isPending ? 'Checking in...' : 'Check in'}
      </Button>
    );
  }
  if (canCheckOut(self, shift) || (waitingIn && waitingIn.state === 'waiting')) {
    return (
      <>
        {waitingIn && <WaitingPill />}
        <Button size="sm" onClick={() => setCheckingOut(true)}>
          <LogOut aria-hidden="true" className="size-4" /> Check out
        </Button>
        <CheckOutDialog shift={shift} label={when} open={checkingOut} onOpenChange={setCheckingOut} />
      </>
    );
  }
  if (waitingIn) return <WaitingPill />;
  return null;
}

/**
 * Someone who came from an invitation sees it first (issue 31); their registration form is the
 * step after, said here until it is saved.
 */
function RegistrationNext() {
  const { role, profileComplete } = useAuth();
  if (role !== 'professional' || profileComplete) return null;
  return (
    <section
      aria-labelledby="registration-next-title"
      className="rounded-card border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id="registration-next-title" className="text-xl font-semibold">
        Next: complete your registration
      </h2>
      <p className="mt-1 text-ink-muted">
        Families see your experience, availability and documents once your registration form is saved.
      </p>
      <Button asChild className="mt-3">
        <Link to="/registration/professional">Complete registration</Link>
      </Button>
    </section>
  );
}

function ScheduleBody({ invitations }: { invitations: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const { view, date } = readScheduleParams(params);
  const schedule = useQuery(scheduleQuery(view, date));
  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next, { replace: true });
  };
  if (schedule.isPending && schedule.fetchStatus === 'paused') return <NotAvailableOffline />;
  if (schedule.isPending) return <LoadingBlock label="Loading your schedule..." />;
  if (schedule.isError)
    return (
      <LoadError
        title="Your schedule could not load"
        error={schedule.error}
        onRetry={() => void schedule.refetch()}
        retrying={schedule.isFetching}
      />
    );
  const data = schedule.data;
  const days = [...new Set(data.shifts.map((s) => s.localDate))];
  const membershipOf = new Map(
    data.assignments.map((a) => [a.planId, { status: 'accepted' as const, kind: a.kind } satisfies MembershipRef]),
  );
  const shiftsOn = (day: string) => data.shifts.filter((s) => s.localDate === day);
  const card = (shift: ScheduleShift, compact: boolean) => (
    <ShiftCard
      key={shift.id}
      shift={shift}
      compact={compact}
      extra={
        <p className="mt-1">
          {shift.planTitle} · {shift.familyName ?? 'Family'}
          {shift.place ? ` · ${shift.place}` : ''}
        </p>
      }
      actions={<ShiftActions shift={shift} membership={membershipOf.get(shift.planId) ?? null} />}
    />
  );
  return (
    <div className="flex flex-col gap-8">
      {invitations}
      <RegistrationNext />
      <section aria-labelledby="assignments-title">
        <h2 id="assignments-title" className="mb-3 text-2xl font-semibold">
          Your care assignments
        </h2>
        {data.assignments.length === 0 ? (
          <p className="text-ink-muted">
            You are not on a care team yet. When a family invites you, the invitation appears here.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {data.assignments.map((a) => (
              <li key={a.planId} className="rounded-card border border-line bg-surface p-4">
                <Link
                  to={`/professional/assignments/${a.planId}`}
                  className="text-lg font-semibold underline-offset-4 hover:underline"
                >
                  {a.title}
                </Link>
                <p className="text-ink-muted">
                  {a.familyName ?? 'Family'} · {TEAM_ROLE_LABELS[a.teamRole]} · {PLAN_STATUS_LABELS[a.status]}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="shifts-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="shifts-title" className="text-2xl font-semibold">
            Shifts
          </h2>
          <div role="group" aria-label="Show" className="flex rounded-lg border border-line bg-surface p-1">
            {VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => go({ view: v })}
                className={cn(
                  'min-h-11 rounded-md px-4 font-semibold capitalize',
                  view === v ? 'bg-professional text-white' : 'text-ink-muted hover:text-ink',
                )}
              >
                {v}
              </button>
            ))}
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            aria-label={`Previous ${view}`}
            onClick={() => data.previous && go({ date: data.previous })}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <p className="font-semibold" aria-live="polite">
            {data.from === data.to
              ? formatPlanLongDay(data.from)
              : `${formatPlanShortDay(data.from)} – ${formatPlanShortDay(data.to)}`}
          </p>
          <Button variant="secondary" aria-label={`Next ${view}`} onClick={() => data.next && go({ date: data.next })}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {data.shifts.length === 0 ? (
          <p className="text-ink-muted">No shifts in this {view}.</p>
        ) : (
          <>
            {/* A list of the days with shifts; at desktop width a week is a grid of its seven
                days instead, so the width shows the week (issue 31, item 8). */}
            <ol className={cn('flex flex-col gap-5', view === 'week' && 'lg:hidden')}>
              {days.map((day) => (
                <li key={day}>
                  <h3 className="mb-2 font-semibold">{formatPlanLongDay(day)}</h3>
                  <div className="grid gap-2 md:grid-cols-2">{shiftsOn(day).map((shift) => card(shift, false))}</div>
                </li>
              ))}
            </ol>
            {view === 'week' && (
              <WeekGrid
                className="lg:grid lg:grid-cols-7"
                todayClassName="bg-professional-soft"
                today={data.today}
                days={data.days.map((day) => ({ day, cards: shiftsOn(day).map((shift) => card(shift, true)) }))}
                empty={<p className="text-center text-sm text-ink-muted">Free</p>}
              />
            )}
          </>
        )}
      </section>
      <CalendarFeedCard audience="professional" />
    </div>
  );
}

/** `/professional/schedule`: invitations, care assignments and shifts by day, week or month. */
export function ProfessionalSchedulePage({ invitations }: { invitations: ReactNode }) {
  return (
    <PageShell>
      <SignedInOnly title="Schedule" description="Sign in to see your care assignments and shifts.">
        <header className="mb-8 border-l-8 border-professional pl-4">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Schedule</h1>
          <p className="mt-1 text-lg text-ink-muted">Your invitations, care assignments and shifts.</p>
        </header>
        <ScheduleBody invitations={invitations} />
      </SignedInOnly>
    </PageShell>
  );
}
