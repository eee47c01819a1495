import { isRole, DEFAULT_ROLE } from '@tavara/shared/roles';
import { and, eq, ne } from 'drizzle-orm';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { linkChatSessionAtSignUp } from '../features/registration-chat/registration-chat.service';
import { redactError, sessionLogTag } from '../features/registration-chat/session-id';
import { currentAuthRequestState } from './auth-request-state';

import type { BetterAuthOptions } from 'better-auth';
import { type AuthContext } from './auth-context';

/** Better Auth's database hooks: the role at sign-up, the profile beside each user, the admin bootstrap. */
export function authDatabaseHooks(ctx: AuthContext): NonNullable<BetterAuthOptions['databaseHooks']> {
  const { env, db, log, grantAdminIfListed } = ctx;
  return {
    user: {
      create: {
        before: async (data, ctx) => {
          // Sign-up: only the public role validated in hooks.before. Otherwise (an admin creating
          // a user) keep the role given, if it is one of ours.
          const requested = (data as { role?: unknown }).role;
          const role =
            ctx?.path === '/sign-up/email'
              ? (currentAuthRequestState()?.signUpRole ?? DEFAULT_ROLE)
              : isRole(requested)
                ? requested
                : DEFAULT_ROLE;
          return { data: { ...data, role } };
        },
        after: async (created) => {
          // Like a database trigger: every user has a profile from the start (spec §3). Failure is
          // logged only; POST /api/profile/ensure creates it later.
          const u = created as typeof created & { role: string; firstName?: string | null; lastName?: string | null };
          try {
            await db
              .insert(profiles)
              .values({
                id: u.id,
                role: isRole(u.role) ? u.role : DEFAULT_ROLE,
                fullName: u.name || null,
                firstName: u.firstName ?? null,
                lastName: u.lastName ?? null,
              })
              .onConflictDoNothing({ target: profiles.id });
          } catch (error) {
            log.error({ err: error, userId: u.id }, 'could not create the profile of a new user');
          }
          // Issue 14: the chat this sign-up came from belongs to the new account from now on, so
          // the form finds its answers in any browser (a mail app's own opens the confirmation
          // link). Only a new account links (an existing address's sign-up creates nothing here),
          // and never a chat already linked to someone else. A failure only loses the prefill.
          const chatSessionId = currentAuthRequestState()?.signUpChatSessionId;
          if (chatSessionId) {
            try {
              const linked = await linkChatSessionAtSignUp(db, chatSessionId, u.id);
              log.info({ userId: u.id, chatSession: sessionLogTag(chatSessionId), linked }, 'sign-up chat session');
            } catch (error) {
              log.error({ err: redactError(error, chatSessionId), userId: u.id }, 'could not link the sign-up chat');
            }
          }
        },
      },
      update: {
        before: async (data) => {
          // Two-factor turned on (first code accepted) or off: the after-hook mails the owner.
          const state = currentAuthRequestState();
          const enabled = (data as { twoFactorEnabled?: unknown }).twoFactorEnabled;
          if (state && typeof enabled === 'boolean') state.twoFactorChanged = enabled;
          return { data };
        },
        after: async (updated) => {
          // users.role is the authority; keep the profile's copy in step (admin set-role).
          const role = (updated as { role?: unknown } | null)?.role;
          if (!updated || !isRole(role)) return;
          await db
            .update(profiles)
            .set({ role })
            .where(and(eq(profiles.id, updated.id), ne(profiles.role, role)));
        },
      },
    },
    session: {
      create: {
        before: async (s) => {
          // An address added to ADMIN_EMAILS after it was verified becomes admin at its next sign-in.
          if (env.ADMIN_EMAILS.length === 0) return;
          const [u] = await db
            .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
            .from(user)
            .where(eq(user.id, s.userId));
          if (u) await grantAdminIfListed(u);
        },
      },
    },
  };
}
