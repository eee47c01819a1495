import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { formatPlanShortDay } from '@tavara/shared/time/format';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import type { ShiftItem, TeamMember } from '@/domain/care-plans/plan-queries';
import { FormChoiceGroup, FormTextareaField, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useAddShift, useGenerateShifts, useShiftAction, useShiftStep } from '../api/shifts-api';
import { wasKept } from '@/domain/offline/offline-work';
import { OFFLINE_KEPT_MESSAGE } from '@tavara/shared/offline/offline-work';

// The dialogs' checks come with a form's first use, not with the page: zod stays out of a plan
// page's and the schedule's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadSchemas = () => import('../shift-form-schemas');
const schemas = {
  times: () => loadSchemas().then((m) => m.shiftTimesInputSchema),
  cancel: () => loadSchemas().then((m) => m.shiftCancelInputSchema),
  done: () => loadSchemas().then((m) => m.shiftDoneInputSchema),
  edit: () => loadSchemas().then((m) => m.shiftEditInputSchema),
  assign: () => loadSchemas().then((m) => m.assignFormSchema),
  generate: () => loadSchemas().then((m) => m.generateFormSchema),
};

/** Adds a one-off shift (times in the plan's zone, as `datetime-local` gives them). */
export function AddShiftDialog({
  planId,
  open,
  onOpenChange,
}: {
  planId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddShift(planId);
  const form = useLazyZodForm(schemas.times, { defaultValues: { start: '', end: '', note: '' } });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a one-off shift"
      description="For a visit outside the plan’s usual shifts. Trinidad and Tobago time."
      form={form}
      failure="The shift could not be added. Please try again."
      submitLabel="Add shift"
      onSubmit={async (values) => {
        await add.mutateAsync(values);
        toast.success('Shift added.');
        form.reset();
        onOpenChange(false);
      }}
    >
      <FormTextField control={form.control} name="start" label="Starts" type="datetime-local" required />
      <FormTextField control={form.control} name="end" label="Ends" type="datetime-local" required />
      <FormTextareaField control={form.control} name="note" label="Note" rows={2} />
    </CareFormDialog>
  );
}

/** Cancels a shift with a reason the team sees. */
export function CancelShiftDialog({
  shiftId,
  label,
  open,
  onOpenChange,
}: {
  shiftId: string;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const action = useShiftAction();
  const form = useLazyZodForm(schemas.cancel, { defaultValues: { reason: '' } });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this shift?"
      description={label}
      form={form}
      failure="The shift could not be cancelled. Please try again."
      submitLabel="Cancel shift"
      onSubmit={async (values) => {
        await action.mutateAsync({ kind: 'cancel', shiftId, reason: values.reason });
        toast.success('Shift cancelled.');
        onOpenChange(false);
      }}
    >
      <FormTextareaField control={form.control} name="reason" label="Reason" required rows={2} />
    </CareFormDialog>
  );
}

/** Checks out of a shift with an optional note the family reads (what was done, anything to know). */
export function CheckOutDialog({
  shift,
  label,
  open,
  onOpenChange,
}: {
  shift: { id: string; planId: string };
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const step = useShiftStep();
  const form = useLazyZodForm(schemas.done, { defaultValues: { note: '' } });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Check out of this shift"
      description={label}
      form={form}
      failure="Check-out did not work. Please try again."
      submitLabel="Check out"
      onSubmit={async (values) => {
        const answer = await step.run('check-out', shift, `Check-out: ${label}`, values.note ?? null);
        toast.success(wasKept(answer) ? OFFLINE_KEPT_MESSAGE : 'Checked out. The family sees the shift done.');
        onOpenChange(false);
      }}
    >
      <FormTextareaField
        control={form.control}
        name="note"
        label="A note for the family"
        hint="Optional: what was done, anything they should know."
        rows={3}
      />
    </CareFormDialog>
  );
}

/** Changes a shift's times (in the plan's zone) with a reason the team sees. */
export function EditShiftDialog({
  shift,
  open,
  onOpenChange,
}: {
  shift: ShiftItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const action = useShiftAction();
  const form = useLazyZodForm(schemas.edit, {
    defaultValues: { start: shift.start, end: shift.end, reason: '' },
  });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change this shift"
      description="Trinidad and Tobago time. The team sees the reason."
      form={form}
      failure="The shift could not be changed. Please try again."
      submitLabel="Save changes"
      onSubmit={async (values) => {
        await action.mutateAsync({ kind: 'edit', shiftId: shift.id, ...values });
        toast.success('Shift changed.');
        onOpenChange(false);
      }}
    >
      <FormTextField control={form.control} name="start" label="Starts" type="datetime-local" required />
      <FormTextField control={form.control} name="end" label="Ends" type="datetime-local" required />
      <FormTextareaField control={form.control} name="reason" label="Reason" required rows={2} />
    </CareFormDialog>
  );
}

const MODE_CHOICES = [
  { id: 'assign', label: 'Assign it now', subtext: 'The shift is theirs at once' },
  { id: 'offer', label: 'Offer it to them', subtext: 'It is theirs once they take it' },
];

/**
 * Gives a shift to one caregiver on the team: assigned at once, or offered for them to take. For a
 * shift someone already has it is an explicit reassign; otherwise the server refuses to replace a
 * person who took the shift meanwhile, and says who, beside the field.
 */
export function AssignShiftDialog({
  shift,
  label,
  members,
  open,
  onOpenChange,
}: {
  shift: ShiftItem;
  label: string;
  members: TeamMember[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const action = useShiftAction();
  const reassign = shift.status === 'assigned';
  const form = useLazyZodForm(schemas.assign, {
    defaultValues: { userId: shift.assigneeId ?? shift.offeredToId ?? '', mode: 'assign' },
  });
  const choices = members.map((m) => ({
    id: m.userId!,
    label: m.name ?? 'Team member',
    subtext: TEAM_ROLE_LABELS[m.teamRole],
  }));
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={reassign ? 'Reassign this shift' : 'Assign this shift'}
      description={reassign ? `${label}. ${shift.assigneeName ?? 'Someone'} has it now.` : label}
      form={form}
      failure="The shift could not be assigned. Please try again."
      submitLabel={reassign ? 'Reassign' : 'Save'}
      onSubmit={async (values) => {
        await action.mutateAsync({ kind: 'assign', shiftId: shift.id, ...values, reassign });
        toast.success(values.mode === 'offer' ? 'Shift offered.' : 'Shift assigned.');
        onOpenChange(false);
      }}
    >
      <FormChoiceGroup control={form.control} name="userId" legend="Caregiver" choices={choices} required />
      <FormChoiceGroup control={form.control} name="mode" legend="How" choices={MODE_CHOICES} required />
    </CareFormDialog>
  );
}

/** Makes the plan's shifts for a chosen range (the server's default: the next 4 weeks). */
export function GenerateShiftsDialog({
  planId,
  range,
  open,
  onOpenChange,
}: {
  planId: string;
  range: { from: string; to: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const generate = useGenerateShifts(planId);
  const form = useLazyZodForm(schemas.generate, { defaultValues: range });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Make shifts from the plan"
      description="Shifts already made are kept as they are; only missing ones are added. Up to 92 days at a time."
      form={form}
      failure="The shifts could not be made. Please try again."
      submitLabel="Make shifts"
      onSubmit={async (values) => {
        const { generateShiftsInputSchema } = await loadSchemas();
        const r = await generate.mutateAsync(generateShiftsInputSchema.parse(values));
        toast.success(
          r.created > 0
            ? `${r.created} shifts made for ${formatPlanShortDay(r.from)} – ${formatPlanShortDay(r.to)}.`
            : 'All shifts for those dates are already there.',
        );
        onOpenChange(false);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="from" label="From" type="date" required />
        <FormTextField control={form.control} name="to" label="To" type="date" required />
      </div>
    </CareFormDialog>
  );
}
