import { APP_URL, createConfirmedUser, signInAs } from '../auth/accounts';
import { createPlanByRequest } from '../care-plans/plans';
import { expect, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

/**
 * A daily page starts its code and data as its HTML is read (the app shell's boot script,
 * decisions 043 and 046): the plan is asked for once, before the page's own code has arrived, and
 * the page shows it; so are the session and the account. The console guard (fixtures.ts) fails the test on a Content-Security-Policy
 * violation, so the inline script runs under the server's policy by its hash.
 */
test("a care plan's data leaves with its HTML, once, and the page shows it", async ({ page }) => {
  const family = await createConfirmedUser(page.context().request, 'daily-start', { role: 'family' });
  await signInAs(page, family.email);
  const planId = await createPlanByRequest(page.context().request);
  // A browser the person has used signed in (the app leaves its mark once the session answers).
  await page.goto('/terms');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('seenSignedIn'))).toBe('1');

  await page.goto(`/family/care-management/${planId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Care for Mum' })).toBeVisible();
  const timing = await page.evaluate((id) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const plan = entries.filter((entry) => new URL(entry.name).pathname === `/api/care-plans/${id}`);
    const pageCode = entries.find((entry) => /\/assets\/care-plan-detail-route-[\w-]+\.js$/.test(entry.name));
    const session = entries.filter((e) => new URL(e.name).pathname === '/api/auth/get-session');
    const account = entries.filter((e) => new URL(e.name).pathname === '/api/profile/me');
    return {
      planRequests: plan.length,
      planStart: plan[0]?.startTime,
      pageCodeEnd: pageCode?.responseEnd,
      sessionRequests: session.length,
      sessionStart: session[0]?.startTime,
      accountRequests: account.length,
    };
  }, planId);
  expect(timing.planRequests).toBe(1);
  expect(timing.pageCodeEnd).toBeDefined();
  expect(timing.planStart!).toBeLessThan(timing.pageCodeEnd!);
  // The session check too (decision 046): asked for as the HTML is read, before the page's code
  // has arrived (before, only once React had drawn), and taken by the app rather than asked again.
  expect(timing.sessionRequests).toBe(1);
  expect(timing.accountRequests).toBe(1);
  expect(timing.sessionStart!).toBeLessThan(timing.pageCodeEnd!);
});
