import { CareDetailsPanel } from './care-details-panel';
import { AlertTriangle, CalendarPlus, ChevronLeft, ChevronRight, Pencil, Pill, Plus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  PLAN_STATUSES,
  PLAN_STATUS_LABELS,
  PLAN_TYPE_LABELS,
  type PlanStatus,
} from '@tavara/shared/care-plans/care-plans';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/care-team';
import { coverageSummary, gapLabel } from '@tavara/shared/care-plans/display';
import { formatPlanLongDay, formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { canMarkShiftDone, isShiftEditable } from '@tavara/shared/care-plans/permissions';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import {
  useArchivePlan,
  useEndMembership,
  usePlan,
  useRestorePlan,
  useSetPlanStatus,
  useShiftAction,
  type PlanDetail,
  type ShiftItem,
  type TeamMember,
} from '../api/care-plans-api';
import { Avatar, MemberStatusPill, PageShell, PlanStatusPill, SignedInOnly, planQueryGate } from './care-ui';
import { ShiftCard } from './shift-card';
import {
  AddShiftDialog,
  AssignShiftDialog,
  CancelShiftDialog,
  EditShiftDialog,
  GenerateShiftsDialog,
  InviteDialog,
} from './shift-dialogs';

const TABS = ['details', 'care', 'team', 'schedule'] as const;
type Tab = (typeof TABS)[number];

const failed = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : fallback);

function DetailsTab({ data }: { data: PlanDetail }) {
  const { plan } = data;
  const isOwner = data.access === 'owner';
  const setStatus = useSetPlanStatus(plan.id);
  const archive = useArchivePlan(plan.id);
  const restore = useRestorePlan(plan.id);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const rows: Array<[string, string]> = [
    ['Receiving care', plan.recipientName],
    ['Plan type', PLAN_TYPE_LABELS[plan.planType]],
    ['Weekday coverage', coverageSummary(plan.weekdayCoverage)],
    ['Weekend coverage', coverageSummary(plan.weekendCoverage)],
    ['Extra shifts', coverageSummary(plan.extraShifts)],
    ['Dates', `${formatPlanLongDay(plan.startDate)} – ${plan.endDate ? formatPlanLongDay(plan.endDate) : 'ongoing'}`],
  ];
  if (plan.customHours) rows.push(['Custom hours', plan.customHours]);
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="plan-facts" className="rounded-card border border-line bg-surface p-5">
        <h2 id="plan-facts" className="text-xl font-semibold">
          About this plan
        </h2>
        {plan.description && <p className="mt-2">{plan.description}</p>}
        <dl className="mt-4 grid gap-3">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-1 sm:grid-cols-[12rem_1fr]">
              <dt className="text-ink-muted">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {plan.notes && (
          <>
            <h3 className="mt-6 font-semibold">Notes for the team</h3>
            <p className="mt-1 whitespace-pre-line">{plan.notes}</p>
          </>
        )}
      </section>
      {isOwner && (
        <section
          aria-labelledby="plan-manage"
          className="flex flex-col gap-4 rounded-card border border-line bg-surface p-5"
        >
          <h2 id="plan-manage" className="text-xl font-semibold">
            Manage
          </h2>
          <Button asChild variant="secondary">
            <Link to={`/family/care-management/create/${plan.id}`}>
              <Pencil aria-hidden="true" className="size-5" /> Edit plan
            </Link>
          </Button>
          <SelectField
            label="Status"
            value={setStatus.isPending ? setStatus.variables : plan.status}
            aria-disabled={setStatus.isPending || undefined}
            options={PLAN_STATUSES.map((s) => ({ value: s, label: PLAN_STATUS_LABELS[s] }))}
            onChange={(e) =>
              !setStatus.isPending &&
              setStatus.mutate(e.target.value as PlanStatus, {
                onSuccess: () => toast.success('Status changed.'),
                onError: failed('The status could not be changed.'),
              })
            }
          />
          {plan.archivedAt ? (
            <Button
              variant="secondary"
              aria-disabled={restore.isPending || undefined}
              onClick={() =>
                !restore.isPending &&
                restore.mutate(undefined, {
                  onSuccess: () => toast.success('Plan restored.'),
                  onError: failed('The plan could not be restored.'),
                })
              }
            >
              {restore.isPending ? 'Restoring...' : 'Restore plan'}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirm(true)}>
              Archive or delete
            </Button>
          )}
          <AlertDialog open={confirm} onOpenChange={setConfirm}>
            <AlertDialogContent>
              <AlertDialogTitle>Remove this plan?</AlertDialogTitle>
              <AlertDialogDescription className="mt-2">
                A plan without shifts is deleted. A plan with shifts is archived: its history stays and you can restore
                it.
              </AlertDialogDescription>
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <AlertDialogCancel asChild>
                  <Button variant="secondary">Keep it</Button>
                </AlertDialogCancel>
                <AlertDialogAction asChild>
                  <Button
                    onClick={() =>
                      archive.mutate(undefined, {
                        onSuccess: (r) => {
                          toast.success(r.deleted ? 'Plan deleted.' : 'Plan archived.');
                          if (r.deleted) void navigate('/family/care-management');
                        },
                        onError: failed('The plan could not be removed.'),
                      })
                    }
                  >
                    Remove plan
                  </Button>
                </AlertDialogAction>
              </div>
            </AlertDialogContent>
          </AlertDialog>
        </section>
      )}
    </div>
  );
}

function TeamTab({ data }: { data: PlanDetail }) {
  const { user } = useAuth();
  const isOwner = data.access === 'owner';
  const [inviting, setInviting] = useState(false);
  const [ending, setEnding] = useState<TeamMember | null>(null);
  const end = useEndMembership(data.plan.id);
  const live = data.team.filter((m) => m.status === 'accepted' || m.status === 'invited');
  const history = data.team.filter((m) => m.status !== 'accepted' && m.status !== 'invited');
  const self = ending?.userId === user?.id;
  const row = (m: TeamMember) => (
    <li
      key={m.id}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-3"
    >
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={m.name ?? m.email} photoUrl={m.photoUrl} />
        <div className="min-w-0">
          <p className="font-semibold break-words">{m.name ?? m.email ?? 'Invited by e-mail'}</p>
          <p className="text-ink-muted">{TEAM_ROLE_LABELS[m.teamRole]}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <MemberStatusPill status={m.status} />
        {(m.status === 'accepted' || m.status === 'invited') && (isOwner || m.userId === user?.id) && (
          <Button size="sm" variant="secondary" onClick={() => setEnding(m)}>
            {m.userId === user?.id ? 'Leave the team' : m.status === 'invited' ? 'Withdraw' : 'Remove'}
          </Button>
        )}
      </div>
    </li>
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Care team</h2>
        {isOwner && (
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-5" /> Invite someone
          </Button>
        )}
      </div>
      {live.length === 0 ? (
        <p className="text-ink-muted">Nobody is on the team yet. Invite a professional or a relative.</p>
      ) : (
        <ul className="flex flex-col gap-2">{live.map(row)}</ul>
      )}
      {history.length > 0 && (
        <section aria-labelledby="team-history">
          <h3 id="team-history" className="mb-2 font-semibold">
            Earlier
          </h3>
          <ul className="flex flex-col gap-2">{history.map(row)}</ul>
        </section>
      )}
      {isOwner && <InviteDialog planId={data.plan.id} open={inviting} onOpenChange={setInviting} />}
      <AlertDialog open={ending !== null} onOpenChange={(open) => !open && setEnding(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>
            {self ? 'Leave this care team?' : `Remove ${ending?.name ?? ending?.email ?? 'this person'}?`}
          </AlertDialogTitle>
          <AlertDialogDescription className="mt-2">
            Their upcoming shifts on this plan become open again. The team’s history keeps a record.
          </AlertDialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                onClick={() =>
                  ending &&
                  end.mutate(ending.id, {
                    onSuccess: (r) =>
                      toast.success(
                        r.reopenedShifts > 0 ? `Done. ${r.reopenedShifts} shift(s) are open again.` : 'Done.',
                      ),
                    onError: failed('That did not work. Please try again.'),
                  })
                }
              >
                {self ? 'Leave' : 'Remove'}
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function OwnerShiftActions({ shift, data }: { shift: ShiftItem; data: PlanDetail }) {
  const { user, role } = useAuth();
  const action = useShiftAction();
  const [dialog, setDialog] = useState<'assign' | 'edit' | 'cancel' | null>(null);
  const pros = data.team.filter((m) => m.status === 'accepted' && m.kind === 'professional' && m.userId);
  const self = { userId: user?.id ?? '', role };
  const editable = isShiftEditable(shift);
  const canDone = canMarkShiftDone(self, data.plan, null, shift);
  if (!editable && !canDone) return null;
  const label = `${formatPlanShortDay(shift.start)}, ${formatPlanTimeRange(shift.start, shift.end)}`;
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <div className="flex flex-wrap items-end gap-2">
        {editable && pros.length > 0 && (
          <Button size="sm" variant="secondary" onClick={() => setDialog('assign')}>
            {shift.status === 'assigned' ? 'Reassign' : 'Assign'}
          </Button>
        )}
        {editable && shift.status !== 'open' && (
          <Button
            size="sm"
            variant="ghost"
            aria-disabled={action.isPending || undefined}
            onClick={() =>
              !action.isPending &&
              action.mutate(
                { kind: 'assign', shiftId: shift.id, userId: null, reassign: true },
                { onSuccess: () => toast.success('The shift is open again.'), onError: failed('That did not work.') },
              )
            }
          >
            Make open
          </Button>
        )}
        {canDone && (
          <Button
            size="sm"
            variant="secondary"
            aria-disabled={action.isPending || undefined}
            onClick={() =>
              !action.isPending &&
              action.mutate(
                { kind: 'done', shiftId: shift.id },
                { onSuccess: () => toast.success('Marked done.'), onError: failed('That did not work.') },
              )
            }
          >
            Mark done
          </Button>
        )}
        {editable && (
          <>
            <Button size="sm" variant="ghost" onClick={() => setDialog('edit')}>
              Change
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDialog('cancel')}>
              Cancel shift
            </Button>
          </>
        )}
      </div>
      {dialog === 'assign' && (
        <AssignShiftDialog shift={shift} label={label} members={pros} open onOpenChange={close} />
      )}
      {dialog === 'edit' && <EditShiftDialog shift={shift} open onOpenChange={close} />}
      <CancelShiftDialog shiftId={shift.id} label={label} open={dialog === 'cancel'} onOpenChange={close} />
    </>
  );
}

function RelativeShiftActions({ shift, data }: { shift: ShiftItem; data: PlanDetail }) {
  const { user, role } = useAuth();
  const action = useShiftAction();
  const membership = data.myMembership ? { status: 'accepted' as const, kind: data.myMembership.kind } : null;
  if (!canMarkShiftDone({ userId: user?.id ?? '', role }, data.plan, membership, shift)) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-disabled={action.isPending || undefined}
      onClick={() =>
        !action.isPending &&
        action.mutate(
          { kind: 'done', shiftId: shift.id },
          { onSuccess: () => toast.success('Marked done.'), onError: failed('That did not work.') },
        )
      }
    >
      {action.isPending ? 'Saving...' : 'Mark done'}
    </Button>
  );
}

/**
 * `loading` is true while another week is being fetched and the last one is still on screen: its
 * shifts are dimmed and inert then, so nobody opens a dialog on a shift that is about to vanish.
 */
function ScheduleTab({
  data,
  setWeek,
  loading,
}: {
  data: PlanDetail;
  setWeek: (week: string) => void;
  loading: boolean;
}) {
  const isOwner = data.access === 'owner';
  const isRelative = data.myMembership?.kind === 'family';
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
        {/* Phones: an agenda, one day per row. */}
        <ol className="flex flex-col gap-4 md:hidden" aria-label="This week, day by day">
          {byDay
            .filter((d) => d.shifts.length > 0)
            .map(({ day, shifts }) => (
              <li key={day}>
                <h3 className="mb-2 font-semibold">{formatPlanLongDay(day)}</h3>
                <div className="flex flex-col gap-2">
                  {shifts.map((shift) => (
                    <ShiftCard key={shift.id} shift={shift} actions={actionsFor(shift)} />
                  ))}
                </div>
              </li>
            ))}
        </ol>
        {/* Wide screens: the week as a grid of seven days. */}
        {/* A list of days (each named by its heading): not sections with a list role, which axe
            reports as aria-allowed-role (issue 31). */}
        <ul className="hidden gap-2 md:grid md:grid-cols-7" aria-label="This week">
          {byDay.map(({ day, shifts }) => (
            <li
              key={day}
              aria-label={formatPlanLongDay(day)}
              className={day === week.today ? 'rounded-lg bg-brand-soft p-1' : 'p-1'}
            >
              <h3 className="mb-2 text-center font-semibold">{formatPlanShortDay(day)}</h3>
              <div className="flex flex-col gap-2">
                {shifts.map((shift) => (
                  <ShiftCard key={shift.id} shift={shift} compact actions={actionsFor(shift)} />
                ))}
              </div>
            </li>
          ))}
        </ul>
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

function PlanBody({ planId }: { planId: string }) {
  const [params, setParams] = useSearchParams();
  const week = params.get('week') ?? undefined;
  const plan = usePlan(planId, week);
  const tabParam = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'details';
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  };
  const gate = planQueryGate(plan, {
    loading: 'Loading the care plan...',
    failed: 'The care plan could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !plan.data) return gate;
  const data = plan.data;
  return (
    <>
      <header className="mb-6 border-l-8 border-family pl-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data.plan.title}</h1>
          <PlanStatusPill status={data.plan.status} archived={data.plan.archivedAt !== null} />
        </div>
        <p className="mt-1 text-lg text-ink-muted">
          For {data.plan.recipientName}
          {data.access !== 'owner' && data.familyName ? ` · organised by ${data.familyName}` : ''}
        </p>
        <Link
          to={`/family/care-management/${planId}/medications`}
          className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
        >
          <Pill aria-hidden="true" className="size-5" /> Medications
        </Link>
      </header>
      <Tabs value={tab} onValueChange={(value) => update({ tab: value })}>
        {/* One row of tabs at every width (issue 31): the medications page is a page of its own,
            linked beside the plan's name, so it no longer pushes the tabs onto a second row. */}
        <TabsList aria-label="Care plan sections">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="care">Care details</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="schedule">Schedule</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <DetailsTab data={data} />
        </TabsContent>
        <TabsContent value="care">
          <CareDetailsPanel planId={data.plan.id} isOwner={data.access === 'owner'} />
        </TabsContent>
        <TabsContent value="team">
          <TeamTab data={data} />
        </TabsContent>
        <TabsContent value="schedule">
          <ScheduleTab
            data={data}
            loading={plan.isPlaceholderData}
            setWeek={(w) => update({ week: w, tab: 'schedule' })}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}

/** `/family/care-management/:id`: one plan, its team and its shifts, tabs following `?tab=`. */
export function CarePlanDetailPage({ planId }: { planId: string }) {
  return (
    <PageShell>
      <SignedInOnly title="Care plan" description="Sign in to see this care plan.">
        <PlanBody planId={planId} />
      </SignedInOnly>
    </PageShell>
  );
}
