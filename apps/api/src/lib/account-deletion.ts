import { join } from 'node:path';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountLimit, session, user } from '../db/schema/auth';
import { boardRateLimits } from '../db/schema/boards';
import { shifts } from '../db/schema/care-plans';
import { notifications } from '../db/schema/notifications';
import { profiles } from '../db/schema/profiles';
import { supportRateLimits, supportRequests } from '../db/schema/support';
import type { WindowCounterTable } from '../db/schema/window-counter';
import type { Logger } from './logger';
import { professionalDocumentDir, profilePhotoDir, removeFilesAfterCommit, supportScreenshotDir } from './upload-dirs';
import { professionalDocuments } from '../db/schema/professional-documents';
import { photoFilesOfPlans } from './plan-photo-files';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The one complete deletion of an account (spec §6 `admin_delete_user`; issue 22 for the person's
 * own): the admin area and the account page both call it, so they cannot drift apart.
 *
 * In one transaction: support requests they sent signed in, every session (all devices signed out
 * at once), then the user row, whose foreign keys cascade to the profile, registration details,
 * chats with their transcripts and answers, votes, training progress and certificates, two-factor
 * secrets, known devices, calendar feeds, team memberships — and care plans they own, with those
 * plans' teams and shifts. On other people's plans, their shifts are handled first: one booked for
 * them goes back to open (someone else must cover it), an offer to them is withdrawn, and a
 * started or done shift is kept as a record with no person ("former team member", via the
 * foreign key's `set null`). Issue 32: other people's notifications that name them (the rows
 * carry the actor's id) now say "A former member" instead, and the rate-limit counters keyed by
 * their id or address go. `audit` writes the audit entry inside the same transaction.
 * Files (profile photo, support screenshots, documents, the photos of updates on their plans)
 * are removed after the commit: a failed removal leaves an orphan file, never a half-deleted
 * account. Returns false when there was no such user.
 */
export async function deleteAccountCompletely(
  deps: { db: Database; dataDir: string; logger: Logger },
  userId: string,
  audit: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  const { db, dataDir, logger } = deps;
  const [profile] = await db.select({ photoFile: profiles.photoFile }).from(profiles).where(eq(profiles.id, userId));
  const screenshotFiles = await db
    .select({ file: supportRequests.screenshotFile })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, userId), isNotNull(supportRequests.screenshotFile)));
  // Their documents go with the row (cascade); the files are removed after the commit.
  const documentFiles = await db
    .select({ file: professionalDocuments.file })
    .from(professionalDocuments)
    .where(eq(professionalDocuments.ownerId, userId));
  // The photos of the updates on the plans they own (the plans go with them below).
  const updatePhotoFiles = await photoFilesOfPlans(db, dataDir, { ownerId: userId });
  const removed = await db.transaction(async (tx) => {
    // Their shifts on other people's plans (their own plans are deleted with them below).
    await tx
      .update(shifts)
      .set({ status: 'open', assigneeId: null })
      .where(and(eq(shifts.assigneeId, userId), eq(shifts.status, 'assigned')));
    await tx
      .update(shifts)
      .set({ status: 'open', offeredToId: null })
      .where(and(eq(shifts.offeredToId, userId), eq(shifts.status, 'offered')));
    await tx.delete(supportRequests).where(eq(supportRequests.userId, userId));
    await forgetInOthersNotifications(tx, userId);
    await deleteRateLimitKeys(tx, userId);
    // Explicit, though the cascade would do it: the sign-out of every device must not depend on it.
    await tx.delete(session).where(eq(session.userId, userId));
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    if (deleted.length === 0) return false;
    await audit(tx);
    return true;
  });
  if (!removed) return false;
  const files = [
    ...(profile?.photoFile ? [join(profilePhotoDir(dataDir), profile.photoFile)] : []),
    ...screenshotFiles.flatMap(({ file }) => (file ? [join(supportScreenshotDir(dataDir), file)] : [])),
    ...documentFiles.map(({ file }) => join(professionalDocumentDir(dataDir), file)),
    ...updatePhotoFiles,
  ];
  await removeFilesAfterCommit(files, logger, { userId });
  return true;
}

/** What other people's notifications call someone who deleted their account. */
export const FORMER_MEMBER = 'A former member';

/**
 * Every name the app shows for `userId` (the profile's full name, first and last, the account's
 * name) is replaced in the notifications they caused, longest first so "Asha Ramdial" goes before
 * "Asha"; the rows stay (the recipient keeps the history) without the person.
 */
async function forgetInOthersNotifications(tx: Transaction, userId: string) {
  const [names] = await tx
    .select({
      fullName: profiles.fullName,
      firstLast: sql<string | null>`nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), '')`,
      accountName: user.name,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const known = [names?.fullName, names?.firstLast, names?.accountName]
    .map((n) => n?.trim())
    .filter((n): n is string => Boolean(n) && n !== FORMER_MEMBER);
  const distinct = [...new Set(known)].sort((a, b) => b.length - a.length);
  let title = sql`${notifications.title}`;
  let body = sql`${notifications.body}`;
  let emailLine = sql`${notifications.emailLine}`;
  for (const name of distinct) {
    title = sql`replace(${title}, ${name}, ${FORMER_MEMBER})`;
    body = sql`replace(${body}, ${name}, ${FORMER_MEMBER})`;
    emailLine = sql`replace(${emailLine}, ${name}, ${FORMER_MEMBER})`;
  }
  await tx
    .update(notifications)
    .set({ title, body, emailLine, actorId: null })
    .where(eq(notifications.actorId, userId));
}

/**
 * Rate-limit counters that carry the person's id (`account-export:<id>`, `post:<id>`,
 * `caregiver:<id>`) or address (`sign-in-failures:<address>`, `sign-in-source:<address>:<source>`,
 * `reset-email:<address>`). They would expire within a day anyway; a deleted account's id and
 * address should not outlive it.
 */
async function deleteRateLimitKeys(tx: Transaction, userId: string) {
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  const address = row?.email.trim().toLowerCase();
  const idSuffix = `:${userId}`;
  const tables: WindowCounterTable[] = [accountLimit, boardRateLimits, supportRateLimits];
  for (const table of tables) {
    const byAddress = address
      ? [
          sql`right(${table.key}, ${address.length + 1}) = ${`:${address}`}`,
          sql`strpos(${table.key}, ${`:${address}:`}) > 0`,
        ]
      : [];
    await tx.delete(table).where(or(sql`right(${table.key}, ${idSuffix.length}) = ${idSuffix}`, ...byAddress));
  }
}
