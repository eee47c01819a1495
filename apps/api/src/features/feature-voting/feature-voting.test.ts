import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SEED } from '../../db/seed/features.seed';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('feature list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('anyone can read the seeded features in their listed order', async () => {
    const res = await t.app.request('/api/features');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { features: Array<{ id: string; title: string; status: string }> };
    expect(body.features.map((f) => f.id)).toEqual(FEATURE_SEED.map((f) => f.id));
    expect(body.features[0]).toMatchObject({ title: 'Profile Management (Family)', status: 'in_development' });
  });
});
