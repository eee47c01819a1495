import type { Role } from '@tavara/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

/**
 * The admin area's authorization matrix (issue 8): every admin endpoint, from this one table,
 * asked by a signed-out visitor, each public role and an admin. The server decides: 401 signed
 * out, 403 for family, professional and community, the endpoint's own answer for an admin. A
 * new admin endpoint gets a row here.
 */

interface Targets {
  /** Users the destructive rows act on; they survive every refused attempt. */
  roleTarget: string;
  deleteTarget: string;
  supportRequestId: string;
}

interface AdminEndpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (targets: Targets) => string;
  body?: unknown;
  /** What an admin gets. */
  adminStatus: number;
}

const ADMIN_ENDPOINTS: readonly AdminEndpoint[] = [
  { method: 'GET', path: () => '/api/admin/users', adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/users?search=a&role=family&page=1', adminStatus: 200 },
  {
    method: 'PATCH',
    path: (t) => `/api/admin/users/${t.roleTarget}/role`,
    body: { role: 'community' },
    adminStatus: 200,
  },
  { method: 'DELETE', path: (t) => `/api/admin/users/${t.deleteTarget}`, adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/audit-log', adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/feature-votes', adminStatus: 200 },
  { method: 'GET', path: () => '/api/support/requests', adminStatus: 200 },
  { method: 'GET', path: () => '/api/support/requests?status=resolved', adminStatus: 200 },
  { method: 'GET', path: (t) => `/api/support/requests/${t.supportRequestId}`, adminStatus: 200 },
  {
    method: 'PATCH',
    path: (t) => `/api/support/requests/${t.supportRequestId}`,
    body: { status: 'resolved' },
    adminStatus: 200,
  },
  { method: 'GET', path: (t) => `/api/support/requests/${t.supportRequestId}/screenshot`, adminStatus: 404 },
  { method: 'GET', path: () => '/api/admin/user-journey/funnel', adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/user-journey/funnel?from=2026-01-01&to=2026-12-31', adminStatus: 200 },
  { method: 'GET', path: (t) => `/api/admin/user-journey/timeline?query=${t.roleTarget}`, adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/user-journey/timeline?query=nobody%40example.tt', adminStatus: 404 },
];

type Asker = 'anonymous' | Role;
const ASKERS: readonly Asker[] = ['anonymous', 'family', 'professional', 'community', 'admin'];

function send(client: TestClient, endpoint: AdminEndpoint, targets: Targets) {
  return client.request(endpoint.path(targets), {
    method: endpoint.method,
    ...(endpoint.body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(endpoint.body) }),
  });
}

describe('admin endpoints: who may call them', () => {
  let t: TestApp;
  const clients = new Map<Asker, TestClient>();
  let targets: Targets;
  let roleTarget: TestUser;
  let deleteTarget: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    clients.set('anonymous', t.client());
    for (const role of ['family', 'professional', 'community', 'admin'] as const) {
      clients.set(role, (await createVerifiedUser(t, { role })).client);
    }
    roleTarget = await createVerifiedUser(t, { role: 'family' });
    deleteTarget = await createVerifiedUser(t, { role: 'professional' });
    const contact = new FormData();
    contact.append('name', 'Ravi Persad');
    contact.append('email', 'ravi@example.tt');
    contact.append('message', 'I cannot find the registration form.');
    const sent = await t.client().request('/api/support/requests', { method: 'POST', body: contact });
    const { id } = (await sent.json()) as { id: string };
    targets = { roleTarget: roleTarget.id, deleteTarget: deleteTarget.id, supportRequestId: id };
  });
  afterAll(() => t.close());

  // Admin last: its calls change the targets the refused calls must leave untouched.
  for (const asker of ASKERS) {
    const expected = (endpoint: AdminEndpoint) =>
      asker === 'anonymous' ? 401 : asker === 'admin' ? endpoint.adminStatus : 403;
    it(`${asker}: ${asker === 'admin' ? 'every admin endpoint answers' : `every admin endpoint answers ${asker === 'anonymous' ? 401 : 403}`}`, async () => {
      const client = clients.get(asker)!;
      const answers = [];
      for (const endpoint of ADMIN_ENDPOINTS) {
        const res = await send(client, endpoint, targets);
        answers.push(`${endpoint.method} ${endpoint.path(targets)} → ${res.status}`);
      }
      expect(answers).toEqual(
        ADMIN_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path(targets)} → ${expected(endpoint)}`),
      );
      if (asker !== 'admin') {
        // Nothing the refused calls asked for happened.
        expect(await (await roleTarget.client.get('/api/profile/me')).json()).toMatchObject({ role: 'family' });
        expect((await deleteTarget.client.get('/api/profile/me')).status).toBe(200);
      }
    });
  }

  it('after the admin’s calls: the role changed and the deleted user is signed out', async () => {
    expect(await (await roleTarget.client.get('/api/profile/me')).json()).toMatchObject({ role: 'community' });
    expect((await deleteTarget.client.get('/api/profile/me')).status).toBe(401);
  });
});
