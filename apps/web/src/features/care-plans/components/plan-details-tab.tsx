import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  PLAN_STATUSES,
  PLAN_STATUS_LABELS,
  PLAN_TYPE_LABELS,
  type PlanStatus,
} from '@tavara/shared/care-plans/plan-codes';
import { coverageSummary } from '@tavara/shared/care-plans/display';
import { formatPlanLongDay } from '@tavara/shared/time/format';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { failedWith } from '@/domain/care-plans/care-ui';
import { isPlanOwner } from '@/domain/care-plans/plan-access';
import type { PlanDetail } from '@/domain/care-plans/plan-queries';
import { toast } from '@/lib/toast';
import { useArchivePlan, useRestorePlan, useSetPlanStatus } from '../api/care-plans-api';

/** The plan's facts, and for its owner: edit, status, archive or restore. */
export function PlanDetailsTab({ data }: { data: PlanDetail }) {
  const { plan } = data;
  const isOwner = isPlanOwner(data);
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
                onError: failedWith('The status could not be changed.'),
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
                  onError: failedWith('The plan could not be restored.'),
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
                        onError: failedWith('The plan could not be removed.'),
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
