import { useQuery } from '@tanstack/react-query';
import { PLAN_STATUS_LABELS } from '@tavara/shared/care-plans/plan-codes';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { CalendarClock, ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelError } from '@/components/query-panel';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { AssignmentTabs } from '@/features/care-team/components/assignment-page';
import { AssignmentMedications } from '@/features/medications/components/assignment-medications';
import { scheduleQuery } from '@/features/shifts/api/shifts-api';
import { PageShell, SignedInOnly } from '@/domain/care-plans/care-ui';
import { MatchingVisibilityCard } from '@/features/matching/components/visibility-card';
import { DocumentsPanel } from '@/features/professional-profile/components/documents-panel';
import { ProfileCard } from '@/features/professional-profile/components/profile-card';
import { TrainingProgressCard } from '@/features/training/components/training-progress-card';
import { useAuth } from '@/lib/auth';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card border border-line bg-surface p-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Active plans and this week's hours, from the same week schedule the Schedule page shows
 * (plans the professional is on; shifts assigned to them), the plans as links to their
 * assignment page, and the selected plan's schedule and medications as tabs.
 */
function AssignmentsAndFigures() {
  const schedule = useQuery(scheduleQuery('week'));
  const [chosen, setChosen] = useState<string | null>(null);
  if (schedule.isPending)
    return (
      <div role="status" className="grid gap-3 sm:grid-cols-2">
        <span className="sr-only">Loading your assignments</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  if (schedule.isError)
    return (
      <PanelError
        title="Your assignments could not be loaded"
        error={schedule.error}
        onRetry={() => void schedule.refetch()}
        retrying={schedule.isFetching}
      />
    );
  const { assignments, shifts } = schedule.data;
  const active = assignments.filter((a) => a.status === 'active').length;
  // Elapsed time between two instants: no calendar arithmetic, so no time-zone pitfalls.
  const minutes = shifts
    .filter((s) => s.mine && s.status !== 'cancelled')
    .reduce((sum, s) => sum + (new Date(s.endsAt).getTime() - new Date(s.startsAt).getTime()) / 60_000, 0);
  const hours = Math.round((minutes / 60) * 10) / 10;
  // The plan whose tabs show: the one chosen, else the first active one.
  const selected =
    (chosen && assignments.some((a) => a.planId === chosen) ? chosen : null) ??
    (assignments.find((a) => a.status === 'active') ?? assignments[0])?.planId ??
    '';
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure label="Active care plans" value={String(active)} />
        <Figure label="Hours scheduled this week" value={String(hours)} />
      </dl>
      <section aria-labelledby="assignments-title" className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="assignments-title" className="flex items-center gap-2 text-xl font-bold">
          <ClipboardList aria-hidden="true" className="size-6 text-professional" /> Your assignments
        </h2>
        {assignments.length === 0 ? (
          <p className="mt-2 text-ink-muted">
            You are not on a care team yet. When a family invites you, the plan appears here.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {assignments.map((a) => (
              <li key={a.planId} className="rounded-card border border-line p-4">
                <Link
                  to={`/professional/assignments/${a.planId}`}
                  className="text-lg font-semibold underline-offset-4 hover:underline"
                >
                  {a.title}
                </Link>
                <p className="text-ink-muted">
                  {a.familyName ?? 'Family'} · {TEAM_ROLE_LABELS[a.teamRole]} · {PLAN_STATUS_LABELS[a.status]}
                </p>
                <p className="mt-1 text-sm text-ink-muted">Schedule and medications on the plan’s page.</p>
              </li>
            ))}
          </ul>
        )}
        {assignments.length > 0 && (
          <div className="mt-5 flex flex-col gap-3 border-t border-line pt-5">
            {assignments.length > 1 && (
              <SelectField
                label="Show the schedule and medications of"
                value={selected}
                onChange={(event) => setChosen(event.target.value)}
                options={assignments.map((a) => ({ value: a.planId, label: a.title }))}
              />
            )}
            <AssignmentTabs
              key={selected}
              planId={selected}
              medications={<AssignmentMedications planId={selected} />}
            />
          </div>
        )}
        <Link
          to="/professional/schedule"
          className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline underline-offset-2"
        >
          <CalendarClock aria-hidden="true" className="size-5" /> Your week’s schedule
        </Link>
      </section>
    </>
  );
}

/** /professional/profile (issue 20): the profile hub, composed from the features it shows. */
export function ProfessionalProfileHub() {
  const auth = useAuth();
  return (
    <PageShell>
      <SignedInOnly title="Professional profile" description="Sign in to see your professional profile.">
        {auth.role !== 'professional' ? (
          <p className="rounded-card border border-line bg-surface p-6">
            This page is for care professionals. Your own dashboard has what your account can do.
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            <h1 className="text-3xl font-bold">Your professional profile</h1>
            <ProfileCard />
            {/* Listed in matching, yes or no, and the switch to change it (issue 19). */}
            <MatchingVisibilityCard role="professional" />
            <AssignmentsAndFigures />
            <TrainingProgressCard />
            <DocumentsPanel />
          </div>
        )}
      </SignedInOnly>
    </PageShell>
  );
}
