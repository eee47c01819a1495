import type { Role } from '@tavara/shared/roles';
import type { TrainingOverview } from '@tavara/shared/training/training';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { completeAllModules, completeLesson, trainingContent } from '../../testing/training-requests';

/**
 * Authorization matrix for every training route (issue 21), as data: who may call it.
 * `allow` = the route answers (any status but 401/403, never 5xx); 401 = signed out is refused;
 * 403 = this role is refused. The lead merges these rows into the router-wide matrix.
 */
type Who = 'anonymous' | Role;
type Expect = 'allow' | 401 | 403;
interface AccessRow {
  method: 'GET' | 'POST' | 'PUT';
  /** `:module`, `:lesson`, `:code` and `:certificate` are filled in from the test's data. */
  path: string;
  body?: Record<string, unknown>;
  access: Record<Who, Expect>;
}

const PUBLIC: Record<Who, Expect> = {
  anonymous: 'allow',
  family: 'allow',
  professional: 'allow',
  community: 'allow',
  admin: 'allow',
};
const PROFESSIONAL: Record<Who, Expect> = {
  anonymous: 401,
  family: 403,
  professional: 'allow',
  community: 403,
  admin: 403,
};
const ADMIN: Record<Who, Expect> = { anonymous: 401, family: 403, professional: 403, community: 403, admin: 'allow' };

export const TRAINING_ACCESS_MATRIX: readonly AccessRow[] = [
  { method: 'GET', path: '/api/training/overview', access: PUBLIC },
  { method: 'GET', path: '/api/training/modules/:module/lessons/:lesson', access: PUBLIC },
  { method: 'PUT', path: '/api/training/modules/:module/lessons/:lesson/completion', access: PROFESSIONAL },
  { method: 'GET', path: '/api/training/modules/:module/quiz', access: PROFESSIONAL },
  { method: 'POST', path: '/api/training/modules/:module/quiz/attempts', body: { answers: {} }, access: PROFESSIONAL },
  { method: 'POST', path: '/api/training/certificate', access: PROFESSIONAL },
  { method: 'GET', path: '/api/training/certificate', access: PROFESSIONAL },
  { method: 'GET', path: '/api/training/certificate/pdf', access: PROFESSIONAL },
  { method: 'GET', path: '/api/training/certificates/:code', access: PUBLIC },
  { method: 'GET', path: '/api/admin/training/stats', access: ADMIN },
  { method: 'GET', path: '/api/admin/training/certificates', access: ADMIN },
  {
    method: 'POST',
    path: '/api/admin/training/certificates/:certificate/revoke',
    body: { reason: 'Matrix check' },
    access: ADMIN,
  },
  { method: 'POST', path: '/api/admin/training/certificates/:certificate/allow-reissue', access: ADMIN },
];

const MODULE = trainingContent[0]!;

describe('training authorization matrix', () => {
  let t: TestApp;
  const clients = {} as Record<Who, TestClient>;
  let owner: TestUser;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp();
    clients.anonymous = t.client();
    for (const role of ['family', 'professional', 'community', 'admin'] as const) {
      clients[role] = (await createVerifiedUser(t, { role })).client;
    }
    owner = await createVerifiedUser(t, { role: 'professional' });
    await completeAllModules(owner.client);
    const issued = await owner.client.post('/api/training/certificate');
    code = ((await issued.json()) as { certificate: { code: string } }).certificate.code;
  });
  afterAll(() => t.close());

  const fill = (path: string, certificateId: string) =>
    path
      .replace(':module', MODULE.id)
      .replace(':lesson', MODULE.lessons[0]!.id)
      .replace(':code', code)
      .replace(':certificate', certificateId);

  const cases = TRAINING_ACCESS_MATRIX.flatMap((row) =>
    (Object.keys(row.access) as Who[]).map((who) => ({
      row,
      who,
      route: `${row.method} ${row.path}`,
      expected: row.access[who],
    })),
  );
  it.each(cases)('$route as $who → $expected', async ({ row, who }) => {
    // A certificate id that exists and is valid, so "allow" on revoke is a real revoke (200).
    const list = await clients.admin.get('/api/admin/training/certificates');
    const certificateId = ((await list.json()) as { certificates: { id: string }[] }).certificates[0]!.id;
    const path = fill(row.path, certificateId);
    const res =
      row.method === 'GET'
        ? await clients[who].get(path)
        : row.method === 'PUT'
          ? await clients[who].request(path, { method: 'PUT' })
          : await clients[who].post(path, row.body ?? {});
    const expected = row.access[who];
    if (expected === 'allow') {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else {
      expect(res.status).toBe(expected);
    }
  });

  it('owner vs other: progress and the certificate come from the session only — another professional sees their own, never the owner’s', async () => {
    const other = clients.professional;
    await completeLesson(other, MODULE.id, MODULE.lessons[0]!.id);
    const mine = (await (await owner.client.get('/api/training/overview')).json()) as TrainingOverview;
    const theirs = (await (await other.get('/api/training/overview')).json()) as TrainingOverview;
    expect(mine.modules[0]?.progress?.completed).toBe(true);
    expect(theirs.modules[0]?.progress).toMatchObject({ completedLessons: 1, completed: false });
    expect(theirs.certificate).toBeNull();
    expect((await other.get('/api/training/certificate/pdf')).status).toBe(404);
    // No route takes a user id: a query parameter naming the owner changes nothing.
    const probe = (await (await other.get(`/api/training/overview?userId=${owner.id}`)).json()) as TrainingOverview;
    expect(probe.modules[0]?.progress?.completed).toBe(false);
  });

  it('a signed-in write from a foreign origin is refused', async () => {
    const res = await clients.professional.request(
      `/api/training/modules/${MODULE.id}/lessons/${MODULE.lessons[1]!.id}/completion`,
      { method: 'PUT', origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});
