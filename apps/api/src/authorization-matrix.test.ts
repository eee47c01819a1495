import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@tavara/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes, routeKey, type ApiRoute } from './auth/route-access';
import type { Access } from './auth/allow';
import { newSessionId } from './testing/chat-requests';
import { createVerifiedUser, signInElsewhere, type TestUser } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

/**
 * The authorization matrix of every API route (issue 13, item 8), generated from the routes'
 * own declarations (issue 33, decision 040): the routes and who may call them come from the
 * mounted app (`app.routes`, whose handlers include each route's `allow…` middleware; Better
 * Auth's endpoints from the auth instance it mounts). A route without a declaration fails here,
 * so a new, unguarded route cannot slip in unnoticed; then every route is asked by a visitor, each
 * role and an admin, and the answers must be what it declares. Own-row and plan routes are
 * checked here for the visitor and for signed-in access; the owner-versus-other-user cases are in
 * the test each declaration names (`shownBy`).
 */
type Row = ApiRoute & { access: Access };
const OWN_KINDS: ReadonlySet<Access['who']> = new Set(['owner', 'plan-member', 'plan-owner']);

/** The declared routes of the app the matrix builds (read once, at collection time). */
async function declaredRows(): Promise<Row[]> {
  const t = await createTestApp();
  try {
    return listApiRoutes(t.app, t.auth).filter((r): r is Row => r.access !== undefined);
  } finally {
    await t.close();
  }
}
const ROWS: Row[] = await declaredRows();

type Asker = 'anonymous' | Role;
const ROLES = ['family', 'professional', 'community', 'admin'] as const;

/** Requests that may end the asker's sessions: everyone signs in again after them. */
const ENDS_SESSION = /\/(sign-out|revoke-sessions?|revoke-other-sessions|delete-user|change-password|update-session)$/;

function fillPath(path: string): string {
  return path
    .replace(':sessionId', newSessionId())
    .replace(':role', 'family')
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, 'no-such-thing')
    .replace('*', 'list-users');
}

describe('authorization matrix: every API route declares who may call it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has exactly one declaration on every route the router answers', () => {
    const routes = listApiRoutes(t.app, t.auth);
    expect(
      routes.filter((r) => r.declarations === 0).map(routeKey),
      'routes without an allow… middleware (auth/allow.ts), or Better Auth endpoints not in better-auth-access.ts',
    ).toEqual([]);
    expect(routes.filter((r) => r.declarations > 1).map(routeKey), 'routes with two declarations').toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
  });

  it('every own-row and plan route names an existing test of another user’s rows being out of reach', () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const testFiles = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith('.test.ts')) testFiles.set(entry.name, join(dir, entry.name));
      }
    };
    walk(root);
    const missing: string[] = [];
    for (const row of ROWS.filter((r) => OWN_KINDS.has(r.access.who))) {
      const named = row.access.shownBy;
      const path = named ? testFiles.get(named.file) : undefined;
      // The title as written in an it(…)/describe(…) call, between its quotes.
      const found = path !== undefined && named !== undefined && readFileSync(path, 'utf8').includes(`${named.test}`);
      if (!found) missing.push(`${routeKey(row)} → ${named ? `${named.file}: ${named.test}` : '(no shownBy)'}`);
    }
    expect(missing, 'declarations whose named test does not exist').toEqual([]);
  });
});

describe('authorization matrix: every row holds', () => {
  let t: TestApp;
  const users = new Map<Role, TestUser>();

  beforeAll(async () => {
    // Rate limits off: one client per role asks every route.
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    for (const role of ROLES) users.set(role, await createVerifiedUser(t, { role }));
  });
  afterAll(() => t.close());

  /**
   * The answer's status. A 403 that asks the signed-in owner to re-enter their password first
   * (issue 22's sensitive actions) lets them in after that step: it is reported as 428 here, so
   * it counts as allowed, not as a refusal of their role.
   */
  async function ask(asker: Asker, row: Row): Promise<number> {
    const client: TestClient = asker === 'anonymous' ? t.client() : users.get(asker)!.client;
    const method = row.method === 'ALL' ? 'GET' : row.method;
    const res = await client.request(fillPath(row.path), {
      method,
      ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
    });
    const text = await res.text();
    if (res.status === 403 && /"code":\s*"(reauth_required|REAUTH_REQUIRED)"/.test(text)) return 428;
    return res.status;
  }

  it.each(ROWS.map((row) => [routeKey(row), row.access.who, row] as const))('%s (%s)', async (_key, who, row) => {
    const answers: Record<string, number> = {};
    for (const asker of ['anonymous', ...ROLES] as const) answers[asker] = await ask(asker, row);
    if (ENDS_SESSION.test(row.path)) {
      // Signed out (every session of the user, for revoke-sessions): sign in again for the next rows.
      for (const [role, user] of users)
        users.set(role, {
          ...user,
          client: await signInElsewhere(t, user.email, user.password, user.totpSecret, user.backupCodes),
        });
    }
    // Better Auth validates some bodies before it looks for a session: a visitor gets 400 there.
    const visitorRefused = row.path.startsWith('/api/auth/')
      ? (answers.anonymous ?? 0) >= 400
      : answers.anonymous === 401;
    const refused = (status: number | undefined) => status === 401 || status === 403;
    switch (who) {
      case 'anyone':
      case 'chat-session-holder':
        for (const asker of Object.keys(answers))
          expect(refused(answers[asker]), `${asker}: ${answers[asker]}`).toBe(false);
        break;
      case 'signed-in':
      case 'owner':
      case 'plan-member':
      case 'plan-owner': {
        expect(visitorRefused, `visitor: ${answers.anonymous}`).toBe(true);
        // Each role: allowed (anything but 401/403) or, outside `roles`, refused with 403. A plan
        // route asked for a plan that does not exist answers every role as not found.
        const roles = row.access.roles;
        for (const role of ROLES) {
          const allowed = !roles || roles.includes(role);
          if (allowed) expect(refused(answers[role]), `${role} may call it: ${answers[role]}`).toBe(false);
          else expect(answers[role], `${role} may not call it`).toBe(403);
        }
        break;
      }
      case 'admin':
        expect(answers).toEqual({
          anonymous: 401,
          family: 403,
          professional: 403,
          community: 403,
          admin: answers.admin,
        });
        expect(refused(answers.admin)).toBe(false);
        break;
      case 'this-machine':
      case 'nobody':
        // The test clients are never the loopback address: nobody here reaches these.
        for (const asker of Object.keys(answers)) expect(answers[asker], asker).toBe(404);
        break;
    }
  });
});
