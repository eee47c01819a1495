import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { INVITATION_LIMITS } from '@tavara/shared/care-team/care-team';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { careCircleMembers } from '../db/schema/care-circle';
import { careTeamMembers } from '../db/schema/care-plans';
import { RateLimitedError } from '../lib/app-error';

/**
 * Issue 32 (decision 031), shared by the team's and the circle's invitations (issue 30): refuses
 * an invitation over the daily limits (INVITATION_LIMITS) and says whether `email` was already
 * invited to the plan — to its team or its circle — within the mail window, so it gets no second
 * e-mail. Counted from the invitation rows themselves (history is kept, withdrawn ones included)
 * of both tables, under one transaction-scoped lock per inviter, so parallel invitations of either
 * kind cannot both slip under a limit on any number of instances.
 */
type Tx = Pick<Database, 'execute'>;

/** An inviter's invitations of the last 24 hours, team and circle alike, as (plan, address, when). */
const recentInvitations = (inviterId: string) => sql`(
  select ${careTeamMembers.planId} as plan_id, ${careTeamMembers.invitedEmail} as invited_email, ${careTeamMembers.invitedAt} as invited_at
    from ${careTeamMembers}
   where ${careTeamMembers.invitedById} = ${inviterId} and ${careTeamMembers.invitedAt} > now() - interval '24 hours'
  union all
  select ${careCircleMembers.planId}, ${careCircleMembers.invitedEmail}, ${careCircleMembers.invitedAt}
    from ${careCircleMembers}
   where ${careCircleMembers.invitedById} = ${inviterId} and ${careCircleMembers.invitedAt} > now() - interval '24 hours'
) as recent`;

export async function checkInvitationLimits(tx: Tx, inviterId: string, planId: string, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`care-team-invitations:${inviterId}`}))`);
  const [counts] = rowsOf(
    await tx.execute(sql`
      select count(*)::int as by_inviter,
             (count(*) filter (where plan_id = ${planId}))::int as by_plan,
             (count(*) filter (where plan_id = ${planId} and invited_email = ${email}
                and invited_at > now() - make_interval(hours => ${INVITATION_LIMITS.mailPerAddressPerPlanHours})))::int as to_address
        from ${recentInvitations(inviterId)}`),
  );
  if (Number(counts?.by_plan ?? 0) >= INVITATION_LIMITS.perPlanPerDay) {
    throw new RateLimitedError(M.invitationsPerPlanReached, await secondsUntilSlotFrees(tx, inviterId, planId));
  }
  if (Number(counts?.by_inviter ?? 0) >= INVITATION_LIMITS.perInviterPerDay) {
    throw new RateLimitedError(M.invitationsPerInviterReached, await secondsUntilSlotFrees(tx, inviterId));
  }
  return Number(counts?.to_address ?? 0) > 0;
}

/** Seconds until the oldest invitation of the last 24 hours (of the plan, or all) leaves the window. */
async function secondsUntilSlotFrees(tx: Tx, inviterId: string, planId?: string): Promise<number> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select ceil(extract(epoch from (min(invited_at) + interval '24 hours' - now())))::int as seconds
        from ${recentInvitations(inviterId)}
       where ${planId ? sql`plan_id = ${planId}` : sql`true`}`),
  );
  return Math.max(1, Number(row?.seconds ?? 60));
}
