import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import {
  TEAM_ROLE_LABELS,
  type invitationInputSchema,
  type MemberKind,
  type MemberStatus,
} from '@tavara/shared/care-team/care-team';
import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { plainNameForMail } from '@tavara/shared/validation/person-name';
import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InviteMail } from '../../emails';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { careTeamMembers, shifts } from '../../db/schema/care-plans';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../lib/app-error';
import { trainingCompletedSql } from '../../lib/training-completed';

import { type Viewer } from '../../domain/viewer';
import { UUID, noAccess, loadOwnedPlan } from '../../domain/plan-access';
import { answerInvitationRow, createInvitation, endingOf, markEnded } from '../../domain/membership';
import { displayName, peopleByIds } from '../../domain/people';
import { ownerPlanLink, PRO_SCHEDULE } from '../../domain/plan-notifications';

// ——— team invitations ———

type InvitationInput = z.output<typeof invitationInputSchema>;

export async function inviteMember(db: Database, viewer: Viewer, planId: string, input: InvitationInput) {
  await loadOwnedPlan(db, viewer, planId);
  let target: { id: string; email: string; role: string | null } | undefined;
  if (input.professionalId) {
    [target] = await db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(and(eq(user.id, input.professionalId), eq(user.role, 'professional')));
    if (!target) throw new AppError('not_found', M.professionalNotFound);
  } else {
    [target] = await db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(sql`lower(${user.email}) = ${input.email!}`);
  }
  if (target?.id === viewer.id)
    throw new AppError('validation_failed', M.cannotInviteSelf, { email: M.cannotInviteSelf });
  if (target && input.kind === 'professional' && target.role !== 'professional') {
    const message = 'This e-mail address belongs to an account that is not a care professional.';
    throw new AppError('validation_failed', message, { email: message });
  }
  const email = (target?.email ?? input.email!).toLowerCase();
  // Plain text, never a link someone typed as their name (issue 32): it opens the mail.
  const inviter = plainNameForMail((await peopleByIds(db, [viewer.id])).get(viewer.id)?.name, 'A family');
  const { memberId, mailedRecently } = await createInvitation(db, {
    inviterId: viewer.id,
    planId,
    email,
    alreadyInvited: M.alreadyInvited,
    insert: async (tx) =>
      (
        await tx
          .insert(careTeamMembers)
          .values({
            planId,
            userId: target?.id ?? null,
            invitedEmail: email,
            kind: input.kind,
            teamRole: input.teamRole,
            note: input.note,
            invitedById: viewer.id,
          })
          .returning({ id: careTeamMembers.id })
      )[0]!,
    // Someone with an account is told in the app (and by e-mail, as they chose); someone
    // without one gets the sign-up e-mail from the route instead.
    notice: target
      ? (mailedRecently) => ({
          kind: 'invitation_received',
          recipients: [target.id],
          actorId: viewer.id,
          title: `${inviter} invites you to join their care team as ${TEAM_ROLE_LABELS[input.teamRole].toLowerCase()}`,
          // Who and as what, as the sign-up invitation says (decision 018); never the plan or the person cared for.
          emailLine: `${inviter} has invited you to join their care team on Tavara as ${TEAM_ROLE_LABELS[input.teamRole].toLowerCase()}. Nobody is added to a care team without accepting.`,
          body: input.note ?? '',
          link: input.kind === 'professional' ? PRO_SCHEDULE : '/family/care-management',
          // Shown in the app every time; e-mailed once per plan and address in 24 hours.
          noEmail: mailedRecently,
        })
      : null,
  });
  const mail: InviteMail = {
    to: email,
    inviterName: inviter,
    teamRole: input.teamRole,
    hasAccount: Boolean(target),
    kind: input.kind,
    mailedRecently,
    note: input.note ?? null,
  };
  return { memberId, mail };
}

/** Accepting or declining is the invitee's alone; the row records the answer. */
export async function answerInvitation(
  db: Database,
  viewer: Viewer,
  memberId: string,
  answer: 'accepted' | 'declined',
) {
  if (!UUID.test(memberId)) throw new AppError('not_found', M.invitationGone);
  const kinds: MemberKind[] = viewer.role === 'professional' ? ['professional', 'family'] : ['family'];
  const name = (await peopleByIds(db, [viewer.id])).get(viewer.id)?.name ?? 'Someone';
  const row = await answerInvitationRow(db, careTeamMembers, {
    viewer,
    memberId,
    status: answer,
    only: inArray(careTeamMembers.kind, kinds),
    gone: M.invitationGone,
    alreadyInvited: M.alreadyInvited,
    notice: (plan, planId) => ({
      kind: answer === 'accepted' ? 'invitation_accepted' : 'invitation_declined',
      recipients: [plan.familyId],
      actorId: viewer.id,
      title: `${name} ${answer === 'accepted' ? 'accepted' : 'declined'} your invitation to ${plan.title}`,
      link: ownerPlanLink(planId, 'team'),
    }),
  });
  return { id: row.id, planId: row.planId, status: row.status as MemberStatus };
}

/**
 * The owner removes a member (or withdraws an invitation); a member leaves. The row stays as
 * history; the person's upcoming shifts on this plan go back to open, for someone else to take.
 */
export async function endMembership(db: Database, viewer: Viewer, planId: string, memberId: string) {
  // Both ids reach uuid columns: a malformed one is "not found", never a database error (fuzz, seed 13).
  if (!UUID.test(memberId) || !UUID.test(planId)) throw noAccess();
  const { member, status } = await endingOf<typeof careTeamMembers.$inferSelect>(
    db,
    careTeamMembers,
    viewer,
    planId,
    memberId,
    () => loadOwnedPlan(db, viewer, planId),
  );
  if (!member || (member.status !== 'accepted' && member.status !== 'invited')) {
    throw new AppError('not_found', 'This person is no longer on the team.');
  }
  return db.transaction(async (tx) => {
    const ended = await markEnded(tx, careTeamMembers, memberId, status);
    if (!ended) throw new AppError('not_found', 'This person is no longer on the team.');
    let reopened = 0;
    if (member.userId) {
      const rows = await tx
        .update(shifts)
        .set({ status: 'open', assigneeId: null, offeredToId: null })
        .where(
          and(
            eq(shifts.planId, planId),
            gte(shifts.startsAt, new Date()),
            or(
              and(eq(shifts.assigneeId, member.userId), eq(shifts.status, 'assigned')),
              and(eq(shifts.offeredToId, member.userId), eq(shifts.status, 'offered')),
            ),
          ),
        )
        .returning({ id: shifts.id });
      reopened = rows.length;
    }
    return { id: ended.id, status, reopenedShifts: reopened };
  });
}

/**
 * Registered professionals a family can invite, by name, region (location) and care type, each
 * with "Tavara training completed" from the certificate record (lib/training-completed.ts).
 */
export async function searchProfessionals(db: Database, query: { q?: string; region?: string; careType?: string }) {
  const { professionalDetails } = await import('../../db/schema/registration');
  const conditions = [eq(user.role, 'professional')];
  if (query.q) conditions.push(sql`${displayName} ilike ${'%' + query.q.replace(/[%_\\]/g, '\\$&') + '%'}`);
  if (query.region)
    conditions.push(sql`${profiles.location} ilike ${'%' + query.region.replace(/[%_\\]/g, '\\$&') + '%'}`);
  if (query.careType) conditions.push(sql`${query.careType} = any(${professionalDetails.care_services})`);
  const rows = await db
    .select({
      id: user.id,
      name: displayName,
      location: profiles.location,
      photoFile: profiles.photoFile,
      professionalRole: professionalDetails.professional_role,
      careServices: professionalDetails.care_services,
      yearsExperience: professionalDetails.years_experience,
      trainingCompleted: trainingCompletedSql(user.id),
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(professionalDetails, eq(professionalDetails.userId, user.id))
    .where(and(...conditions))
    .orderBy(asc(displayName))
    .limit(20);
  return rows.map(({ photoFile, ...r }) => ({
    ...r,
    careServices: r.careServices ?? [],
    photoUrl: photoFile ? profilePhotoUrl(r.id, photoFile) : null,
  }));
}
