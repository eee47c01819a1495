import { useEffect, useState } from 'react';
import { z } from 'zod';
import { CARE_PLAN_MESSAGES } from '@tavara/shared/care-plans/care-plans';
import {
  PROFESSIONAL_TEAM_ROLES,
  invitationInputSchema,
  TEAM_ROLE_LABELS,
  type InvitationInput,
} from '@tavara/shared/care-team/care-team';
import {
  generateShiftsInputSchema,
  shiftCancelInputSchema,
  shiftDoneInputSchema,
  shiftEditInputSchema,
  shiftTimesInputSchema,
} from '@tavara/shared/shifts/shifts';
import { isoDateSchema } from '@tavara/shared/time/date-params';
import { formatPlanShortDay } from '@tavara/shared/time/format';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/years-of-experience';
import { FormChoiceGroup, FormTextareaField, FormTextField, useZodForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TrainingCompletedBadge } from '@/components/ui/training-completed-badge';
import { toast } from '@/lib/toast';
import {
  useAddShift,
  useGenerateShifts,
  useInvite,
  useProfessionalSearch,
  useShiftAction,
  type ShiftItem,
  type TeamMember,
} from '../api/care-plans-api';
import { CareFormDialog } from './care-dialog';

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
  const form = useZodForm(shiftTimesInputSchema, { defaultValues: { start: '', end: '', note: '' } });
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
  const form = useZodForm(shiftCancelInputSchema, { defaultValues: { reason: '' } });
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

const ROLE_CHOICES = PROFESSIONAL_TEAM_ROLES.map((role) => ({ id: role, label: TEAM_ROLE_LABELS[role] }));
const KIND_CHOICES = [
  {
    id: 'professional',
    label: 'A care professional',
    subtext: 'Registered on Tavara, or invited by e-mail to sign up',
  },
  { id: 'family', label: 'A relative', subtext: 'They see the plan and can mark shifts done' },
];

/**
 * Invites someone to the team: a registered professional found by name, region and care type, or
 * anyone by e-mail (a sign-up link). Nobody joins without accepting.
 */
export function InviteDialog({
  planId,
  open,
  onOpenChange,
}: {
  planId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInvite(planId);
  const form = useZodForm(invitationInputSchema, {
    defaultValues: {
      kind: 'professional',
      professionalId: undefined,
      email: '',
      teamRole: 'caregiver',
      note: '',
    } as InvitationInput,
  });
  const kind = form.watch('kind');
  const [q, setQ] = useState('');
  const [region, setRegion] = useState('');
  const [careType, setCareType] = useState('');
  const searching = q.trim().length >= 2 || region.trim().length >= 2 || careType !== '';
  const search = useProfessionalSearch(q.trim(), region.trim(), careType, open && kind === 'professional' && searching);
  const results = search.data?.professionals ?? [];
  // A professional chosen earlier but no longer listed is let go, so nobody off screen is invited.
  const chosen = form.watch('professionalId');
  const chosenGone = Boolean(chosen && search.data && !results.some((p) => p.id === chosen));
  useEffect(() => {
    if (chosenGone) form.setValue('professionalId', undefined);
  }, [chosenGone, form]);

  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite to the care team"
      description="They join only once they accept."
      form={form}
      summary
      failure="The invitation could not be sent. Please try again."
      submitLabel="Send invitation"
      onSubmit={async (values) => {
        const json = {
          ...values,
          ...(values.kind === 'family' ? { teamRole: 'family_member' as const, professionalId: undefined } : {}),
        };
        if (json.professionalId) delete (json as { email?: string }).email;
        const result = await invite.mutateAsync(json as InvitationInput);
        toast.success(
          result.emailed
            ? 'Invitation sent.'
            : result.mailedRecently
              ? 'Invitation saved. They were e-mailed about this plan in the last 24 hours, so no new e-mail was sent; they will see it when they sign in.'
              : 'Invitation saved. The e-mail could not be sent; they will see it when they sign in.',
        );
        form.reset();
        onOpenChange(false);
      }}
    >
      <FormChoiceGroup
        control={form.control}
        name="kind"
        legend="Who are you inviting?"
        choices={KIND_CHOICES}
        required
      />
      {kind === 'professional' && (
        <>
          <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3">
            <legend className="px-1 font-semibold">Find a registered professional</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Name" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
              <TextField
                label="Region"
                value={region}
                onChange={(e) => setRegion(e.target.value)}
                placeholder="e.g., Arima"
                autoComplete="off"
              />
              <SelectField
                label="Care type"
                className="sm:col-span-2"
                value={careType}
                onChange={(e) => setCareType(e.target.value)}
                options={[
                  { value: '', label: 'Any care type' },
                  ...CARE_TYPE_OPTIONS.map((o) => ({ value: o.code, label: o.label })),
                ]}
              />
            </div>
            {searching && search.isFetching && (
              <p role="status" className="text-ink-muted">
                Searching...
              </p>
            )}
            {searching && search.isError && (
              <p role="alert" className="text-danger">
                The search did not work. Check your connection and try again.
              </p>
            )}
            {results.length > 0 && (
              <FormChoiceGroup
                control={form.control}
                name="professionalId"
                legend="Professionals"
                choices={results.map((p) => ({
                  id: p.id,
                  label: p.name,
                  subtext: [
                    p.location,
                    p.yearsExperience
                      ? `${getCodeLabel(YEARS_OF_EXPERIENCE_OPTIONS, p.yearsExperience) ?? p.yearsExperience} experience`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · '),
                  badge: p.trainingCompleted ? <TrainingCompletedBadge /> : undefined,
                }))}
              />
            )}
            {search.isSuccess && results.length === 0 && (
              <p className="text-ink-muted">Nobody matches yet. You can invite them by e-mail below.</p>
            )}
          </fieldset>
          <FormChoiceGroup
            control={form.control}
            name="teamRole"
            legend="Their role on the team"
            choices={ROLE_CHOICES}
            required
          />
        </>
      )}
      <FormTextField
        control={form.control}
        name="email"
        label={kind === 'professional' ? 'Or invite by e-mail' : 'Their e-mail'}
        type="email"
      />
      <FormTextareaField control={form.control} name="note" label="A note for them" rows={2} />
    </CareFormDialog>
  );
}

/** Checks out of a shift with an optional note the family reads (what was done, anything to know). */
export function CheckOutDialog({
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
  const form = useZodForm(shiftDoneInputSchema, { defaultValues: { note: '' } });
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
        await action.mutateAsync({ kind: 'check-out', shiftId, note: values.note });
        toast.success('Checked out. The family sees the shift done.');
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
  const form = useZodForm(shiftEditInputSchema, {
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

const assignFormSchema = z.object({
  userId: z.string({ message: 'Choose a team member.' }).min(1, 'Choose a team member.'),
  mode: z.enum(['assign', 'offer']),
});
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
  const form = useZodForm(assignFormSchema, {
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

const generateFormSchema = z.object({ from: isoDateSchema, to: isoDateSchema }).superRefine((range, ctx) => {
  if (range.to < range.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: CARE_PLAN_MESSAGES.endBeforeStart });
  }
});

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
  const form = useZodForm(generateFormSchema, { defaultValues: range });
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
