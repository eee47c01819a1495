import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/team-members';
import { Button } from '@/components/ui/button';
import { Avatar, failedWith, MemberStatusPill } from '@/domain/care-plans/care-ui';
import { EndMembershipDialog, endMembershipLabel } from '@/domain/care-plans/end-membership';
import { isPlanOwner } from '@/domain/care-plans/plan-access';
import type { PlanDetail, TeamMember } from '@/domain/care-plans/plan-queries';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useEndMembership } from '../api/care-team-api';
import { lazyDialog } from '@/components/ui/lazy-dialog';

// The invitation form (its schema and the professionals' option lists) comes with the first
// "Invite", or once the page has settled, not with the plan page (issue 35, decision 046).
const InviteDialog = lazyDialog(() => import('./invite-dialog').then((m) => m.InviteDialog), 'The invitation form');

/** The plan's team: who is on it, who was, inviting (owner), leaving or removing. */
export function TeamTab({ data }: { data: PlanDetail }) {
  const { user } = useAuth();
  const isOwner = isPlanOwner(data);
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
            {endMembershipLabel(m, user?.id, 'team')}
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
      <EndMembershipDialog
        ending={ending}
        self={self}
        group="care team"
        description="Their upcoming shifts on this plan become open again. The team’s history keeps a record."
        onClose={() => setEnding(null)}
        onConfirm={(memberId) =>
          end.mutate(memberId, {
            onSuccess: (r) =>
              toast.success(r.reopenedShifts > 0 ? `Done. ${r.reopenedShifts} shift(s) are open again.` : 'Done.'),
            onError: failedWith('That did not work. Please try again.'),
          })
        }
      />
    </div>
  );
}
