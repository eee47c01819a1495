/**
 * The pieces of the route-by-route authorization tests (care plans, medications, and the village's
 * circle, updates feed and community help). Who may call a route is declared on the route itself
 * (auth/allow.ts, decision 040); these tests ask each route as every kind of person.
 */
import type { Role } from '@tavara/shared/roles';
import { expect, it } from 'vitest';
import { send } from './care-plan-requests';
import { createVerifiedUser, type TestUser } from './factories';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

// ——— route-by-route matrices (the village's askers and plan: village-access.ts) ———
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
 * The order a matrix asks in, from its askers' roles: a visitor (signed out) first, then each
 * asker in the order `roles` declares them — refused askers first, so their calls cannot change
 * what the next one meets. One declaration, so no asker can be listed without a role or the
 * other way round.
 */
export function askOrder<const Roles extends Record<string, Role>>(
  roles: Roles,
): ReadonlyArray<'anonymous' | Extract<keyof Roles, string>> {
  return ['anonymous', ...(Object.keys(roles) as Array<Extract<keyof Roles, string>>)];
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

/** The targets as a route's title names them: `:planId` for `targets.planId`. */
const PLACEHOLDER_TARGETS: unknown = new Proxy({}, { get: (_target, key) => `:${String(key)}` });

/**
 * One test per row of a matrix: its route asked as every asker in turn, each answer as expected.
 * `world` gives the clients and targets the file's `beforeAll` made (read when the tests run). A
 * test's title is the route with its targets' names (`placeholders`, where they are not strings).
 */
export function itAsksEachRoute<Asker extends string, Targets>(
  rows: ReadonlyArray<AskRow<Asker, Targets>>,
  askers: readonly Asker[],
  world: () => { clients: ReadonlyMap<Asker, TestClient>; targets: Targets },
  placeholders = PLACEHOLDER_TARGETS as Targets,
): void {
  for (const row of rows) {
    it(`${row.method} ${row.path(placeholders, 'owner' as Asker)}`, async () => {
      const { clients, targets } = world();
      const { heard, expected } = await askEveryone(askers, clients, row, targets);
      expect(heard).toEqual(expected);
    });
  }
}
