import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import {
  CIRCLE_MESSAGES as C,
  type CircleStatus,
  type circleInvitationInputSchema,
} from '@tavara/shared/care-circle/care-circle';
import { plainNameForMail } from '@tavara/shared/validation/person-name';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { careCircleMembers } from '../../db/schema/care-circle';
import { carePlans } from '../../db/schema/care-plans';
import { circlePath } from '../../domain/help-tasks';
import { checkInvitationLimits } from '../../domain/invitation-limits';
import { peopleByIds } from '../../domain/people';
import { acceptedMembership, loadVillagePlan, noAccess, UUID } from '../../domain/plan-access';
import { invitedToViewer } from '../../domain/plan-team';
import { type Viewer } from '../../domain/viewer';
import type { InviteMail } from '../../emails';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notifications/notify';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-error';

/**
 * A plan's care circle (issue 30): the family invites by e-mail, only the invited verified address
 * (or the account it belongs to) answers, once; the owner removes, a member leaves. The rows stay
 * as history. The invitation limits and the one-mail-per-24-hours rule are the team's
 * (domain/invitation-limits.ts, counted across both).
 */

type CircleInvitationInput = z.output<typeof circleInvitationInputSchema>;

/** The plan if `viewer` owns it; the rest of its village is told only the family changes the circle. */
async function ownedVillagePlan(db: Database, viewer: Viewer, planId: string) {
  const ctx = await loadVillagePlan(db, viewer, planId);
  if (ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
  return ctx.plan;
}

export async function inviteToCircle(db: Database, viewer: Viewer, planId: string, input: CircleInvitationInput) {
  await ownedVillagePlan(db, viewer, planId);
  const [target] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${input.email}`);
  if (target?.id === viewer.id)
    throw new AppError('validation_failed', M.cannotInviteSelf, { email: M.cannotInviteSelf });
  if (target && (await acceptedMembership(db, planId, target.id)))
    throw new AppError('validation_failed', C.alreadyOnTeam, { email: C.alreadyOnTeam });
  const email = (target?.email ?? input.email).toLowerCase();
  const inviter = plainNameForMail((await peopleByIds(db, [viewer.id])).get(viewer.id)?.name, 'A family');
  try {
    const { row, mailedRecently } = await db.transaction(async (tx) => {
      const mailedRecently = await checkInvitationLimits(tx, viewer.id, planId, email);
      const [inserted] = await tx
        .insert(careCircleMembers)
        .values({ planId, userId: target?.id ?? null, invitedEmail: email, note: input.note, invitedById: viewer.id })
        .returning();
      if (target) {
        await notify(tx, {
          kind: 'circle_invitation',
          recipients: [target.id],
          actorId: viewer.id,
          title: `${inviter} invites you to their care circle`,
          emailLine: `${inviter} has invited you to their care circle on Tavara, the relatives, friends and neighbours who help. Nobody is added to a care circle without accepting.`,
          body: input.note ?? '',
          link: '/circles',
          noEmail: mailedRecently,
        });
      }
      return { row: inserted!, mailedRecently };
    });
    const mail: InviteMail = {
      to: email,
      inviterName: inviter,
      teamRole: null,
      hasAccount: Boolean(target),
      kind: 'circle',
      mailedRecently,
      note: input.note ?? null,
    };
    return { memberId: row.id, mail };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', C.alreadyInvited);
    throw error;
  }
}

/** Accepting or declining is the invitee's alone, of any role; the row records the answer once. */
export async function answerCircleInvitation(
  db: Database,
  viewer: Viewer,
  memberId: string,
  answer: 'accepted' | 'declined',
) {
  if (!UUID.test(memberId)) throw new AppError('not_found', C.invitationGone);
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(careCircleMembers)
        .set({ status: answer, userId: viewer.id, respondedAt: new Date() })
        .where(
          and(
            eq(careCircleMembers.id, memberId),
            eq(careCircleMembers.status, 'invited'),
            invitedToViewer(viewer, careCircleMembers),
          ),
        )
        .returning();
      if (!updated) throw new AppError('not_found', C.invitationGone);
      const [plan] = await tx
        .select({ familyId: carePlans.familyId, title: carePlans.title })
        .from(carePlans)
        .where(eq(carePlans.id, updated.planId));
      if (plan) {
        await notify(tx, {
          kind: answer === 'accepted' ? 'invitation_accepted' : 'invitation_declined',
          recipients: [plan.familyId],
          actorId: viewer.id,
          title: `${name} ${answer === 'accepted' ? 'joined' : 'declined to join'} the care circle of ${plan.title}`,
          link: circlePath(updated.planId),
        });
      }
      return updated;
    });
    return { id: row.id, planId: row.planId, status: row.status };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', C.alreadyInvited);
    throw error;
  }
}

/** The owner removes someone (or withdraws an invitation); a member leaves. */
export async function endCircleMembership(db: Database, viewer: Viewer, planId: string, memberId: string) {
  if (!UUID.test(memberId) || !UUID.test(planId)) throw noAccess();
  const [member] = await db
    .select()
    .from(careCircleMembers)
    .where(and(eq(careCircleMembers.id, memberId), eq(careCircleMembers.planId, planId)));
  const isSelf = member?.userId === viewer.id && member.status === 'accepted';
  if (!isSelf) await ownedVillagePlan(db, viewer, planId);
  const status: CircleStatus = isSelf ? 'left' : 'removed';
  const [ended] = await db
    .update(careCircleMembers)
    .set({ status, endedAt: new Date() })
    .where(and(eq(careCircleMembers.id, memberId), inArray(careCircleMembers.status, ['accepted', 'invited'])))
    .returning();
  if (!member || !ended) throw new AppError('not_found', C.notInCircle);
  return { id: ended.id, status };
}

/**
 * The plan's village as a circle page shows it: the plan's name and zone, who the family is, the
 * viewer's access and the circle. The owner sees invitations, addresses and history; everyone else
 * the accepted members' names only.
 */
export async function circleOf(db: Database, viewer: Viewer, planId: string) {
  const { plan, access } = await loadVillagePlan(db, viewer, planId);
  const owner = access === 'owner';
  const rows = await db
    .select()
    .from(careCircleMembers)
    .where(
      owner
        ? eq(careCircleMembers.planId, planId)
        : and(eq(careCircleMembers.planId, planId), eq(careCircleMembers.status, 'accepted')),
    )
    .orderBy(asc(careCircleMembers.invitedAt));
  const people = await peopleByIds(db, [plan.familyId, ...rows.flatMap((r) => (r.userId ? [r.userId] : []))]);
  return {
    plan: {
      id: plan.id,
      title: plan.title,
      timeZone: plan.timeZone,
      familyName: people.get(plan.familyId)?.name ?? null,
      archived: plan.archivedAt !== null,
    },
    access,
    members: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.userId ? (people.get(r.userId)?.name ?? null) : null,
      photoUrl: r.userId ? (people.get(r.userId)?.photoUrl ?? null) : null,
      email: owner ? r.invitedEmail : null,
      note: owner ? r.note : null,
      status: r.status,
      invitedAt: r.invitedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
    })),
  };
}

/** The circles `viewer` is in, and the circle invitations waiting for their answer. */
export async function myCircles(db: Database, viewer: Viewer) {
  const rows = await db
    .select({ member: careCircleMembers, planTitle: carePlans.title, familyId: carePlans.familyId })
    .from(careCircleMembers)
    .innerJoin(carePlans, eq(carePlans.id, careCircleMembers.planId))
    .where(
      and(
        isNull(carePlans.archivedAt),
        sql`(${careCircleMembers.status} = 'accepted' and ${careCircleMembers.userId} = ${viewer.id})
          or (${careCircleMembers.status} = 'invited' and ${invitedToViewer(viewer, careCircleMembers)})`,
      ),
    )
    .orderBy(asc(careCircleMembers.invitedAt));
  const families = await peopleByIds(
    db,
    rows.map((r) => r.familyId),
  );
  const item = (r: (typeof rows)[number]) => ({
    id: r.member.id,
    planId: r.member.planId,
    planTitle: r.planTitle,
    familyName: families.get(r.familyId)?.name ?? null,
    note: r.member.note,
    invitedAt: r.member.invitedAt.toISOString(),
  });
  return {
    circles: rows.filter((r) => r.member.status === 'accepted').map(item),
    invitations: rows.filter((r) => r.member.status === 'invited').map(item),
  };
}
