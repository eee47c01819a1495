/// <reference types="vite/client" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@tavara/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRow } from './testing/access';
import { listApiRoutes, routeKey } from './testing/api-routes';
import { newSessionId } from './testing/chat-requests';
import { createVerifiedUser, signInElsewhere, type TestUser } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

/**
 * The authorization matrix of every API route (issue 13, item 8). The routes come from the router
 * (`app.routes`, Better Auth's endpoints from the auth instance it mounts); the rows from each
 * feature's `*.access.ts` (testing/access.ts). A route without a row fails here, so a new,
 * unguarded route cannot slip in unnoticed; then every row is asked by a visitor, each role and an
 * admin, and the answers must be what the row says. Owner-only rows are checked here for the
 * visitor and for signed-in access; the owner-versus-other-user cases are in the test each row names.
 */
const modules = import.meta.glob<{ accessRows: AccessRow[] }>(['./features/**/*.access.ts', './auth/*.access.ts'], {
  eager: true,
});
const ROWS: AccessRow[] = Object.values(modules).flatMap((m) => m.accessRows);

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

describe('authorization matrix: every API route has a row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has exactly one row per route the router answers, and no row for a route that is gone', () => {
    const routes = listApiRoutes(t.app, t.auth).map(routeKey);
    const rows = ROWS.map(routeKey);
    expect(new Set(rows).size, 'a route has two rows').toBe(rows.length);
    expect(
      routes.filter((r) => !rows.includes(r)),
      'routes without a row in a *.access.ts',
    ).toEqual([]);
    expect(
      rows.filter((r) => !routes.includes(r)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it('every owner row names an existing test of another user’s rows being out of reach', () => {
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
    for (const row of ROWS.filter((r) => r.who === 'owner')) {
      const named = row.ownerTest;
      const path = named ? testFiles.get(named.file) : undefined;
      // The title as written in an it(…)/describe(…) call, between its quotes.
      const found = path !== undefined && named !== undefined && readFileSync(path, 'utf8').includes(`${named.test}`);
      if (!found) missing.push(`${routeKey(row)} → ${named ? `${named.file}: ${named.test}` : '(no ownerTest)'}`);
    }
    expect(missing, 'owner rows whose named test does not exist').toEqual([]);
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
  async function ask(asker: Asker, row: AccessRow): Promise<number> {
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

  it.each(ROWS.map((row) => [routeKey(row), row.who, row] as const))('%s (%s)', async (_key, who, row) => {
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
        expect(visitorRefused, `visitor: ${answers.anonymous}`).toBe(true);
        // Each role: allowed (anything but 401/403) or, outside `roles`, refused with 403.
        for (const role of ROLES) {
          const allowed = !row.roles || row.roles.includes(role);
          if (allowed) expect(refused(answers[role]), `${role} may call it: ${answers[role]}`).toBe(false);
          else expect(answers[role], `${role} may not call it`).toBe(403);
        }
        break;
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
