import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { careCircleMembers } from '../db/schema/care-circle';
import { carePlans, type careTeamMembers } from '../db/schema/care-plans';
import { AppError } from '../lib/app-error';
import { notify, type NotificationEvent } from '../lib/notifications/notify';
import { pgErrorCode, UNIQUE_VIOLATION } from '../lib/pg-error';
import { checkInvitationLimits } from './invitation-limits';
import { invitedToViewer } from './plan-team';
import { type Viewer } from './viewer';

/**
 * The membership rules a plan's care team and its care circle share (issue 30, issue 33): one row
 * per invitation, answered once by the invitee alone, ended by the owner (removed) or the member
 * (left), kept as history. The two features keep their own tables (decision 038: a circle member
 * can never slip into a query about the team), their messages and what else a change does (the
 * team's shifts go back to open); the steps themselves are written here once.
 */
export type MembershipTable = typeof careTeamMembers | typeof careCircleMembers;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * An invitation, in one transaction: the invitation limits (one lock per inviter, counted across
 * team and circle), the row (`insert`, the feature's own columns) and, for an invitee who has an
 * account, the notice the feature words (`notice`; e-mailed once per address and plan in 24 hours).
 * A live invitation or membership already there (the partial unique indexes) is `alreadyInvited`.
 */
export async function createInvitation(
  db: Database,
  invitation: {
    inviterId: string;
    planId: string;
    email: string;
    alreadyInvited: string;
    insert: (tx: Tx) => Promise<{ id: string }>;
    notice: ((mailedRecently: boolean) => NotificationEvent) | null;
  },
): Promise<{ memberId: string; mailedRecently: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const mailedRecently = await checkInvitationLimits(tx, invitation.inviterId, invitation.planId, invitation.email);
      const row = await invitation.insert(tx);
      if (invitation.notice) await notify(tx, invitation.notice(mailedRecently));
      return { memberId: row.id, mailedRecently };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', invitation.alreadyInvited);
    throw error;
  }
}

/**
 * The invitee's answer: only a waiting invitation addressed to `viewer` (by account, or by their
 * verified e-mail), recorded once with the account that answered; the family is told (`notice`).
 * `only` narrows which invitations this viewer may answer (the team's kinds by role).
 */
export async function answerInvitationRow(
  db: Database,
  table: MembershipTable,
  answer: {
    viewer: Viewer;
    memberId: string;
    status: 'accepted' | 'declined';
    only?: SQL;
    gone: string;
    alreadyInvited: string;
    notice: (plan: { familyId: string; title: string }, planId: string) => NotificationEvent;
  },
): Promise<{ id: string; planId: string; status: string }> {
  const { viewer, memberId, status } = answer;
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(table)
        .set({ status, userId: viewer.id, respondedAt: new Date() })
        .where(
          and(
            eq(table.id, memberId),
            eq(table.status, 'invited'),
            ...(answer.only ? [answer.only] : []),
            invitedToViewer(viewer, table),
          ),
        )
        .returning({ id: table.id, planId: table.planId, status: table.status });
      if (!updated) throw new AppError('not_found', answer.gone);
      const [plan] = await tx
        .select({ familyId: carePlans.familyId, title: carePlans.title })
        .from(carePlans)
        .where(eq(carePlans.id, updated.planId));
      if (plan) await notify(tx, answer.notice(plan, updated.planId));
      return updated;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', answer.alreadyInvited);
    throw error;
  }
}

/**
 * Who ends a membership, and how: a member who leaves ends their own accepted row ('left');
 * anyone else must be the plan's owner (`requireOwner` throws otherwise) and removes a member or
 * withdraws an invitation ('removed'). The row, if it is on this plan, comes back for what else
 * the feature does; ids are checked as uuids by the caller.
 */
export async function endingOf<Row extends { userId: string | null; status: string }>(
  db: Database,
  table: MembershipTable,
  viewer: Viewer,
  planId: string,
  memberId: string,
  requireOwner: () => Promise<unknown>,
): Promise<{ member: Row | undefined; status: 'left' | 'removed' }> {
  const [member] = (await db
    .select()
    .from(table)
    .where(and(eq(table.id, memberId), eq(table.planId, planId)))) as Row[];
  const isSelf = member?.userId === viewer.id && member.status === 'accepted';
  if (!isSelf) await requireOwner();
  return { member, status: isSelf ? 'left' : 'removed' };
}

/** Ends a live row (invited or accepted) as `status`; nothing when it had ended already. */
export async function markEnded(
  db: Pick<Database, 'update'>,
  table: MembershipTable,
  memberId: string,
  status: 'left' | 'removed',
): Promise<{ id: string } | undefined> {
  const [ended] = await db
    .update(table)
    .set({ status, endedAt: new Date() })
    .where(and(eq(table.id, memberId), inArray(table.status, ['accepted', 'invited'])))
    .returning({ id: table.id });
  return ended;
}
