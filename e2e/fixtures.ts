import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Runs axe-core in the page and fails with a readable list of WCAG 2.x A/AA violations. */
export async function expectNoAxeViolations(page: Page, context = '') {
  // evaluate, not addScriptTag: the app's CSP (rightly) blocks inline scripts, and tests must
  // not switch the CSP off (bypassCSP) or they could no longer catch a CSP breakage. Once per
  // document: a later check of the same page (a dialog opened) reuses the axe already loaded.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // What a person sees once things have settled: a toast or dialog half-way through its entry
  // (faded, moving, overlapping the one before) fails contrast and target-size checks that its
  // final state passes, so axe waits for running animations and transitions to end (not for
  // endless ones: spinners, skeletons, typing dots).
  // A toast that has just been added starts its entry a frame or two later (sonner marks it
  // mounted, then the stack behind it fades): two frames first, so that nothing about to start
  // is taken for settled (found on CI: the toast behind a new one, caught mid-fade).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  await page.waitForFunction(
    () =>
      document.querySelector('[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]') ===
        null &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      // Every rule still runs on every node; only the passes and the inapplicable rules are not
      // given a selector for each node they matched (axe's own advice for speed; issue 34). The
      // violations, the only thing the test reads, keep all their nodes.
      resultTypes: ['violations'],
    });
    return result.violations;
  })) as AxeViolation[];
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/**
 * Every test fails on an unexpected console error, uncaught page error or Content-Security-Policy
 * violation (code-style.md). A test that provokes errors on purpose gives the pattern it expects
 * as `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp | undefined; consoleGuard: void }>({
  allowConsoleErrors: [undefined, { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      // Chromium's "Failed to load resource" names no address: the failed responses do, for the report.
      const failedResponses: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400)
          failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A Content-Security-Policy violation (an eval, an inline script, a foreign host) is not a
      // console message in Chromium: the page reports each one as an error (issue 23 item 6).
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(
            `CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
          ),
        ),
      );
      await use();
      const unexpected = errors.filter((text) => !allowConsoleErrors?.test(text));
      expect(
        unexpected,
        `unexpected console errors; failed responses: ${failedResponses.join(', ') || 'none'}`,
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until a prerendered page has hydrated: its code is requested after the first paint
 * (decision 028) and its buttons are disabled until React has taken the HTML over. The nav has
 * a button at every width (Navigation, or Open menu on a phone).
 */
export async function expectHydrated(page: Page) {
  await expect(page.getByRole('banner').getByRole('button').filter({ visible: true }).first()).toBeEnabled();
}

/**
 * Waits until the page shows its content: no skeleton and no "Loading…" status left. What a
 * person waits for before reading the page — never the network falling quiet (the chat keeps
 * requests open).
 */
export async function expectContentLoaded(page: Page) {
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}
