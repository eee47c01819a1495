import {
  ACCOUNT_MESSAGES,
  REAUTH_WINDOW_SECONDS,
  type AccountSecurity,
  type AccountSession,
} from '@tavara/shared/account/account';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import { describeDevice } from '../../auth/security-notices';
import type { Database } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin';
import { account, accountLimit, knownDevice, session, user } from '../../db/schema/auth';
import { calendarFeeds, carePlans, careTeamMembers, shifts } from '../../db/schema/care-plans';
import { featureUpvotes, features } from '../../db/schema/features';
import { doseRecords, medications } from '../../db/schema/medications';
import { notificationPreferences, notificationSettings, notifications } from '../../db/schema/notifications';
import { profiles } from '../../db/schema/profiles';
import { careAssessments, familyStories, subscriptionInterest } from '../../db/schema/family-stories';
import { communityDetails, familyDetails, professionalDetails } from '../../db/schema/registration';
import { chatbotAnswers, chatbotConversations, chatbotMessages } from '../../db/schema/registration-chat';
import { supportRequests } from '../../db/schema/support';
import { trainingCertificates, trainingLessonProgress, trainingQuizAttempts } from '../../db/schema/training';
import { AppError, RateLimitedError } from '../../lib/app-error';
import type { AuditActor } from '../../lib/audit-log';
import { maskEmail } from '../../lib/audit-log';
import type { Logger } from '../../lib/logger';
import { createWindowCounter } from '../../lib/window-counter';
import { deleteAccountCompletely } from '../../lib/account-deletion';

/** Wrong passwords per account on the account page's checks (confirm, delete) per 15 minutes. */
export const PASSWORD_CHECK_LIMIT = { max: 10, windowSeconds: 900 };
const passwordCheckKey = (userId: string) => `account-password-check:${userId}`;

/**
 * The person's own account (issue 22): their devices, the password re-check that opens sensitive
 * actions for REAUTH_WINDOW_SECONDS, the export of everything held about them, and self-deletion.
 * Every function acts on the signed-in user's own rows only — the routes pass `c.get('user')`.
 */
export function createAccountService(deps: { db: Database; auth: Auth; dataDir: string; logger: Logger }) {
  const { db, auth, dataDir, logger } = deps;
  const limits = createWindowCounter(db, accountLimit);

  /** Checks the password with Better Auth's own hashing (constant-time compare); counts failures. */
  async function checkPassword(userId: string, password: string): Promise<void> {
    const key = passwordCheckKey(userId);
    const before = await limits.check(key, PASSWORD_CHECK_LIMIT);
    if (!before.allowed) throw new RateLimitedError(ACCOUNT_MESSAGES.tooManyPasswordChecks, before.retryAfterSeconds);
    const [credential] = await db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    const ctx = await auth.$context;
    const ok = credential?.hash ? await ctx.password.verify({ hash: credential.hash, password }) : false;
    if (!ok) {
      await limits.consume(key, PASSWORD_CHECK_LIMIT);
      throw new AppError('validation_failed', ACCOUNT_MESSAGES.wrongPassword, {
        password: ACCOUNT_MESSAGES.wrongPassword,
      });
    }
    await limits.clear(key);
  }

  async function reauthenticatedAt(sessionId: string): Promise<Date | null> {
    const [row] = await db.select({ at: session.reauthenticatedAt }).from(session).where(eq(session.id, sessionId));
    return row?.at ?? null;
  }

  return {
    checkPassword,

    /** Password re-entered: sensitive actions on this session are open for the next 5 minutes. */
    async confirmPassword(userId: string, sessionId: string, password: string): Promise<{ until: string }> {
      await checkPassword(userId, password);
      const [row] = await db
        .update(session)
        .set({ reauthenticatedAt: sql`now()` })
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .returning({ at: session.reauthenticatedAt });
      const at = row?.at ?? new Date();
      return { until: new Date(at.getTime() + REAUTH_WINDOW_SECONDS * 1000).toISOString() };
    },

    /** Throws 403 `reauth_required` unless the password was re-entered on this session in the last 5 minutes. */
    async requireRecentPassword(sessionId: string): Promise<void> {
      const at = await reauthenticatedAt(sessionId);
      if (!at || Date.now() - at.getTime() > REAUTH_WINDOW_SECONDS * 1000) {
        throw new AppError('reauth_required', ACCOUNT_MESSAGES.reauthRequired);
      }
    },

    async security(u: { id: string; role?: string | null }, sessionId: string): Promise<AccountSecurity> {
      const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, u.id));
      const at = await reauthenticatedAt(sessionId);
      const until = at ? at.getTime() + REAUTH_WINDOW_SECONDS * 1000 : 0;
      return {
        twoFactorEnabled: row?.on ?? false,
        reauthenticatedUntil: until > Date.now() ? new Date(until).toISOString() : null,
        role: u.role ?? 'family',
      };
    },

    /** The user's signed-in devices, newest activity first; no tokens. */
    async listSessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
      const rows = await db
        .select({
          id: session.id,
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
          createdAt: session.createdAt,
          lastSeenAt: session.lastSeenAt,
        })
        .from(session)
        .where(and(eq(session.userId, userId), sql`${session.expiresAt} > now()`))
        .orderBy(desc(session.lastSeenAt), desc(session.createdAt));
      return rows.map((row) => {
        const { browser, os } = describeDevice(row.userAgent);
        return {
          id: row.id,
          browser,
          os,
          ipAddress: row.ipAddress || null,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === currentSessionId,
        };
      });
    },

    /** Signs one of the user's own other devices out; another user's session id is "not found". */
    async revokeSession(userId: string, currentSessionId: string, sessionId: string): Promise<void> {
      if (sessionId === currentSessionId) throw new AppError('conflict', ACCOUNT_MESSAGES.cannotRevokeCurrent);
      const removed = await db
        .delete(session)
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .returning({ id: session.id });
      if (removed.length === 0) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
    },

    /** Signs every other device out (ASVS 7.5.2). */
    async revokeOtherSessions(userId: string, currentSessionId: string): Promise<{ signedOut: number }> {
      const removed = await db
        .delete(session)
        .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
        .returning({ id: session.id });
      return { signedOut: removed.length };
    },

    /**
     * Everything the product holds about the user, as one JSON document. Secrets are left out
     * (password hash, session tokens, two-factor secret and backup codes): they are not "about"
     * the person and would only help whoever got hold of the file.
     */
    async exportData(userId: string) {
      const [me] = await db
        .select({
          id: user.id,
          email: user.email,
          name: user.name,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          emailVerified: user.emailVerified,
          twoFactorEnabled: user.twoFactorEnabled,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        })
        .from(user)
        .where(eq(user.id, userId));
      if (!me) throw new AppError('not_found', 'This account no longer exists.');
      const conversations = await db.select().from(chatbotConversations).where(eq(chatbotConversations.userId, userId));
      const conversationIds = conversations.map((c) => c.id);
      const ownPlans = await db.select().from(carePlans).where(eq(carePlans.familyId, userId));
      const ownPlanIds = ownPlans.map((p) => p.id);
      const [
        profile,
        family,
        professional,
        community,
        messages,
        answers,
        planTeams,
        planShifts,
        memberships,
        myShifts,
        votes,
        support,
        lessons,
        quizzes,
        certificates,
        sessions,
        devices,
        feeds,
        planMedications,
        planDoseRecords,
        myDoseRecords,
        inbox,
        emailPreferences,
        deliverySettings,
        assessments,
        stories,
        planInterest,
      ] = await Promise.all([
        db.select().from(profiles).where(eq(profiles.id, userId)),
        db.select().from(familyDetails).where(eq(familyDetails.userId, userId)),
        db.select().from(professionalDetails).where(eq(professionalDetails.userId, userId)),
        db.select().from(communityDetails).where(eq(communityDetails.userId, userId)),
        conversationIds.length
          ? db.select().from(chatbotMessages).where(inArray(chatbotMessages.conversationId, conversationIds))
          : Promise.resolve([]),
        conversationIds.length
          ? db.select().from(chatbotAnswers).where(inArray(chatbotAnswers.conversationId, conversationIds))
          : Promise.resolve([]),
        ownPlanIds.length
          ? db.select().from(careTeamMembers).where(inArray(careTeamMembers.planId, ownPlanIds))
          : Promise.resolve([]),
        ownPlanIds.length ? db.select().from(shifts).where(inArray(shifts.planId, ownPlanIds)) : Promise.resolve([]),
        db.select().from(careTeamMembers).where(eq(careTeamMembers.userId, userId)),
        db
          .select()
          .from(shifts)
          .where(or(eq(shifts.assigneeId, userId), eq(shifts.offeredToId, userId), eq(shifts.doneById, userId))),
        db
          .select({ featureId: featureUpvotes.featureId, feature: features.title, votedAt: featureUpvotes.createdAt })
          .from(featureUpvotes)
          .innerJoin(features, eq(features.id, featureUpvotes.featureId))
          .where(eq(featureUpvotes.userId, userId)),
        db.select().from(supportRequests).where(eq(supportRequests.userId, userId)),
        db.select().from(trainingLessonProgress).where(eq(trainingLessonProgress.userId, userId)),
        db.select().from(trainingQuizAttempts).where(eq(trainingQuizAttempts.userId, userId)),
        db.select().from(trainingCertificates).where(eq(trainingCertificates.userId, userId)),
        db
          .select({
            userAgent: session.userAgent,
            ipAddress: session.ipAddress,
            createdAt: session.createdAt,
            lastSeenAt: session.lastSeenAt,
            expiresAt: session.expiresAt,
          })
          .from(session)
          .where(eq(session.userId, userId)),
        db.select({ firstSeenAt: knownDevice.firstSeenAt }).from(knownDevice).where(eq(knownDevice.userId, userId)),
        db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
        ownPlanIds.length
          ? db.select().from(medications).where(inArray(medications.planId, ownPlanIds))
          : Promise.resolve([]),
        ownPlanIds.length
          ? db.select().from(doseRecords).where(inArray(doseRecords.planId, ownPlanIds))
          : Promise.resolve([]),
        db.select().from(doseRecords).where(eq(doseRecords.recordedById, userId)),
        db
          .select({
            kind: notifications.kind,
            title: notifications.title,
            body: notifications.body,
            link: notifications.link,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
            emailedAt: notifications.emailedAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt)),
        db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
        db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
        db.select().from(careAssessments).where(eq(careAssessments.familyId, userId)),
        db.select().from(familyStories).where(eq(familyStories.familyId, userId)),
        db.select().from(subscriptionInterest).where(eq(subscriptionInterest.userId, userId)),
      ]);
      const ownPlanSet = new Set(ownPlanIds);
      return {
        exportedAt: new Date().toISOString(),
        format: 'tavara-account-export/1',
        account: me,
        profile: profile[0] ?? null,
        registration: {
          family: family[0] ?? null,
          professional: professional[0] ?? null,
          community: community[0] ?? null,
        },
        registrationChats: conversations.map((c) => ({
          ...c,
          messages: messages.filter((m) => m.conversationId === c.id),
          answers: answers.filter((a) => a.conversationId === c.id),
        })),
        carePlansYouOwn: ownPlans.map((p) => ({
          ...p,
          team: planTeams.filter((m) => m.planId === p.id),
          shifts: planShifts.filter((s) => s.planId === p.id),
          medications: planMedications.filter((m) => m.planId === p.id),
          doseRecords: planDoseRecords.filter((r) => r.planId === p.id),
        })),
        careTeamMemberships: memberships,
        yourShiftsOnOtherPlans: myShifts.filter((s) => !ownPlanSet.has(s.planId)),
        dosesYouRecordedOnOtherPlans: myDoseRecords.filter((r) => !ownPlanSet.has(r.planId)),
        featureVotes: votes,
        supportRequests: support,
        training: { lessonsRead: lessons, quizAttempts: quizzes, certificates },
        signIns: { sessions, knownDeviceCount: devices.length, calendarFeed: feeds[0] ?? null },
        notifications: { inbox, emailPreferences, settings: deliverySettings[0] ?? null },
        // Issue 19: care needs assessments, stories (with when they were shared) and plan interest.
        careAssessments: assessments,
        familyStories: stories,
        subscriptionInterest: planInterest,
      };
    },

    /**
     * The person deletes their own account (password re-entered): the same complete deletion as
     * the admin's, with an audit entry whose actor is the person themself.
     */
    async deleteOwnAccount(u: { id: string; email: string; role?: string | null }, password: string) {
      await checkPassword(u.id, password);
      const actor: AuditActor = { id: u.id, email: maskEmail(u.email) };
      const removed = await deleteAccountCompletely({ db, dataDir, logger }, u.id, async (tx) => {
        // The actor's id would dangle (the user row is gone): the entry names a masked address.
        await tx.insert(adminAuditLog).values({
          actorId: null,
          actorEmail: actor.email,
          action: 'user.self_deleted',
          targetType: 'user',
          targetId: u.id,
          details: { targetEmail: actor.email, role: u.role ?? null },
        });
      });
      if (!removed) throw new AppError('not_found', 'This account no longer exists.');
      return { deleted: true };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * Per-account limits on the account routes (exports, device sign-outs), counted in the database so
 * every instance shares them: `limit(key, rule)` throws a 429 once `rule.max` is used up.
 */
export function createAccountLimiter(db: Database) {
  const limits = createWindowCounter(db, accountLimit);
  return async function limit(key: string, rule: { max: number; windowSeconds: number }) {
    const decision = await limits.consume(key, rule);
    if (!decision.allowed) {
      throw new RateLimitedError(
        `Too many requests. Please wait ${Math.ceil(decision.retryAfterSeconds / 60)} minutes and try again.`,
        decision.retryAfterSeconds,
      );
    }
  };
}
