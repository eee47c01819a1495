import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';

/** How people are named and pictured to each other across features. */

export const displayName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), ${user.name})`;

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
