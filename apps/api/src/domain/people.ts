import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { type AnyColumn, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';

/** How people are named and pictured to each other across features. */

/** A person's name as everyone sees it: the profile's full name, else first and last, else the account's. */
export const displayNameOf = (
  account: { name: AnyColumn },
  profile: { fullName: AnyColumn; firstName: AnyColumn; lastName: AnyColumn },
) =>
  sql<string>`coalesce(nullif(trim(${profile.fullName}), ''), nullif(trim(concat_ws(' ', ${profile.firstName}, ${profile.lastName})), ''), ${account.name})`;
export const displayName = displayNameOf(user, profiles);

export async function peopleByIds(db: Database, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { name: string; photoUrl: string | null }>();
  const rows = await db
    .select({ id: user.id, name: displayName, photoFile: profiles.photoFile })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, unique));
  return new Map(
    rows.map((r) => [r.id, { name: r.name, photoUrl: r.photoFile ? profilePhotoUrl(r.id, r.photoFile) : null }]),
  );
}
