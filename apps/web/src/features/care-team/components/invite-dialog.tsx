import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  invitationSavedMessage,
  PROFESSIONAL_TEAM_ROLES,
  TEAM_ROLE_LABELS,
} from '@tavara/shared/care-team/team-members';
import type { InvitationInput } from '@tavara/shared/care-team/care-team';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/years-of-experience';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { FormChoiceGroup, FormTextareaField, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TrainingCompletedBadge } from '@/components/ui/training-completed-badge';
import { toast } from '@/lib/toast';
import { professionalSearchQuery, useInvite } from '../api/care-team-api';

// The schema comes with the form's first use, not with the page: zod stays out of a signed-in
// page's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadInvitationSchema = () => import('@tavara/shared/care-team/care-team').then((m) => m.invitationInputSchema);

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
  const form = useLazyZodForm(loadInvitationSchema, {
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
  const search = useQuery({
    ...professionalSearchQuery(q.trim(), region.trim(), careType),
    enabled: open && kind === 'professional' && searching,
  });
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
        toast.success(invitationSavedMessage(result));
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
            <legend className="float-left w-full font-semibold">Find a registered professional</legend>
            <div className="clear-both grid gap-3 sm:grid-cols-2">
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
