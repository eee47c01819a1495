import { useState } from 'react';
import { canMarkShiftDone, isShiftEditable } from '@tavara/shared/care-plans/permissions';
import { formatPlanShortDay, formatPlanTimeRange } from '@tavara/shared/time/format';
import { Button } from '@/components/ui/button';
import { failedWith } from '@/domain/care-plans/care-ui';
import { membershipOf } from '@/domain/care-plans/plan-access';
import type { PlanDetail, ShiftItem } from '@/domain/care-plans/plan-queries';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useShiftAction } from '../api/shifts-api';
import { AssignShiftDialog, CancelShiftDialog, EditShiftDialog } from './lazy-shift-dialogs';

/** What the plan's owner may do with one shift: assign, make open, mark done, change, cancel. */
export function OwnerShiftActions({ shift, data }: { shift: ShiftItem; data: PlanDetail }) {
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
                {
                  onSuccess: () => toast.success('The shift is open again.'),
                  onError: failedWith('That did not work.'),
                },
              )
            }
          >
            Make open
          </Button>
        )}
        {canDone && <MarkDoneButton shiftId={shift.id} action={action} />}
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

/** A relative on the team may mark a shift done. */
export function RelativeShiftActions({ shift, data }: { shift: ShiftItem; data: PlanDetail }) {
  const { user, role } = useAuth();
  const action = useShiftAction();
  const membership = membershipOf(data);
  if (!canMarkShiftDone({ userId: user?.id ?? '', role }, data.plan, membership, shift)) return null;
  return <MarkDoneButton shiftId={shift.id} action={action} showSaving />;
}

/** Marks a shift done (the owner's and a relative's button; `showSaving`: the label says so while it saves). */
function MarkDoneButton({
  shiftId,
  action,
  showSaving = false,
}: {
  shiftId: string;
  action: ReturnType<typeof useShiftAction>;
  showSaving?: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-disabled={action.isPending || undefined}
      onClick={() =>
        !action.isPending &&
        action.mutate(
          { kind: 'done', shiftId },
          { onSuccess: () => toast.success('Marked done.'), onError: failedWith('That did not work.') },
        )
      }
    >
      {showSaving && action.isPending ? 'Saving...' : 'Mark done'}
    </Button>
  );
}
