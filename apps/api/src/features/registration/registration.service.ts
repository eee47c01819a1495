import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatAnswerValue } from '@tavara/shared/registration-chat/chat-state';
import { isMultiSelectQuestion } from '@tavara/shared/registration-chat/flows';
import {
  getRegistrationProblems,
  normaliseRegistrationAnswers,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MESSAGES,
  PROFILE_QUESTION_IDS,
  REGISTRATION_MESSAGES,
  registrationQuestions,
  PROFILE_PHOTO_TYPES,
  type RegistrationAnswers,
  type SavedRegistration,
} from '@tavara/shared/registration/registration';
import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { isPublicRole, type PublicRole } from '@tavara/shared/roles';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema/profiles';
import { communityDetails, familyDetails, professionalDetails } from '../../db/schema/registration';
import { AppError } from '../../lib/app-error';
import { IMAGE_EXTENSIONS, sniffImageType } from '../../lib/image-type';
import { profilePhotoDir } from '../../lib/upload-dirs';

export const DETAILS_TABLES = {
  family: familyDetails,
  professional: professionalDetails,
  community: communityDetails,
} as const;

type DetailsRow = Record<string, unknown>;

/** The questions saved in the role's details table (everything not on the profile row). */
export function detailsQuestions(role: PublicRole) {
  const onProfile = PROFILE_QUESTION_IDS[role];
  const profileIds = new Set<string>([...onProfile.names, onProfile.phone, onProfile.email]);
  if (onProfile.fullName) profileIds.add(onProfile.fullName);
  // The family's care location is both where they live and where care happens: kept in both.
  if (role !== 'family') profileIds.add(onProfile.location);
  return registrationQuestions(role).filter((question) => !profileIds.has(question.id));
}

/** Answers → a details row: codes as arrays, yes/no as booleans, consent as the time it was given. */
function toDetailsRow(
  role: PublicRole,
  answers: Record<string, ChatAnswerValue>,
  keptConsent: Date | null,
): DetailsRow {
  const row: DetailsRow = {};
  for (const question of detailsQuestions(role)) {
    const value = answers[question.id];
    if (question.id === 'consent') row[question.id] = value === 'yes' ? (keptConsent ?? new Date()) : null;
    else if (isMultiSelectQuestion(question)) row[question.id] = Array.isArray(value) ? value : [];
    else if (question.type === 'confirm') row[question.id] = value === undefined ? null : value === 'yes';
    else row[question.id] = typeof value === 'string' ? value : null;
  }
  return row;
}

/** A details row → answers by question id (blank and empty values left out). */
function fromDetailsRow(role: PublicRole, row: DetailsRow): Record<string, ChatAnswerValue> {
  const answers: Record<string, ChatAnswerValue> = {};
  for (const question of detailsQuestions(role)) {
    const value = row[question.id];
    if (value === null || value === undefined) continue;
    if (value instanceof Date) answers[question.id] = 'yes';
    else if (typeof value === 'boolean') answers[question.id] = value ? 'yes' : 'no';
    else if (Array.isArray(value)) {
      if (value.length > 0) answers[question.id] = value.map(String);
    } else answers[question.id] = String(value);
  }
  return answers;
}

export interface RegistrationUser {
  readonly id: string;
  readonly email: string;
  readonly role?: string | null | undefined;
}

/** The URL the app shows a user's photo at (shared with the dashboard). */
export const photoUrl = profilePhotoUrl;

/**
 * Registration forms (issue 6): read the saved form for edit mode, save it (profile row + the
 * role's details row in one transaction), and keep the profile photo under DATA_DIR.
 */
export function createRegistrationService(db: Database, dataDir: string) {
  const photoDir = profilePhotoDir(dataDir);

  /** The role whose form this user may fill in: their own public role, and only that. */
  function formRoleOf(u: RegistrationUser, requested?: PublicRole): PublicRole {
    if (u.role === 'admin') throw new AppError('forbidden', REGISTRATION_MESSAGES.adminHasNoRegistration);
    const role = isPublicRole(u.role) ? u.role : null;
    if (!role) throw new AppError('forbidden', 'Your account has no role yet. Please sign in again.');
    if (requested && requested !== role) throw new AppError('forbidden', REGISTRATION_MESSAGES.wrongRole(requested));
    return role;
  }

  async function read(u: RegistrationUser): Promise<SavedRegistration> {
    const role = formRoleOf(u);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, u.id));
    const table = DETAILS_TABLES[role];
    const [details] = await db.select().from(table).where(eq(table.userId, u.id));
    const onProfile = PROFILE_QUESTION_IDS[role];
    const answers: Record<string, ChatAnswerValue> = details ? fromDetailsRow(role, details) : {};
    const put = (id: string | undefined, value: string | null | undefined) => {
      if (id && value?.trim()) answers[id] = value;
    };
    put(onProfile.names[0], profile?.firstName);
    put(onProfile.names[1], profile?.lastName);
    put(onProfile.fullName, profile?.fullName);
    put(onProfile.phone, profile?.phone);
    put(onProfile.location, (answers[onProfile.location] as string | undefined) ?? profile?.location);
    answers[onProfile.email] = u.email;
    return {
      role,
      answers,
      photoUrl: profile?.photoFile ? photoUrl(u.id, profile.photoFile) : null,
      registeredAt: profile?.registeredAt?.toISOString() ?? null,
    };
  }

  return {
    read,

    async save(u: RegistrationUser, requested: PublicRole, submitted: RegistrationAnswers): Promise<SavedRegistration> {
      const role = formRoleOf(u, requested);
      const problems = getRegistrationProblems(role, submitted);
      if (Object.keys(problems).length > 0) {
        throw new AppError('validation_failed', 'Please check the highlighted fields.', problems);
      }
      const answers = normaliseRegistrationAnswers(role, submitted);
      const onProfile = PROFILE_QUESTION_IDS[role];
      const text = (id: string | undefined) => (id ? ((answers[id] as string | undefined) ?? null) : null);
      const [firstName, lastName] = onProfile.names.map(text);
      const fullName = onProfile.fullName ? text(onProfile.fullName) : [firstName, lastName].filter(Boolean).join(' ');
      const table = DETAILS_TABLES[role];

      await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(table).where(eq(table.userId, u.id));
        const keptConsent = existing && 'consent' in existing ? (existing.consent as Date | null) : null;
        const row = toDetailsRow(role, answers, keptConsent);
        await tx
          .insert(table)
          .values({ userId: u.id, ...row } as typeof table.$inferInsert)
          .onConflictDoUpdate({ target: table.userId, set: { ...row, updatedAt: new Date() } });
        const [updated] = await tx
          .update(profiles)
          .set({
            ...(onProfile.names.length > 0 ? { firstName, lastName } : {}),
            fullName: fullName || null,
            phone: text(onProfile.phone),
            location: text(onProfile.location),
            ...(role === 'professional' ? { professionalType: text('professional_role') } : {}),
          })
          .where(eq(profiles.id, u.id))
          .returning({ registeredAt: profiles.registeredAt });
        if (!updated) {
          throw new AppError('conflict', 'Your profile is missing. Please sign out and sign in again.');
        }
        if (!updated.registeredAt) {
          await tx.update(profiles).set({ registeredAt: new Date() }).where(eq(profiles.id, u.id));
        }
      });
      return read(u);
    },

    /** Keeps a new profile photo (checked by content) and drops the old file. */
    async savePhoto(u: RegistrationUser, bytes: Uint8Array): Promise<{ photoUrl: string }> {
      formRoleOf(u);
      if (bytes.byteLength === 0)
        throw new AppError('validation_failed', PROFILE_PHOTO_MESSAGES.missing, {
          photo: PROFILE_PHOTO_MESSAGES.missing,
        });
      if (bytes.byteLength > PROFILE_PHOTO_MAX_BYTES) {
        throw new AppError('payload_too_large', PROFILE_PHOTO_MESSAGES.size, { photo: PROFILE_PHOTO_MESSAGES.size });
      }
      const type = sniffImageType(bytes, PROFILE_PHOTO_TYPES);
      if (!type)
        throw new AppError('validation_failed', PROFILE_PHOTO_MESSAGES.type, { photo: PROFILE_PHOTO_MESSAGES.type });

      const [profile] = await db.select({ photoFile: profiles.photoFile }).from(profiles).where(eq(profiles.id, u.id));
      if (!profile) throw new AppError('conflict', 'Your profile is missing. Please sign out and sign in again.');
      // The file name never comes from the user: their id (for the owner check) and random bytes.
      const file = `${u.id.replace(/[^A-Za-z0-9_-]/g, '')}-${randomBytes(12).toString('base64url')}.${IMAGE_EXTENSIONS[type]}`;
      await mkdir(photoDir, { recursive: true });
      await writeFile(join(photoDir, file), bytes, { mode: 0o600 });
      const url = photoUrl(u.id, file);
      try {
        await db
          .update(profiles)
          .set({ photoFile: file, photoType: type, avatarUrl: url })
          .where(eq(profiles.id, u.id));
      } catch (error) {
        // The profile still points at the old photo: drop the new file rather than leave it orphaned.
        await rm(join(photoDir, file), { force: true });
        throw error;
      }
      if (profile.photoFile) await rm(join(photoDir, profile.photoFile), { force: true });
      return { photoUrl: url };
    },

    /** A user's photo for its owner or an admin; anyone else gets the same 404 as for no photo. */
    async readPhoto(viewer: RegistrationUser, userId: string): Promise<{ bytes: Buffer; type: string }> {
      const notFound = new AppError('not_found', 'No photo here.');
      if (viewer.id !== userId && viewer.role !== 'admin') throw notFound;
      const [profile] = await db
        .select({ photoFile: profiles.photoFile, photoType: profiles.photoType })
        .from(profiles)
        .where(eq(profiles.id, userId));
      if (!profile?.photoFile || !profile.photoType) throw notFound;
      try {
        return { bytes: await readFile(join(photoDir, profile.photoFile)), type: profile.photoType };
      } catch {
        throw notFound;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
