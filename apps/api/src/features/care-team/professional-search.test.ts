import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { completeAllModules } from '../../testing/training-requests';

interface Found {
  id: string;
  name: string;
  trainingCompleted: boolean;
}

/**
 * The care-plan invite search shows "Tavara training completed" from the certificate record
 * (issue 21): a valid certificate gives the badge; none, or a revoked one, does not.
 */
describe('professional search: Tavara training completed', () => {
  let t: TestApp;
  let family: TestUser;
  let admin: TestUser;
  let trained: TestUser;
  let untrained: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    family = await createVerifiedUser(t, { role: 'family' });
    admin = await createVerifiedUser(t, { role: 'admin' });
    trained = await createVerifiedUser(t, { role: 'professional', firstName: 'Shivani', lastName: 'Trained' });
    untrained = await createVerifiedUser(t, { role: 'professional', firstName: 'Shivani', lastName: 'Learning' });
    await completeAllModules(trained.client);
    expect((await trained.client.post('/api/training/certificate')).status).toBe(200);
    // Finished every module but never asked for the certificate: no record, no badge.
    await completeAllModules(untrained.client);
  });
  afterAll(() => t.close());

  async function search(): Promise<Map<string, Found>> {
    const res = await family.client.get('/api/care-plans/professionals?q=Shivani');
    expect(res.status).toBe(200);
    const { professionals } = (await res.json()) as { professionals: Found[] };
    return new Map(professionals.map((p) => [p.id, p]));
  }

  it('a professional with a valid certificate has the badge; one without a certificate does not', async () => {
    const found = await search();
    expect(found.get(trained.id)?.trainingCompleted).toBe(true);
    expect(found.get(untrained.id)?.trainingCompleted).toBe(false);
  });

  it('a revoked certificate takes the badge away', async () => {
    const list = (await (await admin.client.get('/api/admin/training/certificates')).json()) as {
      certificates: { id: string; email: string | null }[];
    };
    const cert = list.certificates.find((c) => c.email === trained.email)!;
    const revoked = await admin.client.post(`/api/admin/training/certificates/${cert.id}/revoke`, {
      reason: 'Checked with the agency',
    });
    expect(revoked.status).toBe(200);
    const found = await search();
    expect(found.get(trained.id)?.trainingCompleted).toBe(false);
    expect(found.get(untrained.id)?.trainingCompleted).toBe(false);
  });
});
