/**
 * Who may call an API route — one row per route, declared beside the feature's routes in a
 * `*.access.ts` file (features/<name>/<name>.access.ts, auth/auth.access.ts). The authorization
 * test (authorization-matrix.test.ts) reads the routes from the router itself (`app.routes`)
 * and fails for a route without a row, a row without a route, and a route that answers an asker
 * its row does not allow (issue 13, item 8). A new route needs a row in its feature's file.
 *
 * - `anyone`: visitors included (never 401/403 for a visitor).
 * - `signed-in`: signed-in users (401 for a visitor) — of every role, or only of `roles` (403 for
 *   the others).
 * - `owner`: signed-in (of every role, or only of `roles`), and only on the user's own rows —
 *   another user's are answered as not found/forbidden; `ownerTest` names the file and the test
 *   that shows it (the matrix fails when that test does not exist).
 * - `admin`: 401 for a visitor, 403 for family, professional and community.
 * - `chat-session-holder`: whoever holds an unguessable chat session id; a chat linked to an
 *   account only its owner and admins (registration-chat.access.test.ts).
 * - `this-machine`: the dev outbox, DEV_MAILBOX=true and loopback only (404 otherwise).
 * - `nobody`: always 404 (Better Auth's own admin endpoints; admin goes through /api/admin).
 */
import type { Role } from '@tavara/shared/roles';
import { send } from './care-plan-requests';
import { createVerifiedUser, type TestUser } from './factories';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

export type Who = 'anyone' | 'signed-in' | 'owner' | 'admin' | 'chat-session-holder' | 'this-machine' | 'nobody';

export interface AccessRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';
  /** The full pattern as the router has it, e.g. `/api/admin/users/:userId/role`. */
  path: string;
  who: Who;
  /**
   * For `signed-in` and `owner` rows: the roles that may call it; every other role is refused
   * with 403. Without it, every role (admin included) may.
   */
  roles?: readonly Role[];
  /** For `owner` rows: the test that shows another user's rows are out of reach. */
  ownerTest?: OwnerTest;
}

/** A test by file name (anywhere under apps/api/src) and title (or the title of its `describe`). */
export interface OwnerTest {
  file: string;
  test: string;
}

/**
 * A maker of `owner` rows that follow a plan (its owner, accepted members, admins), all shown by
 * the one matrix test `ownerTest` names (care plans, team, shifts, medications).
 */
export function planRowsShownBy(ownerTest: OwnerTest) {
  return (method: AccessRow['method'], path: string): AccessRow => ({ method, path, who: 'owner', ownerTest });
}

// ——— route-by-route matrices (care plans, medications) ———
// A feature's own authorization test asks every route as each kind of person, in a fixed order
// (refused askers first, so their calls cannot change what the next one meets). These are the
// pieces each such test would otherwise write again.

/** One route of a feature's matrix: what to call for `targets`, and each asker's expected status. */
export interface AskRow<Asker extends string, Targets> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (targets: Targets, asker: Asker) => string;
  body?: (targets: Targets, asker: Asker) => unknown;
  expect: Record<Asker, number>;
}

/**
 * The people a care plan's matrix asks, with their roles: the plan's owner, an accepted member,
 * a professional invited but not yet accepted, a family and a professional user from outside the
 * plan, a community member and an admin ('anonymous' is asked too, signed out).
 */
export const PLAN_ASKER_ROLES = {
  owner: 'family',
  member: 'professional',
  invited: 'professional',
  otherFamily: 'family',
  otherProfessional: 'professional',
  community: 'community',
  admin: 'admin',
} as const satisfies Record<string, Role>;

/**
 * A verified user of the given role for every asker but 'anonymous' (who gets a client with no
 * session): their users and one client per asker.
 */
export async function signInAskers<Asker extends string>(
  t: TestApp,
  roles: Record<Exclude<Asker, 'anonymous'>, Role>,
): Promise<{ users: Map<Asker, TestUser>; clients: Map<Asker | 'anonymous', TestClient> }> {
  const users = new Map<Asker, TestUser>();
  const clients = new Map<Asker | 'anonymous', TestClient>();
  for (const [asker, role] of Object.entries(roles) as Array<[Asker, Role]>) {
    const user = await createVerifiedUser(t, { role });
    users.set(asker, user);
    clients.set(asker, user.client);
  }
  clients.set('anonymous', t.client());
  return { users, clients };
}

/**
 * Asks `row`'s route as each asker in turn and returns what each heard and what each should
 * have, as `asker → status` lines: `expect(heard).toEqual(expected)` shows every mismatch at once.
 */
export async function askEveryone<Asker extends string, Targets>(
  askers: readonly Asker[],
  clients: ReadonlyMap<Asker, TestClient>,
  row: AskRow<Asker, Targets>,
  targets: Targets,
): Promise<{ heard: string[]; expected: string[] }> {
  const heard: string[] = [];
  for (const asker of askers) {
    const res = await send(clients.get(asker)!, row.method, row.path(targets, asker), row.body?.(targets, asker));
    heard.push(`${asker} → ${res.status}`);
  }
  return { heard, expected: askers.map((asker) => `${asker} → ${row.expect[asker]}`) };
}
