import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { HELP_KIND_LABELS, HELP_KINDS } from '@tavara/shared/care-circle/circle-codes';
import {
  circleInvitationInputSchema,
  helpCancelInputSchema,
  helpRequestInputSchema,
  type CircleInvitationInput,
  type HelpRequestInput,
} from '@tavara/shared/care-circle/care-circle';
import { invitationSavedMessage } from '@tavara/shared/care-team/team-members';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { FormField, FormTextareaField, FormTextField, useZodForm } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useCancelSignup, useInviteToCircle, usePostHelpRequest } from '../api/care-circle-api';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invites a relative, friend or neighbour to the circle by e-mail (any account role, or none yet). */
export function CircleInviteDialog({ planId, open, onOpenChange }: DialogProps & { planId: string }) {
  const invite = useInviteToCircle(planId);
  const form = useZodForm(circleInvitationInputSchema, {
    defaultValues: { email: '', note: '' } as CircleInvitationInput,
  });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite to the care circle"
      description="Relatives, friends and neighbours who help. They see your help requests, never medications or care details. They join only once they accept."
      form={form}
      failure="The invitation could not be sent. Please try again."
      submitLabel="Send invitation"
      onSubmit={async (values) => {
        const result = await invite.mutateAsync(values);
        toast.success(invitationSavedMessage(result));
        form.reset();
        onOpenChange(false);
      }}
    >
      <FormTextField control={form.control} name="email" label="Their e-mail" type="email" required />
      <FormTextareaField control={form.control} name="note" label="A note for them" rows={2} />
    </CareFormDialog>
  );
}

const emptyRequest = (): HelpRequestInput => ({
  kind: 'meal',
  title: '',
  start: '',
  end: '',
  place: '',
  notes: '',
  helpersNeeded: 1,
  clientKey: crypto.randomUUID(),
});

/** Posts a help request; times are the plan's (Trinidad and Tobago unless the plan says otherwise). */
export function HelpRequestDialog({ planId, open, onOpenChange }: DialogProps & { planId: string }) {
  const post = usePostHelpRequest(planId);
  const form = useZodForm(helpRequestInputSchema, { defaultValues: emptyRequest() });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Ask for help"
      description="Your care circle sees the request and signs up. The place is shown only to the people who sign up."
      form={form}
      summary
      failure="The request could not be posted. Please try again."
      submitLabel="Post request"
      onSubmit={async (values) => {
        await post.mutateAsync(values);
        toast.success('Request posted. Your circle can sign up now.');
        // A new key for the next request; the same key would be taken as a retry of this one.
        form.reset(emptyRequest());
        onOpenChange(false);
      }}
    >
      <FormField
        control={form.control}
        name="kind"
        label="Kind of help"
        required
        render={({ control, field }) => (
          <div className="relative">
            <select
              {...control}
              name={field.name}
              value={field.value as string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              className="min-h-11 w-full appearance-none rounded-lg border border-line-strong bg-surface pr-10 pl-3 text-base text-ink"
            >
              {HELP_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {HELP_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted"
            />
          </div>
        )}
      />
      <FormTextField
        control={form.control}
        name="title"
        label="What is needed"
        placeholder="e.g., Ride to the clinic"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="start" label="From" type="datetime-local" required />
        <FormTextField control={form.control} name="end" label="Until" type="datetime-local" required />
      </div>
      <FormTextField
        control={form.control}
        name="helpersNeeded"
        label="Helpers needed"
        type="number"
        inputMode="numeric"
        min={1}
        max={10}
        required
      />
      <FormTextField
        control={form.control}
        name="place"
        label="Place"
        hint="An address; only the people who sign up see it."
      />
      <FormTextareaField control={form.control} name="notes" label="Notes for the helpers" rows={3} />
    </CareFormDialog>
  );
}

/** A helper cancels their sign-up, with a note for the family. */
export function CancelSignupDialog({
  signupId,
  label,
  open,
  onOpenChange,
}: DialogProps & { signupId: string; label: string }) {
  const cancel = useCancelSignup();
  const form = useZodForm(helpCancelInputSchema, { defaultValues: { note: '' } });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel your sign-up?"
      description={`For ${label}. The family is told, with your note, and your place opens for someone else.`}
      form={form}
      failure="That did not work. Please try again."
      submitLabel="Cancel my sign-up"
      onSubmit={async (values) => {
        await cancel.mutateAsync({ signupId, note: values.note ?? '' });
        toast.success('Your sign-up is cancelled. The family was told.');
        onOpenChange(false);
      }}
    >
      <FormTextareaField control={form.control} name="note" label="A note for the family" rows={2} />
    </CareFormDialog>
  );
}

/** Mounted only while open, so each opening starts fresh. */
export function useDialog<T>() {
  const [value, setValue] = useState<T | null>(null);
  return { value, open: (v: T) => setValue(v), close: () => setValue(null) };
}
