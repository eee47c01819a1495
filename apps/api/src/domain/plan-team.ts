import { type MemberKind, type MemberStatus, type TeamRole } from '@tavara/shared/care-team/care-team';
import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { perDatabase } from '../db/prepared';
import { user } from '../db/schema/auth';
import { carePlans, careTeamMembers } from '../db/schema/care-plans';
import { profiles } from '../db/schema/profiles';

import { type Viewer } from './viewer';
import { displayName, peopleByIds } from './people';

/** A plan's team and the invitations waiting for someone: read by the plan, the team and the schedule. */
// ——— plan detail and team ———

/**
 * A plan's team with each member's name and photo in one statement, prepared (`perDatabase`): the
 * accepted members, or with history (invited, left, removed) for the owner and admins.
 */
const teamRead = (withHistory: boolean) =>
  perDatabase((db) =>
    db
      .select({ member: careTeamMembers, name: displayName, photoFile: profiles.photoFile })
      .from(careTeamMembers)
      .leftJoin(user, eq(user.id, careTeamMembers.userId))
      .leftJoin(profiles, eq(profiles.id, careTeamMembers.userId))
      .where(
        withHistory
          ? eq(careTeamMembers.planId, sql.placeholder('planId'))
          : and(eq(careTeamMembers.planId, sql.placeholder('planId')), eq(careTeamMembers.status, 'accepted')),
      )
      .orderBy(asc(careTeamMembers.invitedAt))
      .prepare(withHistory ? 'tavara_team_with_history' : 'tavara_team_accepted'),
  );
const teamWithHistory = teamRead(true);
const acceptedTeam = teamRead(false);

export async function teamOf(db: Database, planId: string, includeHistory: boolean, includeEmails: boolean) {
  const rows = await (includeHistory ? teamWithHistory : acceptedTeam)(db).execute({ planId });
  return rows.map(({ member: r, name, photoFile }) => ({
    id: r.id,
    userId: r.userId,
    name: r.userId ? name : null,
    photoUrl: r.userId && photoFile ? profilePhotoUrl(r.userId, photoFile) : null,
    email: includeEmails ? r.invitedEmail : null,
    kind: r.kind as MemberKind,
    teamRole: r.teamRole as TeamRole,
    note: includeEmails ? r.note : null,
    status: r.status as MemberStatus,
    invitedAt: r.invitedAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}

/**
 * Invitations for `viewer`: by account, or by their verified e-mail before they had one. The one
 * rule for the team's invitations and the care circle's (issue 30: `invitations` is either table).
 */
export function invitedToViewer(
  viewer: Viewer,
  invitations: { userId: AnyPgColumn; invitedEmail: AnyPgColumn } = careTeamMembers,
) {
  const byAccount = eq(invitations.userId, viewer.id);
  if (!viewer.emailVerified) return byAccount;
  return or(byAccount, and(isNull(invitations.userId), eq(invitations.invitedEmail, viewer.email.toLowerCase())))!;
}

export async function listMyInvitations(db: Database, viewer: Viewer) {
  const rows = await db
    .select({ member: careTeamMembers, planTitle: carePlans.title, familyId: carePlans.familyId })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(and(eq(careTeamMembers.status, 'invited'), isNull(carePlans.archivedAt), invitedToViewer(viewer)))
    .orderBy(asc(careTeamMembers.invitedAt));
  const families = await peopleByIds(
    db,
    rows.map((r) => r.familyId),
  );
  return rows.map((r) => ({
    id: r.member.id,
    planId: r.member.planId,
    planTitle: r.planTitle,
    familyName: families.get(r.familyId)?.name ?? null,
    kind: r.member.kind as MemberKind,
    teamRole: r.member.teamRole as TeamRole,
    note: r.member.note,
    invitedAt: r.member.invitedAt.toISOString(),
  }));
}
