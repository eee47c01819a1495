import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { session, user } from '../db/schema/auth';
import { shifts } from '../db/schema/care-plans';
import { profiles } from '../db/schema/profiles';
import { supportRequests } from '../db/schema/support';
import type { Logger } from './logger';
import { professionalDocumentDir, profilePhotoDir, supportScreenshotDir } from './upload-dirs';
import { professionalDocuments } from '../db/schema/professional-documents';

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
 * foreign key's `set null`). `audit` writes the audit entry inside the same transaction.
 * Files (profile photo, support screenshots) are removed after the commit: a failed removal
 * leaves an orphan file, never a half-deleted account. Returns false when there was no such user.
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
  ];
  await Promise.all(
    files.map((file) =>
      rm(file, { force: true }).catch((error: unknown) => {
        logger.warn({ err: error, userId }, 'deleted user: a file could not be removed');
      }),
    ),
  );
  return true;
}
