import { expect, test } from '../fixtures';

const BANNER = 'The service is currently experiencing issues. Some features may not work properly.';

// This file flips the server's simulated database outage, so its project runs after all others
// and its tests run one at a time (in parallel, one test's recovery would end the other's outage).
test.describe.configure({ mode: 'serial' });

test('the status banner appears during a database outage and goes once it is over', async ({ page, request }) => {
  await page.goto('/about');
  await expect(page.locator('[data-backend-status="available"]')).toBeAttached();
  await expect(page.getByText(BANNER)).toHaveCount(0);

  await request.post('/api/__test/database-outage', { data: { on: true } });
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
    const health = await request.get('/api/health');
    expect(health.status()).toBe(503);
  } finally {
    await request.post('/api/__test/database-outage', { data: { on: false } });
  }
  await page.reload();
  await expect(page.locator('[data-backend-status="available"]')).toBeAttached();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('the banner re-checks every 30 seconds without a reload', async ({ page, request }) => {
  await page.clock.install();
  await page.goto('/about');
  await expect(page.locator('[data-backend-status="available"]')).toBeAttached();
  await request.post('/api/__test/database-outage', { data: { on: true } });
  try {
    await page.clock.runFor(30_000);
    await expect(page.getByText(BANNER)).toBeVisible();
  } finally {
    await request.post('/api/__test/database-outage', { data: { on: false } });
  }
  await page.clock.runFor(30_000);
  await expect(page.getByText(BANNER)).toHaveCount(0);
});
