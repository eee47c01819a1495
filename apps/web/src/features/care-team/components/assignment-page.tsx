import { PLAN_TYPE_LABELS } from '@tavara/shared/care-plans/plan-codes';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { coverageSummary } from '@tavara/shared/care-plans/display';
import { formatPlanLongDay } from '@tavara/shared/time/format';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { CARE_CONDITION_OPTIONS } from '@tavara/shared/codes/care-conditions';
import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { SPECIALIZED_REQUIREMENT_OPTIONS } from '@tavara/shared/codes/specialized-requirements';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Newspaper } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { assignmentQuery, useEndMembership, type Assignment } from '../api/care-team-api';
import {
  Avatar,
  MemberStatusPill,
  PageShell,
  PlanStatusPill,
  SignedInOnly,
  planQueryGate,
} from '@/domain/care-plans/care-ui';
import { ShiftCard } from '@/domain/care-plans/shift-card';
import { ContactCard } from '@/domain/village/contact-card';

const labels = (options: Parameters<typeof getCodeLabel>[0], codes: readonly string[] | null | undefined) =>
  (codes ?? []).map((code) => getCodeLabel(options, code) ?? code).join(', ');

function Needs({ needs }: { needs: Assignment['needs'] }) {
  if (!needs) return <p className="text-ink-muted">The family has not described their needs yet.</p>;
  const rows: Array<[string, string | null]> = [
    ['Where', needs.careLocation],
    ['Care needed', labels(CARE_TYPE_OPTIONS, needs.careTypes)],
    ['Conditions', labels(CARE_CONDITION_OPTIONS, needs.careConditions)],
    ['Other needs', needs.otherSpecialNeeds],
    ['Special requirements', labels(SPECIALIZED_REQUIREMENT_OPTIONS, needs.specializedRequirements)],
    ['Preferences', needs.caregiverPreferences],
  ];
  return (
    <dl className="grid gap-3">
      {rows
        .filter(([, value]) => value)
        .map(([term, value]) => (
          <div key={term} className="grid gap-1 sm:grid-cols-[12rem_1fr]">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A member leaves the team from their own page; their upcoming shifts open again for others. */
function LeaveTeamDialog({
  planId,
  memberId,
  open,
  onOpenChange,
}: {
  planId: string;
  memberId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const end = useEndMembership(planId);
  const navigate = useNavigate();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>Leave this care team?</AlertDialogTitle>
        <AlertDialogDescription className="mt-2">
          Your upcoming shifts on this plan become open again for the family to fill. The team’s history keeps a record
          that you were on it.
        </AlertDialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialogCancel asChild>
            <Button variant="secondary">Stay on the team</Button>
          </AlertDialogCancel>
          <Button
            aria-disabled={end.isPending || undefined}
            onClick={() =>
              !end.isPending &&
              end.mutate(memberId, {
                onSuccess: (r) => {
                  toast.success(
                    r.reopenedShifts > 0
                      ? `You left the team. ${r.reopenedShifts} shift(s) are open again.`
                      : 'You left the team.',
                  );
                  void navigate('/professional/schedule');
                },
                onError: (e) => toast.error(e instanceof ApiError ? e.message : 'That did not work. Please try again.'),
              })
            }
          >
            {end.isPending ? 'Leaving...' : 'Leave the team'}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function AssignmentBody({ planId, medications }: { planId: string; medications: ReactNode }) {
  const assignment = useQuery(assignmentQuery(planId));
  const [leaving, setLeaving] = useState(false);
  const gate = planQueryGate(assignment, {
    loading: 'Loading the assignment...',
    failed: 'The assignment could not load',
    back: { to: '/professional/schedule', label: 'Back to your schedule' },
  });
  if (gate || !assignment.data) return gate;
  const data = assignment.data;
  const { plan } = data;
  const team = data.team.filter((m) => m.status === 'accepted');
  return (
    <>
      {data.myMembership && (
        <LeaveTeamDialog planId={plan.id} memberId={data.myMembership.id} open={leaving} onOpenChange={setLeaving} />
      )}
      <header className="mb-6 border-l-8 border-professional pl-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{plan.title}</h1>
          <PlanStatusPill status={plan.status} archived={plan.archivedAt !== null} />
        </div>
        <p className="mt-1 text-lg text-ink-muted">
          For {plan.recipientName} · {data.familyName ?? 'Family'}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="care-details" className="rounded-card border border-line bg-surface p-5">
            <h2 id="care-details" className="mb-3 text-xl font-semibold">
              Care details
            </h2>
            {plan.description && <p className="mb-3">{plan.description}</p>}
            <dl className="mb-4 grid gap-3">
              <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
                <dt className="text-ink-muted">Plan type</dt>
                <dd className="font-medium">{PLAN_TYPE_LABELS[plan.planType]}</dd>
              </div>
              <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
                <dt className="text-ink-muted">Coverage</dt>
                <dd className="font-medium">
                  {coverageSummary([...plan.weekdayCoverage, ...plan.weekendCoverage, ...plan.extraShifts])}
                </dd>
              </div>
              <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
                <dt className="text-ink-muted">Dates</dt>
                <dd className="font-medium">
                  {formatPlanLongDay(plan.startDate)} – {plan.endDate ? formatPlanLongDay(plan.endDate) : 'ongoing'}
                </dd>
              </div>
            </dl>
            <h3 className="mb-2 font-semibold">Needs from the family’s registration</h3>
            <Needs needs={data.needs} />
            {plan.notes && (
              <>
                <h3 className="mt-4 mb-1 font-semibold">Notes for the team</h3>
                <p className="whitespace-pre-line">{plan.notes}</p>
              </>
            )}
          </section>
          {medications}
          <section aria-labelledby="upcoming-shifts">
            <h2 id="upcoming-shifts" className="mb-3 text-xl font-semibold">
              Upcoming shifts (next two weeks)
            </h2>
            {data.upcoming.length === 0 ? (
              <p className="text-ink-muted">No shifts planned yet.</p>
            ) : (
              <div className="grid gap-2 md:grid-cols-2">
                {data.upcoming.map((shift) => (
                  <ShiftCard key={shift.id} shift={shift} showDay />
                ))}
              </div>
            )}
          </section>
        </div>
        <div className="flex flex-col gap-6 self-start">
          <ContactCard planId={plan.id} />
          {/* Issue 30: the team reads and posts the plan's updates on the circle page. */}
          <Link
            to={`/circle/${plan.id}#updates`}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
          >
            <Newspaper aria-hidden="true" className="size-5" /> Updates and help requests
          </Link>
          <section
            aria-labelledby="team-title"
            className="flex flex-col self-start rounded-card border border-line bg-surface p-5"
          >
            <h2 id="team-title" className="mb-3 text-xl font-semibold">
              The team
            </h2>
            <ul className="flex flex-col gap-3">
              {team.map((m) => (
                <li key={m.id} className="flex items-center gap-3">
                  <Avatar name={m.name} photoUrl={m.photoUrl} />
                  <div className="min-w-0">
                    <p className="font-semibold">{m.name}</p>
                    <p className="text-ink-muted">{TEAM_ROLE_LABELS[m.teamRole]}</p>
                  </div>
                  <span className="ml-auto">
                    <MemberStatusPill status={m.status} />
                  </span>
                </li>
              ))}
            </ul>
            {data.myMembership && (
              <Button variant="secondary" className="mt-5 self-start" onClick={() => setLeaving(true)}>
                <LogOut aria-hidden="true" className="size-5" /> Leave the team
              </Button>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

/**
 * One assignment's schedule and medications as two tabs, for the professional's profile hub
 * (issue 20): the same queries and views as the assignment page, in less room.
 */
export function AssignmentTabs({ planId, medications }: { planId: string; medications: ReactNode }) {
  const assignment = useQuery(assignmentQuery(planId));
  const gate = planQueryGate(assignment, {
    loading: 'Loading the assignment...',
    failed: 'The assignment could not load',
    back: { to: '/professional/schedule', label: 'Back to your schedule' },
  });
  if (gate || !assignment.data) return gate;
  const upcoming = assignment.data.upcoming;
  return (
    <Tabs defaultValue="schedule">
      <TabsList aria-label={`${assignment.data.plan.title}: schedule and medications`}>
        <TabsTrigger value="schedule">Schedule</TabsTrigger>
        <TabsTrigger value="medications">Medications</TabsTrigger>
      </TabsList>
      <TabsContent value="schedule">
        {upcoming.length === 0 ? (
          <p className="text-ink-muted">No shifts planned in the next two weeks.</p>
        ) : (
          <div className="grid gap-2 md:grid-cols-2">
            {upcoming.map((shift) => (
              <ShiftCard key={shift.id} shift={shift} showDay />
            ))}
          </div>
        )}
      </TabsContent>
      <TabsContent value="medications">{medications}</TabsContent>
    </Tabs>
  );
}

/**
 * `/professional/assignments/:planId`: a plan as a team member sees it. `medications` is the
 * plan's doses of the day (the medications feature), joined in app/routes.
 */
export function AssignmentPage({ planId, medications }: { planId: string; medications: ReactNode }) {
  return (
    <PageShell>
      <SignedInOnly title="Assignment" description="Sign in to see this care assignment.">
        <AssignmentBody planId={planId} medications={medications} />
      </SignedInOnly>
    </PageShell>
  );
}
