import { resolve } from 'node:path';

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
