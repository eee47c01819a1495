import { ADMIN_MESSAGES, ADMIN_USERS_PAGE_SIZE, type AdminUsersQuery } from '@tavara/shared/admin/admin';
import type { Role } from '@tavara/shared/roles';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session, twoFactor, user } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../lib/app-error';
import { type AuditActor, maskEmail, recordAdminAction } from '../../lib/audit-log';
import type { Logger } from '../../lib/logger';
import { deleteAccountCompletely } from '../../lib/account-deletion';

/** One row of the admin's user list (issue 8: e-mail, name, role, verified, created). */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
}

/** `%`, `_` and `\` typed into the search box are matched literally, not as LIKE wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const userColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
};

function toRow(row: { [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'] }): AdminUserRow {
  return { ...row, role: row.role as Role, createdAt: row.createdAt.toISOString() };
}

/**
 * The admin area's user management (issue 8, spec §6 `admin_delete_user`). Every change is made
 * in one transaction with its audit entry. Files (profile photo, support screenshots) are removed
 * after the commit: a failed file removal leaves an orphan file, never a half-deleted account.
 */
export function createAdminUsers(deps: { db: Database; dataDir: string; logger: Logger }) {
  const { db, dataDir, logger } = deps;

  async function getTarget(userId: string) {
    const [target] = await db.select(userColumns).from(user).where(eq(user.id, userId));
    if (!target) throw new AppError('not_found', ADMIN_MESSAGES.userNotFound);
    return target;
  }

  return {
    /** Newest accounts first; `search` matches e-mail or name anywhere, case-insensitively. */
    async list(query: AdminUsersQuery) {
      const conditions: SQL[] = [];
      if (query.search) {
        const pattern = likeContains(query.search);
        conditions.push(or(ilike(user.email, pattern), ilike(user.name, pattern)) as SQL);
      }
      if (query.role) conditions.push(eq(user.role, query.role));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(userColumns)
          .from(user)
          .where(where)
          .orderBy(desc(user.createdAt), desc(user.id))
          .limit(ADMIN_USERS_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE),
        db.select({ total: count() }).from(user).where(where),
      ]);
      return { users: rows.map(toRow), total: counted?.total ?? 0, page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
    },

    /**
     * Gives `userId` another role, in the users table (the authority) and the profile. Moving to
     * another public role clears `registered_at`: the new role's registration form has not been
     * filled in, so the post-login redirect asks for it.
     */
    async changeRole(actor: AuditActor, userId: string, role: Role): Promise<AdminUserRow> {
      if (userId === actor.id) throw new AppError('conflict', ADMIN_MESSAGES.cannotChangeOwnRole);
      const target = await getTarget(userId);
      if (target.role === role) return toRow(target);
      return db.transaction(async (tx) => {
        const [updated] = await tx.update(user).set({ role }).where(eq(user.id, userId)).returning(userColumns);
        if (!updated) throw new AppError('not_found', ADMIN_MESSAGES.userNotFound);
        await tx
          .update(profiles)
          .set({ role, ...(role !== 'admin' ? { registeredAt: null } : {}) })
          .where(eq(profiles.id, userId));
        await recordAdminAction(tx, actor, {
          action: 'user.role_changed',
          targetType: 'user',
          targetId: userId,
          details: { targetEmail: target.email, from: target.role, to: role },
        });
        return toRow(updated);
      });
    },

    /**
     * Spec §6 `admin_delete_user(target_user_id)`: the account and everything that is theirs,
     * by the one complete deletion (lib/account-deletion.ts). An admin cannot delete themselves.
     */
    async deleteUser(actor: AuditActor, userId: string): Promise<{ deleted: string }> {
      if (userId === actor.id) throw new AppError('conflict', ADMIN_MESSAGES.cannotDeleteSelf);
      const target = await getTarget(userId);
      const removed = await deleteAccountCompletely({ db, dataDir, logger }, userId, (tx) =>
        recordAdminAction(tx, actor, {
          action: 'user.deleted',
          targetType: 'user',
          targetId: userId,
          details: { targetEmail: maskEmail(target.email), role: target.role },
        }),
      );
      if (!removed) throw new AppError('not_found', ADMIN_MESSAGES.userNotFound);
      return { deleted: userId };
    },

    /**
     * Issue 22: recovery for a person who lost their authenticator and their backup codes. The
     * admin has checked who is asking (outside the app) and says how; two-factor is turned off,
     * every session of the user ends, the owner is mailed, and the reset is in the audit log.
     */
    async resetTwoFactor(actor: AuditActor, userId: string, reason: string): Promise<{ reset: string }> {
      const target = await getTarget(userId);
      await db.transaction(async (tx) => {
        await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await tx.delete(session).where(eq(session.userId, userId));
        await recordAdminAction(tx, actor, {
          action: 'user.two_factor_reset',
          targetType: 'user',
          targetId: userId,
          details: { targetEmail: maskEmail(target.email), reason },
        });
      });
      return { reset: userId };
    },
  };
}
