import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PROFESSIONAL_TEAM_ROLES, TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import type { ProfessionalCard } from '@tavara/shared/matching/matching';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form, FormChoiceGroup, FormField, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { RequestError } from '@/lib/request-error';
import { toast } from '@/lib/toast';
import { ownPlansQuery, useInviteToPlan } from '../api/matching-api';

const PLAN_REQUIRED = 'Choose the care plan to invite them to.';
const inviteSchema = z.object({
  planId: z.string({ message: PLAN_REQUIRED }).min(1, PLAN_REQUIRED),
  teamRole: z.enum(PROFESSIONAL_TEAM_ROLES),
});
/** A plan of the family's that a professional can be invited to. */
type OwnPlan = { id: string; title: string; recipientName: string };

/**
 * "Invite to my care team": the care plan's own invitation (the professional accepts or declines
 * on their side). One plan: it is named; several: the family picks; none: we say how to make one.
 */
export function InviteDialog({
  viewer,
  professional,
  onClose,
  onInvited,
}: {
  viewer: string;
  professional: ProfessionalCard;
  onClose: () => void;
  onInvited: () => void;
}) {
  const plans = useQuery(ownPlansQuery(viewer));
  const list = plans.data ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Invite {professional.displayName} to your care team</DialogTitle>
        {plans.isPending ? (
          <div role="status" className="mt-4 flex flex-col gap-2">
            <span className="sr-only">Loading your care plans</span>
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : plans.isError ? (
          <p role="alert" className="mt-4 text-danger">
            Your care plans could not be loaded. Please close this and try again.
          </p>
        ) : list.length === 0 ? (
          <>
            <DialogDescription className="mt-2">
              A professional joins a family’s care team through a care plan, and you have none yet. Create one — it
              takes a minute — then come back and invite {professional.displayName}.
            </DialogDescription>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
              <Button asChild>
                <Link to="/family/care-management/create">Create a care plan</Link>
              </Button>
            </div>
          </>
        ) : (
          <InviteForm plans={list} professional={professional} onClose={onClose} onInvited={onInvited} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The plan (named when there is one) and their role; a refusal from the server is said under the form. */
function InviteForm({
  plans,
  professional,
  onClose,
  onInvited,
}: {
  plans: readonly OwnPlan[];
  professional: ProfessionalCard;
  onClose: () => void;
  onInvited: () => void;
}) {
  const invite = useInviteToPlan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useZodForm(inviteSchema, {
    defaultValues: { planId: plans.length === 1 ? plans[0]!.id : undefined, teamRole: 'caregiver' },
  });
  return (
    <Form
      form={form}
      className="mt-2"
      onSubmit={async ({ planId, teamRole }) => {
        if (invite.isPending) return;
        setRefusal(null);
        try {
          await invite.mutateAsync({ planId, professionalId: professional.id, teamRole });
          toast.success(`Invitation sent to ${professional.displayName}.`);
          onInvited();
          onClose();
        } catch (e) {
          setRefusal(e instanceof RequestError ? e.message : 'The invitation could not be sent.');
        }
      }}
    >
      <DialogDescription>
        They get the care plan’s invitation and join the team once they accept. Nobody is added without accepting.
      </DialogDescription>
      {plans.length === 1 ? (
        <p className="mt-4">
          Care plan: <strong>{plans[0]!.title}</strong>
        </p>
      ) : (
        <FormChoiceGroup
          control={form.control}
          name="planId"
          legend="Which care plan?"
          className="mt-4"
          choices={plans.map((plan) => ({ id: plan.id, label: plan.title, subtext: `for ${plan.recipientName}` }))}
        />
      )}
      <FormField
        control={form.control}
        name="teamRole"
        label="Their role on the team"
        className="mt-4"
        render={({ control, field }) => (
          <select
            {...control}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
          >
            {PROFESSIONAL_TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {TEAM_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      />
      {refusal && (
        <p role="alert" className="mt-3 text-danger">
          {refusal}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={invite.isPending || undefined}>
          {invite.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          Send invitation
        </Button>
      </div>
    </Form>
  );
}
