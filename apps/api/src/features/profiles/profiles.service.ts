import { DEFAULT_ROLE, isRole, type Role } from '@tavara/shared/roles';
import type { Profile } from '@tavara/shared/auth/profile.schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema/profiles';

type ProfileRow = typeof profiles.$inferSelect;

/** The account fields a profile is made from (the server-side user record, never client input). */
export interface ProfileOwner {
  id: string;
  name: string;
  role?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Which step of ensure-profile failed; the route turns it into the spec §8 message prefix. */
export class EnsureProfileError extends Error {
  constructor(
    readonly step: 'database' | 'update' | 'creation',
    options: { cause: unknown },
  ) {
    super(`ensure-profile failed at ${step}`, options);
    this.name = 'EnsureProfileError';
  }
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    full_name: row.fullName,
    avatar_url: row.avatarUrl,
    role: isRole(row.role) ? row.role : DEFAULT_ROLE,
    professional_type: row.professionalType,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    location: row.location,
    registered_at: row.registeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ? toProfile(row) : null;
}

/**
 * Spec §4 ensure-profile, with the role taken from the user record: creates the profile from the
 * account's names and role when it is missing; when it exists with another role, brings the role
 * in line. Idempotent and safe to call on every sign-in.
 */
export async function ensureProfile(
  db: Database,
  owner: ProfileOwner,
): Promise<{ profile: Profile; created: boolean }> {
  const role: Role = isRole(owner.role) ? owner.role : DEFAULT_ROLE;
  let existing: ProfileRow | undefined;
  try {
    [existing] = await db.select().from(profiles).where(eq(profiles.id, owner.id));
  } catch (cause) {
    throw new EnsureProfileError('database', { cause });
  }

  if (existing) {
    if (existing.role === role) return { profile: toProfile(existing), created: false };
    try {
      const [updated] = await db.update(profiles).set({ role }).where(eq(profiles.id, owner.id)).returning();
      return { profile: toProfile(updated ?? { ...existing, role }), created: false };
    } catch (cause) {
      throw new EnsureProfileError('update', { cause });
    }
  }

  try {
    const [inserted] = await db
      .insert(profiles)
      .values({
        id: owner.id,
        role,
        fullName: owner.name.trim() || null,
        firstName: owner.firstName ?? null,
        lastName: owner.lastName ?? null,
      })
      .onConflictDoNothing({ target: profiles.id })
      .returning();
    if (inserted) return { profile: toProfile(inserted), created: true };
    // Another request created it between our read and insert.
    const [raced] = await db.select().from(profiles).where(eq(profiles.id, owner.id));
    if (!raced) throw new Error('profile missing after insert');
    return { profile: toProfile(raced), created: false };
  } catch (cause) {
    throw new EnsureProfileError('creation', { cause });
  }
}
