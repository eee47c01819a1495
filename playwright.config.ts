import { tmpdir } from 'node:os';
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

export default defineConfig({
  testDir: 'e2e',
  // Kept apart from test-results/*.json: Playwright empties its output folder at start.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /outage\.spec\.ts/,
    },
    // The outage test flips server-wide state, so it runs alone after everything else.
    {
      name: 'outage',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /outage\.spec\.ts/,
      dependencies: ['chromium'],
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
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        E2E_TEST_HOOKS: 'true',
        // Every browser in the suite signs up from 127.0.0.1, one shared per-IP bucket; the API
        // tests cover the limits themselves (refused in production).
        AUTH_RATE_LIMIT_DISABLED: 'true',
        // E2E_ADMIN_EMAILS in e2e/auth/accounts.ts: these become admin once verified.
        ADMIN_EMAILS:
          'admin-area@e2e.example.tt,admin-journey@e2e.example.tt,admin-dashboards@e2e.example.tt,admin-spare@e2e.example.tt',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        OPENAI_API_KEY: 'sk-e2e-fake-key',
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        OPENAI_MODEL: 'fake-small-model',
      },
    },
  ],
});
