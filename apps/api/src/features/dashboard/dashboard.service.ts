import { isProfileComplete } from '@tavara/shared/auth/profile.schema';
import { computeChecklist, type ChecklistFacts, type DashboardData } from '@tavara/shared/dashboard/dashboard';
import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { DEFAULT_ROLE, isRole } from '@tavara/shared/roles';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carePlans, careTeamMembers } from '../../db/schema/care-plans';
import { features, featureUpvotes } from '../../db/schema/features';
import { profiles } from '../../db/schema/profiles';
import { chatbotConversations } from '../../db/schema/registration-chat';

/** The signed-in account the dashboard is for (the server-side user record, never client input). */
export interface DashboardUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role?: string | null | undefined;
}

const present = (value: string | null | undefined): value is string => Boolean(value?.trim());

/**
 * Everything `userId`'s own dashboard shows, read from their rows only (every query filters on
 * the user's id): the profile summary, the checklist facts and steps (shared/dashboard), and the
 * features they voted for. The role is the server's (`user.role`), as for `/api/profile/me`.
 */
export async function getDashboard(db: Database, u: DashboardUser): Promise<DashboardData> {
  const role = isRole(u.role) ? u.role : DEFAULT_ROLE;
  const [[profile], [completedChat], votes, [plan], [membership]] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.id, u.id)),
    // A chat for the account's own role counts: its answers are the ones the form uses.
    db
      .select({ id: chatbotConversations.id })
      .from(chatbotConversations)
      .where(
        and(
          eq(chatbotConversations.userId, u.id),
          eq(chatbotConversations.status, 'completed'),
          eq(chatbotConversations.userRole, role),
        ),
      )
      .limit(1),
    db
      .select({ id: features.id, title: features.title, category: features.category, status: features.status })
      .from(featureUpvotes)
      .innerJoin(features, eq(features.id, featureUpvotes.featureId))
      .where(eq(featureUpvotes.userId, u.id))
      .orderBy(asc(features.sortOrder), asc(features.id)),
    db.select({ id: carePlans.id }).from(carePlans).where(eq(carePlans.familyId, u.id)).limit(1),
    db
      .select({ id: careTeamMembers.id })
      .from(careTeamMembers)
      .where(and(eq(careTeamMembers.userId, u.id), eq(careTeamMembers.status, 'accepted')))
      .limit(1),
  ]);

  const facts: ChecklistFacts = {
    profileComplete: isProfileComplete(
      profile
        ? {
            role,
            full_name: profile.fullName,
            first_name: profile.firstName,
            last_name: profile.lastName,
            registered_at: profile.registeredAt?.toISOString() ?? null,
          }
        : null,
    ),
    chatCompleted: completedChat !== undefined,
    photoAdded: present(profile?.photoFile),
    carePlanCreated: plan !== undefined,
    invitationAccepted: membership !== undefined,
  };

  const names = [profile?.firstName, profile?.lastName].filter(present).join(' ');
  const name = present(profile?.fullName) ? profile.fullName : names || u.name;
  return {
    role,
    profile: {
      userId: u.id,
      name: name.trim(),
      email: u.email,
      phone: profile?.phone ?? null,
      location: profile?.location ?? null,
      photoUrl: profile?.photoFile ? profilePhotoUrl(u.id, profile.photoFile) : null,
      registeredAt: profile?.registeredAt?.toISOString() ?? null,
    },
    facts,
    checklist: computeChecklist(role, facts),
    votes,
  };
}
