import { existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against the BUILT app (`npm run build` first; `npm test` does it), served
 * by the real server on a fresh PGlite directory, in Debian's Chromium — never a downloaded
 * browser. E2E_TEST_HOOKS lets a test simulate a database outage.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${PORT}`;
// Per port by default: two checkouts on one machine (E2E_PORT apart) must not wipe each other's
// database at start-up.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `tavara-e2e-${process.env.E2E_RUN_ID ?? `local-${PORT}`}`);
/**
 * The fake OpenAI-compatible provider the app's AI chat talks to (scripts/fake-openai). It echoes
 * the scripted wording unless a test tells it, per chat session, to fail (decision 010).
 */
export const FAKE_OPENAI_PORT = Number(process.env.E2E_FAKE_OPENAI_PORT ?? PORT + 1);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's `chromium-headless-shell` (same source and version as `chromium`) drives every journey
 * it can: over the whole suite it costs about a quarter less CPU (decision 030). Push
 * notifications are the one thing it lacks — a worker's `showNotification` leaves
 * `getNotifications()` empty — so e2e/notifications/push.spec.ts runs on full Chromium in a
 * project of its own. Without the shell
 * (not installed, or HEADLESS_SHELL_PATH empty) every journey runs on full Chromium.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shellCandidate = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const HEADLESS_CHROMIUM = shellCandidate && existsSync(shellCandidate) ? shellCandidate : FULL_CHROMIUM;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const PUSH_SPEC = /notifications[\\/]push\.spec\.ts/;
const OUTAGE_SPEC = /outage\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  // Kept apart from test-results/*.json: Playwright empties its output folder at start.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // One worker more than the cores on CI (3 on its 2-core machines); locally Playwright's default,
  // half the cores. With one per core the machine sat idle a fifth of the run (vmstat, 2026-12-05):
  // a journey waits on timers, animations and the server between its steps. With one more, the
  // 259 journeys took 365 s instead of 440 s on the same machine, all passing (decision 030).
  workers: process.env.CI ? availableParallelism() + 1 : undefined,
  // Tests wait for what a person would finally see, so a long wait costs nothing when the page is
  // quick. It is long because CI's 2-core VM is at times ~2.5x slower than usual (kernel time; the
  // e2e part then takes 31 min instead of 13): at 7 s, pages that did render failed to in time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL,
    // The app's service worker (decision 014) would answer chunk requests from its precache,
    // out of reach of page.route: journeys that cut or hold a download could no longer do so,
    // and each test would download every chunk at start. It is off here, as on a first visit;
    // e2e/shell/offline.spec.ts turns it on to test it.
    serviceWorkers: 'block',
    // A trace of every test, kept when it fails: its DOM snapshots, network and console say what
    // happened. Without the screencast (a JPEG per frame, encoded by Chromium and written by the
    // worker for every passing test too): on e2e/shell/routes.spec.ts that was a fifth of the
    // run's CPU (issue 34). The failure screenshot below still shows the final state.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: HEADLESS_CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: desktop,
      testIgnore: [OUTAGE_SPEC, PUSH_SPEC],
    },
    // Side by side with the rest: only the browser differs.
    {
      name: 'push',
      use: { ...desktop, launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } },
      testMatch: PUSH_SPEC,
    },
    // The outage test flips server-wide state, so it runs alone after everything else.
    {
      name: 'outage',
      use: desktop,
      testMatch: OUTAGE_SPEC,
      dependencies: ['chromium', 'push'],
    },
  ],
  webServer: [
    {
      command: 'node scripts/fake-openai/fake-openai-server.mjs',
      url: `http://127.0.0.1:${FAKE_OPENAI_PORT}/__control`,
      reuseExistingServer: !process.env.CI,
      timeout: 10_000,
      env: { FAKE_OPENAI_PORT: String(FAKE_OPENAI_PORT) },
    },
    {
      command: `rm -rf "${dataDir}" && node apps/api/dist/server.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: !process.env.CI,
      // A fresh PGlite directory is migrated at start-up; on a loaded 2-core machine that has taken
      // close to a minute, so leave room rather than fail the whole run before it begins.
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        E2E_TEST_HOOKS: 'true',
        // The journeys read mail from the dev outbox over 127.0.0.1 (e2e/auth/accounts.ts).
        DEV_MAILBOX: 'true',
        // Every browser in the suite signs up from 127.0.0.1, one shared per-IP bucket; the API
        // tests cover the limits themselves (refused in production).
        AUTH_RATE_LIMIT_DISABLED: 'true',
        // Passwords hashed at the low test cost (issue 34; only with E2E_TEST_HOOKS, refused in
        // production): the suite signs hundreds of accounts up and in. The API tests cover the
        // production cost (auth/password-hasher.test.ts).
        AUTH_PASSWORD_HASH_COST: 'low',
        // Likewise every chat of the suite starts from 127.0.0.1: 60 visitor chats a day per
        // address is fewer than the suite opens (the API tests cover that limit).
        CHAT_SESSION_LIMITS_DISABLED: 'true',
        // …and every AI-worded question of the suite's chats is one AI call from 127.0.0.1: the
        // default 120 an hour per address runs out part-way through the suite, after which the
        // chats go scripted with a 429 in the console. The per-address cap is API-tested.
        AI_MAX_CALLS_PER_IP_PER_HOUR: '100000',
        // E2E_ADMIN_EMAILS in e2e/auth/accounts.ts: these become admin once verified.
        ADMIN_EMAILS:
          'admin-area@e2e.example.tt,admin-journey@e2e.example.tt,admin-dashboards@e2e.example.tt,admin-spare@e2e.example.tt,admin-training@e2e.example.tt,admin-account@e2e.example.tt,admin-boards@e2e.example.tt,admin-caregiver-support@e2e.example.tt,admin-journeys@e2e.example.tt',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        OPENAI_API_KEY: 'sk-e2e-fake-key',
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        OPENAI_MODEL: 'fake-small-model',
      },
    },
  ],
});
