import type { AdminAuditAction } from '@tavara/shared/admin/admin';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminAuditLog } from '../db/schema/admin';

/** Who did it: the signed-in admin (id and e-mail, copied because the admin may be deleted later). */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntryInput {
  action: AdminAuditAction;
  targetType:
    | 'user'
    | 'support_request'
    | 'training_certificate'
    | 'notification_job'
    | 'family_story'
    | 'board_post'
    | 'professional_document';
  targetId: string;
  details?: Record<string, string | number | boolean | null>;
}

/** A query builder or a transaction: pass the transaction so the record commits with the change. */
type Writer = Pick<Database, 'insert'>;

/**
 * Writes one audit entry. Call it inside the transaction that makes the change, so there is no
 * change without its record and no record of a change that rolled back.
 */
export async function recordAdminAction(writer: Writer, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await writer.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}

/** The newest entries first, a page at a time, with the total for the pager. */
export async function listAdminActions(db: Database, page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(adminAuditLog),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action as AdminAuditAction,
      targetType: row.targetType,
      targetId: row.targetId,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    total: count?.total ?? 0,
    page,
    pageSize,
  };
}

/**
 * `asha.ramdial@example.tt` → `a***@example.tt`: enough for an admin to recognise whose account
 * was deleted, without keeping the deleted person's address in full.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.charAt(0)}***${email.slice(at)}`;
}
