import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PROFESSIONAL_TEAM_ROLES, TEAM_ROLE_LABELS, type TeamRole } from '@tavara/shared/care-team/care-team';
import type { ProfessionalCard } from '@tavara/shared/matching/matching';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SelectField } from '@/components/ui/select-field';
import { RequestError } from '@/lib/request-error';
import { toast } from '@/lib/toast';
import { useInviteToPlan, useOwnPlans } from '../api/matching-api';

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
  const plans = useOwnPlans(viewer, true);
  const invite = useInviteToPlan();
  const [planId, setPlanId] = useState<string | null>(null);
  const [teamRole, setTeamRole] = useState<TeamRole>('caregiver');
  const [error, setError] = useState<string | null>(null);
  const groupId = useId();
  const list = plans.data ?? [];
  const chosen = planId ?? (list.length === 1 ? list[0]!.id : null);
  const submit = () => {
    if (!chosen) return setError('Choose the care plan to invite them to.');
    if (invite.isPending) return;
    invite.mutate(
      { planId: chosen, professionalId: professional.id, teamRole },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${professional.displayName}.`);
          onInvited();
          onClose();
        },
        onError: (e) => setError(e instanceof RequestError ? e.message : 'The invitation could not be sent.'),
      },
    );
  };
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
          <form
            className="mt-2"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <DialogDescription>
              They get the care plan’s invitation and join the team once they accept. Nobody is added without accepting.
            </DialogDescription>
            {list.length === 1 ? (
              <p className="mt-4">
                Care plan: <strong>{list[0]!.title}</strong>
              </p>
            ) : (
              <fieldset className="mt-4" aria-describedby={error ? `${groupId}-error` : undefined}>
                <legend className="font-semibold">Which care plan?</legend>
                <div className="mt-2 flex flex-col gap-2">
                  {list.map((plan) => (
                    <label
                      key={plan.id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                    >
                      <input
                        type="radio"
                        name={`${groupId}-plan`}
                        value={plan.id}
                        checked={chosen === plan.id}
                        onChange={() => {
                          setPlanId(plan.id);
                          setError(null);
                        }}
                        className="size-5 accent-brand"
                      />
                      <span>
                        {plan.title} <span className="text-ink-muted">· for {plan.recipientName}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <SelectField
              className="mt-4"
              label="Their role on the team"
              value={teamRole}
              onChange={(event) => setTeamRole(event.target.value as TeamRole)}
              options={PROFESSIONAL_TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }))}
            />
            {error && (
              <p id={`${groupId}-error`} role="alert" className="mt-3 text-danger">
                {error}
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
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
