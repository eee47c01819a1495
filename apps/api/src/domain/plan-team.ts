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
import { displayName, personNameOf } from './people';

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
  return invitedTo(invitations, viewer.id, viewer.emailVerified ? viewer.email.toLowerCase() : null);
}

/** `invitedToViewer`'s rule with the account and the verified e-mail as values or placeholders. */
function invitedTo(invitations: { userId: AnyPgColumn; invitedEmail: AnyPgColumn }, userId: unknown, email: unknown) {
  const byAccount = eq(invitations.userId, userId);
  if (email === null) return byAccount;
  return or(byAccount, and(isNull(invitations.userId), eq(invitations.invitedEmail, email)))!;
}

/**
 * The team invitations waiting for the viewer with each plan's family name, one prepared statement
 * (`perDatabase`) for an unverified viewer (by account) and one for a verified one (by account or
 * e-mail): the dashboard's, the plans list's and the schedule's read.
 */
const invitationsRead = (byEmail: boolean) =>
  perDatabase((db) =>
    db
      .select({
        member: careTeamMembers,
        planTitle: carePlans.title,
        familyName: personNameOf(sql`${carePlans}.${sql.identifier('family_id')}`, 'family'),
      })
      .from(careTeamMembers)
      .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
      .where(
        and(
          eq(careTeamMembers.status, 'invited'),
          isNull(carePlans.archivedAt),
          invitedTo(careTeamMembers, sql.placeholder('userId'), byEmail ? sql.placeholder('email') : null),
        ),
      )
      .orderBy(asc(careTeamMembers.invitedAt))
      .prepare(byEmail ? 'tavara_my_invitations_by_email' : 'tavara_my_invitations'),
  );
const invitationsByAccount = invitationsRead(false);
const invitationsByAccountOrEmail = invitationsRead(true);

export async function listMyInvitations(db: Database, viewer: Viewer) {
  const rows = viewer.emailVerified
    ? await invitationsByAccountOrEmail(db).execute({ userId: viewer.id, email: viewer.email.toLowerCase() })
    : await invitationsByAccount(db).execute({ userId: viewer.id });
  return rows.map((r) => ({
    id: r.member.id,
    planId: r.member.planId,
    planTitle: r.planTitle,
    familyName: r.familyName,
    kind: r.member.kind as MemberKind,
    teamRole: r.member.teamRole as TeamRole,
    note: r.member.note,
    invitedAt: r.member.invitedAt.toISOString(),
  }));
}
