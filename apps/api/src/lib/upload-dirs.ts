import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Logger } from './logger';

/**
 * Where uploaded files live under DATA_DIR: one place, because more than one feature reaches
 * them (the registration form writes profile photos, support writes screenshots, professionals
 * upload documents, and deleting a user removes them).
 */
export const profilePhotoDir = (dataDir: string) => resolve(dataDir, 'uploads', 'profile-photos');
export const supportScreenshotDir = (dataDir: string) => resolve(dataDir, 'uploads', 'support');
export const professionalDocumentDir = (dataDir: string) => resolve(dataDir, 'uploads', 'documents');
/** An update's photos (decision 042): `<photo id>.jpg`. Deleting a plan or its owner removes them. */
export const planUpdatePhotoDir = (dataDir: string) => resolve(dataDir, 'uploads', 'plan-updates');

/**
 * Removes uploaded files after the commit that deleted their rows: a file that cannot be removed
 * is an orphan on the disk, logged, never a reason to undo the deletion.
 */
export async function removeFilesAfterCommit(
  files: readonly string[],
  logger: Logger,
  context: Record<string, string>,
): Promise<void> {
  await Promise.all(
    files.map((file) =>
      rm(file, { force: true }).catch((error: unknown) => {
        logger.warn({ err: error, ...context }, 'deleted: a file could not be removed');
      }),
    ),
  );
}
