import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS } from './playwright.config.ts';

/**
 * One Vitest run covers the pure shared code, the web app's logic without a DOM (the chat
 * controller, redirects, storage parsing), its components with behaviour in a real browser, and
 * the API. The API project runs on PGlite always and once more on server PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it), so the same tests prove the SQL works on both engines.
 *
 * Coverage (`--coverage`, as scripts/test.sh runs it): V8's own counters, for the code the tests
 * run in Node and in Chromium alike.
 */
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };
const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    // A worker runs its files one after another in one module graph instead of a fresh one per
    // file (issue 34, decision 030). Each file still builds its own app on its own database
    // (createTestApp), so files share no data, only the loaded code: before, every file imported
    // the whole app again and compiled PGlite's WebAssembly again (PGlite caches the compiled
    // module per module graph). 27 API files: import 202 → 22 s, CPU 211 → 114 s. Module-level
    // state under src/ is constant or keyed by the database; no API test mocks a module.
    isolate: false,
    // Each migrates one database per run; every test file starts from a copy of it (issue 34).
    globalSetup: [`apps/api/src/testing/${driver}-template.setup.ts`],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: ONE on CI's 2-core machine, so the test
    // files ran one at a time while a core sat idle (issue 34). One per core: files never share
    // data (one database each). One more was faster still, but two tests that hold the server to
    // a wall-clock budget (a 300 ms AI time-out in chat-ai.test.ts, a 500 ms certificate PDF in
    // training.test.ts) then failed on a loaded machine: make those clock-free before raising it.
    maxWorkers: availableParallelism(),
    coverage: {
      provider: 'v8',
      include: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-helpers.ts', 'apps/api/src/db/migrations/**'],
      // text-summary for the console (CI prints it); json-summary for the README's figures.
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
      // A failing test still prints the figures (the run fails all the same).
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        // Web logic without a DOM: the chat controller, redirects, storage parsing.
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
        },
      },
      {
        // Components with behaviour (*.test.tsx), rendered in Debian's Chromium driven by
        // Playwright: real focus, layout, keyboard and ARIA. Never a downloaded browser.
        plugins: [tailwindcss()],
        resolve: { alias: webAlias },
        test: {
          name: 'web-browser',
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/testing/browser-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
      {
        // The repository's own tooling: the lint boundaries prove they fire (eslint-rules.test.ts).
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
