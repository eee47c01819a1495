/**
 * The pieces of the route-by-route authorization tests (care plans, medications). Who may call a
 * route is declared on the route itself (auth/allow.ts, decision 040); these tests ask each plan
 * route as every kind of person.
 */
import type { Role } from '@tavara/shared/roles';
import { send } from './care-plan-requests';
import { createVerifiedUser, type TestUser } from './factories';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

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
