import { profilePhotoUrl } from '@tavara/shared/registration/photo-url';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { perDatabase } from '../db/prepared';
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

/**
 * The name of the person whose id is `userId`, as a scalar subquery of the statement it is part
 * of: one primary-key probe a row. Joined instead, the planner hashes every user and profile (a
 * sequential scan apiece, 8,000 of each on the demo data) to name a page of rows. `as` names the
 * tables inside, so two of these can sit in one statement; `userId` must be qualified, since
 * drizzle writes columns bare in a one-table select.
 */
export function personNameOf(userId: SQL, as: string) {
  const person = alias(user, as);
  const profile = alias(profiles, `${as}_profile`);
  const personId = sql`${sql.identifier(as)}.id`;
  return sql<string | null>`(select ${displayNameOf(person, profile)} from ${user} ${person}
    left join ${profiles} ${profile} on ${sql.identifier(`${as}_profile`)}.id = ${personId}
    where ${personId} = ${userId})`;
}

/** Names and photos by id: one statement prepared once (`perDatabase`), the ids as one array parameter. */
const peopleRead = perDatabase((db) =>
  db
    .select({ id: user.id, name: displayName, photoFile: profiles.photoFile })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(sql`${user.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('tavara_people_by_ids'),
);

export async function peopleByIds(db: Database, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { name: string; photoUrl: string | null }>();
  const rows = await peopleRead(db).execute({ ids: unique });
  return new Map(
    rows.map((r) => [r.id, { name: r.name, photoUrl: r.photoFile ? profilePhotoUrl(r.id, r.photoFile) : null }]),
  );
}
