import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { invitationsQuery, useAnswerInvitation } from '../api/care-team-api';

/** Pending invitations to care teams, each accepted or declined here. Nothing shows when there are none. */
export function InvitationList({ heading }: { heading: string }) {
  const invitations = useQuery(invitationsQuery());
  const answer = useAnswerInvitation();
  const navigate = useNavigate();
  const list = invitations.data?.invitations ?? [];
  if (invitations.isError) {
    return (
      <p role="alert" className="mb-8 text-danger">
        Your invitations could not load.{' '}
        <button
          type="button"
          className="min-h-11 font-semibold underline underline-offset-4"
          onClick={() => void invitations.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (list.length === 0) return null;
  return (
    <section
      id="invitations"
      aria-labelledby="invitations-heading"
      className="mb-8 scroll-mt-4 rounded-card border border-warning/40 bg-warning-soft p-5"
    >
      <h2 id="invitations-heading" className="text-xl font-semibold">
        {heading}
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {list.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface p-4">
            <div className="min-w-0">
              <p className="font-semibold">{inv.planTitle}</p>
              <p className="text-ink-muted">
                {inv.familyName ?? 'A family'} invites you as {TEAM_ROLE_LABELS[inv.teamRole].toLowerCase()}.
              </p>
              {inv.note && <p className="mt-1 italic">“{inv.note}”</p>}
            </div>
            <div className="flex gap-2">
              <Button
                aria-disabled={answer.isPending || undefined}
                onClick={() =>
                  !answer.isPending &&
                  answer.mutate(
                    { id: inv.id, answer: 'accept' },
                    {
                      onSuccess: (r) =>
                        toast.success('You joined the care team.', {
                          action: {
                            label: 'Open the plan',
                            onClick: () =>
                              void navigate(
                                inv.kind === 'professional'
                                  ? `/professional/assignments/${r.planId}`
                                  : `/family/care-management/${r.planId}`,
                              ),
                          },
                        }),
                      onError: (e) =>
                        toast.error(e instanceof ApiError ? e.message : 'That did not work. Please try again.'),
                    },
                  )
                }
              >
                <Check aria-hidden="true" className="size-5" /> Accept
              </Button>
              <Button
                variant="secondary"
                aria-disabled={answer.isPending || undefined}
                onClick={() =>
                  !answer.isPending &&
                  answer.mutate(
                    { id: inv.id, answer: 'decline' },
                    {
                      onSuccess: () => toast.success('Invitation declined.'),
                      onError: (e) =>
                        toast.error(e instanceof ApiError ? e.message : 'That did not work. Please try again.'),
                    },
                  )
                }
              >
                <X aria-hidden="true" className="size-5" /> Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
