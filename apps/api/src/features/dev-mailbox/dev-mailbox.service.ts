import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema/mail';

/** How many messages the mailbox lists at most (newest first). */
export const DEV_MAILBOX_LIMIT = 100;

const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The dev outbox, newest first, optionally only the mail sent to one address. */
export async function listDevMail(db: Database, to?: string) {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.toAddress, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.id))
    .limit(DEV_MAILBOX_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    /** Every link in the plain-text body, in order (the action link first). */
    links: [...new Set(row.textBody.match(LINK_PATTERN) ?? [])],
    createdAt: row.createdAt.toISOString(),
  }));
}
