import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers the pure shared code, the web app's pure logic (no DOM) and the API. The API project runs on PGlite
 * always and once more on server PostgreSQL when TEST_DATABASE_URL is set (CI sets it), so the
 * same tests prove the SQL works on both engines.
 */
const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    ...(driver === 'pglite' ? { globalSetup: ['apps/api/src/testing/pglite-template.setup.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        // Pure web logic (no DOM): redirects, storage parsing. Components are covered in Playwright.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
