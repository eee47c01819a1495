import { ClipboardList, Plus, UserCheck, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CARE_PLAN_MESSAGES, PLAN_TYPE_LABELS } from '@tavara/shared/care-plans/plan-codes';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { coverageSummary } from '@tavara/shared/care-plans/display';
import { formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { plansQuery, type PlanSummary, type TeamPlanSummary } from '@/domain/care-plans/plan-queries';
import { Skeleton } from '@/components/ui/skeleton';
import { Avatar, LoadError, PageShell, PlanStatusPill, SignedInOnly } from '@/domain/care-plans/care-ui';

function PlanCard({ plan }: { plan: PlanSummary | TeamPlanSummary }) {
  const coverage = coverageSummary([...plan.weekdayCoverage, ...plan.weekendCoverage, ...plan.extraShifts]);
  const onTeam = 'myKind' in plan;
  // Professionals open a plan as their assignment; relatives and owners as the family's plan.
  const href =
    onTeam && plan.myKind === 'professional'
      ? `/professional/assignments/${plan.id}`
      : `/family/care-management/${plan.id}`;
  return (
    <li className="rounded-card border border-line bg-surface p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-xl font-semibold">
            <Link to={href} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
              {plan.title}
            </Link>
          </h3>
          <p className="mt-1 text-ink-muted">
            For {plan.recipientName} · {PLAN_TYPE_LABELS[plan.planType]}
            {onTeam && ` · organised by ${plan.familyName ?? 'a family'}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {onTeam && (
            <span className="inline-flex items-center gap-1 rounded-full border border-family/30 bg-family-soft px-2.5 py-0.5 text-sm font-medium text-family">
              <UserCheck aria-hidden="true" className="size-4" /> You’re on this team
            </span>
          )}
          <PlanStatusPill status={plan.status} archived={plan.archivedAt !== null} />
        </div>
      </div>
      <p className="mt-3 text-base">{coverage}</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">Next shift</dt>
          <dd className="font-medium">
            {plan.nextShift
              ? `${formatPlanShortDay(plan.nextShift.start)}, ${formatPlanTimeRange(plan.nextShift.start, plan.nextShift.end)}`
              : 'None planned'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Open shifts</dt>
          <dd className="font-medium">{plan.openShiftCount}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Team</dt>
          <dd>
            {plan.team.length === 0 ? (
              <span className="font-medium">Nobody yet</span>
            ) : (
              <ul className="flex -space-x-2" aria-label="Team members">
                {plan.team.map((m) => (
                  <li key={m.userId} title={`${m.name} (${TEAM_ROLE_LABELS[m.teamRole]})`}>
                    <Avatar name={m.name} photoUrl={m.photoUrl} />
                    <span className="sr-only">
                      {m.name}, {TEAM_ROLE_LABELS[m.teamRole]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** Plans of other families whose team the viewer accepted a place on (relatives, professionals). */
function TeamPlans({ teams }: { teams: TeamPlanSummary[] }) {
  if (teams.length === 0) return null;
  return (
    <section aria-labelledby="team-plans" className="mb-8">
      <h2 id="team-plans" className="mb-3 text-xl font-semibold">
        Care teams you’re on
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2">
        {teams.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
    </section>
  );
}

function PlansBody({ isFamily }: { isFamily: boolean }) {
  const plans = useQuery(plansQuery());
  if (plans.isPending)
    // About one plan card tall (measured ~368 px at 360 px, ~286 px wide), so the calendar card
    // below does not jump when the list arrives (issue 31).
    return (
      <div role="status" className="grid gap-4 lg:grid-cols-2">
        <span className="sr-only">Loading your care plans...</span>
        <Skeleton className="h-[23rem] sm:h-72" />
      </div>
    );
  if (plans.isError)
    return (
      <LoadError
        title="Your care plans could not load"
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  const current = plans.data.plans.filter((p) => p.archivedAt === null);
  const archived = plans.data.plans.filter((p) => p.archivedAt !== null);
  const teams = <TeamPlans teams={plans.data.teams} />;
  if (!isFamily) {
    return (
      <>
        {teams}
        <p className="flex items-center gap-2 text-ink-muted">
          <Users aria-hidden="true" className="size-5" /> {CARE_PLAN_MESSAGES.notFamilyAccount}
          {plans.data.teams.length === 0 && ' When a family invites you to their care team, their plan appears here.'}
        </p>
      </>
    );
  }
  if (current.length === 0 && archived.length === 0) {
    return (
      <>
        {teams}
        <section
          aria-labelledby="empty-title"
          className="rounded-card border border-dashed border-line-strong bg-surface p-8 text-center"
        >
          <ClipboardList aria-hidden="true" className="mx-auto size-12 text-family" />
          <h2 id="empty-title" className="mt-4 text-2xl font-semibold">
            No care plans yet
          </h2>
          <p className="mx-auto mt-2 max-w-prose text-ink-muted">
            A care plan says when care is needed. Tavara turns it into shifts, and the professionals and relatives you
            invite can take them.
          </p>
          <Button asChild className="mt-6">
            <Link to="/family/care-management/create">
              <Plus aria-hidden="true" className="size-5" />
              Create your first plan
            </Link>
          </Button>
        </section>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {teams}
      <section aria-labelledby="current-plans">
        <h2 id="current-plans" className="sr-only">
          Your plans
        </h2>
        <ul className="grid gap-4 lg:grid-cols-2">
          {current.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      </section>
      {archived.length > 0 && (
        <section aria-labelledby="archived-plans">
          <h2 id="archived-plans" className="mb-3 text-xl font-semibold">
            Archived plans
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {archived.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * `/family/care-management`: the family's care plans, the care teams the viewer joined (relatives
 * of any role land here from the invitation e-mail) and invitations still to answer.
 */
export function CarePlansPage({
  invitations,
  calendarFeed,
}: {
  /** The invitations waiting for an answer (care-team), joined in app/routes. */
  invitations: ReactNode;
  /** The family's calendar feed (shifts), joined in app/routes. */
  calendarFeed: ReactNode;
}) {
  const { role } = useAuth();
  return (
    <PageShell>
      <SignedInOnly
        title="Care management"
        description="Sign in to organise care for your loved one: plans, a care team you invite, and shifts."
      >
        <header className="mb-8 flex flex-wrap items-end justify-between gap-4 border-l-8 border-family pl-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Care management</h1>
            <p className="mt-1 text-lg text-ink-muted">Plans, your care team and the shifts that cover them.</p>
          </div>
          {role === 'family' && (
            <Button asChild>
              <Link to="/family/care-management/create">
                <Plus aria-hidden="true" className="size-5" />
                Create a care plan
              </Link>
            </Button>
          )}
        </header>
        {invitations}
        <PlansBody isFamily={role === 'family'} />
        {role === 'family' && <div className="mt-8">{calendarFeed}</div>}
      </SignedInOnly>
    </PageShell>
  );
}
