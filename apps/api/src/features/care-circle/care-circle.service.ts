import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import {
  CIRCLE_MESSAGES as C,
  type CircleStatus,
  type circleInvitationInputSchema,
} from '@tavara/shared/care-circle/care-circle';
import { plainNameForMail } from '@tavara/shared/validation/person-name';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { careCircleMembers } from '../../db/schema/care-circle';
import { carePlans } from '../../db/schema/care-plans';
import { circlePath } from '../../domain/help-tasks';
import { answerInvitationRow, createInvitation, endingOf, markEnded } from '../../domain/membership';
import { peopleByIds } from '../../domain/people';
import { acceptedMembership, loadVillagePlan, noAccess, UUID } from '../../domain/plan-access';
import { invitedToViewer } from '../../domain/plan-team';
import { type Viewer } from '../../domain/viewer';
import type { InviteMail } from '../../emails';
import { AppError } from '../../lib/app-error';

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
  const { memberId, mailedRecently } = await createInvitation(db, {
    inviterId: viewer.id,
    planId,
    email,
    alreadyInvited: C.alreadyInvited,
    insert: async (tx) =>
      (
        await tx
          .insert(careCircleMembers)
          .values({ planId, userId: target?.id ?? null, invitedEmail: email, note: input.note, invitedById: viewer.id })
          .returning({ id: careCircleMembers.id })
      )[0]!,
    notice: target
      ? (mailedRecently) => ({
          kind: 'circle_invitation',
          recipients: [target.id],
          actorId: viewer.id,
          title: `${inviter} invites you to their care circle`,
          emailLine: `${inviter} has invited you to their care circle on Tavara, the relatives, friends and neighbours who help. Nobody is added to a care circle without accepting.`,
          body: input.note ?? '',
          link: '/circles',
          noEmail: mailedRecently,
        })
      : null,
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
  return { memberId, mail };
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
  const row = await answerInvitationRow(db, careCircleMembers, {
    viewer,
    memberId,
    status: answer,
    gone: C.invitationGone,
    alreadyInvited: C.alreadyInvited,
    notice: (plan, planId) => ({
      kind: answer === 'accepted' ? 'invitation_accepted' : 'invitation_declined',
      recipients: [plan.familyId],
      actorId: viewer.id,
      title: `${name} ${answer === 'accepted' ? 'joined' : 'declined to join'} the care circle of ${plan.title}`,
      link: circlePath(planId),
    }),
  });
  return { id: row.id, planId: row.planId, status: row.status as CircleStatus };
}

/** The owner removes someone (or withdraws an invitation); a member leaves. */
export async function endCircleMembership(db: Database, viewer: Viewer, planId: string, memberId: string) {
  if (!UUID.test(memberId) || !UUID.test(planId)) throw noAccess();
  const { member, status } = await endingOf<typeof careCircleMembers.$inferSelect>(
    db,
    careCircleMembers,
    viewer,
    planId,
    memberId,
    () => ownedVillagePlan(db, viewer, planId),
  );
  const ended = await markEnded(db, careCircleMembers, memberId, status);
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
