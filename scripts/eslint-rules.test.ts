import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves each import boundary of decision 001 (eslint.config.js) still fires: `eslint` itself,
 * with the repository's config, lints small files written, for the moment of the check, where a
 * forbidden import would be written. The imports name real modules, relative or by alias, so
 * what is tested is the resolved-path zone, not a string pattern. (Real files, in a separate
 * eslint process, because the resolver and the type information need exactly what `npm run
 * lint` has; they are removed again whatever happens.)
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const tag = `lint-fixture-${process.pid}`;

/** `apps/x/fixture.service.ts` → `apps/x/fixture-lint-fixture-123.service.ts` (suffix kept for the rules). */
const fixturePath = (file: string, index: number) => {
  const name = basename(file);
  const dot = name.indexOf('.');
  return join(root, dirname(file), `${name.slice(0, dot)}-${index}-${tag}${name.slice(dot)}`);
};

type Result = { filePath: string; messages: { ruleId: string | null; message: string }[] };
let results: Result[] = [];
const written: string[] = [];

/** Lints the sources (written first) and the committed fixtures, in one eslint run. */
function lint(files: { file: string; code: string }[], fixtures: string[]): Result[] {
  const paths = files.map(({ file, code }, index) => {
    const path = fixturePath(file, index);
    written.push(path);
    writeFileSync(path, `${code}\n`);
    return path;
  });
  paths.push(...fixtures.map((fixture) => join(root, fixture)));
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', '--no-ignore', ...paths],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    // eslint exits 1 when it found problems; its report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? '[]';
  }
  const byPath = new Map((JSON.parse(output) as Result[]).map((result) => [result.filePath, result]));
  return paths.map((path) => byPath.get(path) ?? { filePath: path, messages: [] });
}

const problemsOf = (result: Result | undefined) =>
  (result?.messages ?? []).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);

const cases: { name: string; file: string; code: string; rule: string }[] = [
  {
    name: 'a time written by the runtime’s locale, not the shared time module (issue 31)',
    file: 'apps/web/src/features/shifts/fixture.ts',
    code: 'export const at = (d: Date) => d.toLocaleTimeString();',
    rule: 'no-restricted-properties',
  },
  {
    name: 'a date format of its own in the api (issue 31)',
    file: 'apps/api/src/features/shifts/fixture.ts',
    code: "export const day = new Intl.DateTimeFormat('en-TT', { weekday: 'long' });",
    rule: 'no-restricted-properties',
  },
  {
    name: 'a web feature importing another feature by a relative path',
    file: 'apps/web/src/features/auth/fixture.ts',
    code: "export { getWhatsAppNumber } from '../support/support-api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a web feature importing another feature by alias',
    file: 'apps/web/src/features/auth/fixture.ts',
    code: "export { getWhatsAppNumber } from '@/features/support/support-api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a web feature importing the app shell',
    file: 'apps/web/src/features/auth/fixture.ts',
    code: "export { lazyPage } from '../../app/lazy-page';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'components/ importing a feature',
    file: 'apps/web/src/components/layouts/fixture.ts',
    code: "export { getWhatsAppNumber } from '../../features/support/support-api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'components/ importing the app shell (as root-layout did)',
    file: 'apps/web/src/components/layouts/fixture.ts',
    code: "export { lazyPage } from '@/app/lazy-page';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'lib/ importing a feature',
    file: 'apps/web/src/lib/fixture.ts',
    code: "export { getWhatsAppNumber } from '../features/support/support-api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the web importing api code for its values',
    file: 'apps/web/src/lib/fixture.ts',
    code: "export { createApp } from '@tavara/api/app';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'an api feature importing another feature by a relative path',
    file: 'apps/api/src/features/support/fixture.ts',
    code: "export { getProfile } from '../profiles/profiles.service';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'api lib/ importing a feature',
    file: 'apps/api/src/lib/fixture.ts',
    code: "export { SUPPORT_RATE_PER_EMAIL } from '../features/support/support.service';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a table module importing lib/ (the old db/client → schema → lib → db/client loop)',
    file: 'apps/api/src/db/schema/fixture.ts',
    code: "import type { WindowRule } from '../../lib/window-counter';\nexport type Rule = WindowRule;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a route querying the database handle it was given (no import needed)',
    file: 'apps/api/src/features/support/fixture.routes.ts',
    code: "import type { Database } from '../../db/client';\nexport const rows = (db: Database) => db.query.user.findMany();",
    rule: 'no-restricted-syntax',
  },
  {
    name: 'a route selecting through deps.db',
    file: 'apps/api/src/features/support/fixture.routes.ts',
    code: "import type { Database } from '../../db/client';\nexport const rows = (deps: { db: Database }) => deps.db.select();",
    rule: 'no-restricted-syntax',
  },
  {
    name: 'a route guarded by requireUser() instead of a declaration the matrix reads (decision 040)',
    file: 'apps/api/src/features/support/fixture.routes.ts',
    code: "export { requireUser } from '../../auth/require-user';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'the web importing an api value by a relative path (the app-error hole)',
    file: 'apps/web/src/lib/fixture.ts',
    code: "export { AppError } from '../../../api/src/lib/app-error';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'the web importing an api type by a relative path',
    file: 'apps/web/src/features/auth/fixture.ts',
    code: "export type { AppType } from '../../../../api/src/app';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'the api importing the web by a relative path',
    file: 'apps/api/src/lib/fixture.ts',
    code: "export { paths } from '../../../web/src/config/paths';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'an api service importing the web by a relative path',
    file: 'apps/api/src/features/support/fixture.service.ts',
    code: "export { paths } from '../../../../web/src/config/paths';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'the web domain layer importing a feature',
    file: 'apps/web/src/domain/fixture.ts',
    code: "export { medicationsQuery } from '@/features/medications/api/medications-api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'web components/ importing the domain layer',
    file: 'apps/web/src/components/layouts/fixture.ts',
    code: "export { careKeys } from '@/domain/query-keys';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the api domain layer importing a feature',
    file: 'apps/api/src/domain/fixture.ts',
    code: "export { createPlan } from '../features/care-plans/care-plans.service';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'api lib/ importing the domain layer',
    file: 'apps/api/src/lib/fixture.ts',
    code: "export { loadPlanFor } from '../domain/plan-access';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a service importing Hono',
    file: 'apps/api/src/features/support/fixture.service.ts',
    code: "import { HTTPException } from 'hono/http-exception';\nexport const fail = () => new HTTPException(400);",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'config/ importing a feature',
    file: 'apps/web/src/config/fixture.ts',
    code: "export { getWhatsAppNumber } from '../features/support/support-api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'web lib/ importing components/',
    file: 'apps/web/src/lib/fixture.ts',
    code: "export { Button } from '../components/ui/button';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'api db/ importing auth/',
    file: 'apps/api/src/db/fixture.ts',
    code: "export { AUTH_BASE_PATH } from '../auth/auth';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a table module importing db/client',
    file: 'apps/api/src/db/schema/fixture.ts',
    code: "export { schema } from '../client';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a route querying the database itself (drizzle-orm)',
    file: 'apps/api/src/features/support/fixture.routes.ts',
    code: "export { eq } from 'drizzle-orm';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'a route importing a table for its value',
    file: 'apps/api/src/features/support/fixture.routes.ts',
    code: "export { supportRequests } from '../../db/schema/support';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'packages/shared importing React',
    file: 'packages/shared/src/fixture.ts',
    code: "export { useState } from 'react';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'a web feature writing with a bare useMutation, not the refresh map (issue 33, item 4)',
    file: 'apps/web/src/features/boards/api/fixture.ts',
    code: "import { useMutation } from '@tanstack/react-query';\nexport const useWrite = useMutation;",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'a web feature invalidating a key by hand (issue 33, item 4)',
    file: 'apps/web/src/features/boards/api/fixture.ts',
    code: "import type { QueryClient } from '@tanstack/react-query';\nexport const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: ['boards'] });",
    rule: 'no-restricted-syntax',
  },
  {
    name: 'a component reaching into the data cache (issue 33, item 4)',
    file: 'apps/web/src/features/boards/components/fixture.tsx',
    code: "import { useQueryClient } from '@tanstack/react-query';\nexport const useCache = useQueryClient;",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'packages/shared importing Hono',
    file: 'packages/shared/src/fixture.ts',
    code: "export { Hono } from 'hono';",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'packages/shared importing an app',
    file: 'packages/shared/src/fixture.ts',
    code: "export { getProfile } from '../../../apps/api/src/features/profiles/profiles.service';",
    rule: 'import-x/no-restricted-paths',
  },
];

/** a.ts and b.ts import each other; `npm run lint` skips them (eslint.config.js ignores). */
const CYCLE_FIXTURES = ['scripts/lint-fixtures/cycle/a.ts', 'scripts/lint-fixtures/cycle/b.ts'];

const allowed = [
  {
    // A feature uses its own files, components, lib and shared; the web takes the api's types.
    file: 'apps/web/src/features/support/fixture.ts',
    code: [
      "export { getWhatsAppNumber } from './support-api';",
      "export { Button } from '@/components/ui/button';",
      "export { toast } from '../../lib/toast';",
      "export { ROLES } from '@tavara/shared/roles';",
      "export type { ApiType } from '@tavara/api/app';",
    ].join('\n'),
  },
  // The app shell joins features.
  { file: 'apps/web/src/app/fixture.ts', code: "export { getWhatsAppNumber } from '@/features/support/support-api';" },
  // A route declares who may call it.
  { file: 'apps/api/src/features/support/fixture.routes.ts', code: "export { allow } from '../../auth/allow';" },
  // A route takes the database as a type only.
  {
    file: 'apps/api/src/features/support/fixture.routes.ts',
    code: "export type { Database } from '../../db/client';",
  },
  // A feature's api/ file writes through the refresh map and may write an answer into its cache.
  {
    file: 'apps/web/src/features/boards/api/fixture.ts',
    code: [
      "import { useQueryClient } from '@tanstack/react-query';",
      "export { useRefreshingMutation } from '@/domain/refresh';",
      'export const useCache = useQueryClient;',
    ].join('\n'),
  },
  // A web feature uses the domain layer.
  { file: 'apps/web/src/features/medications/fixture.ts', code: "export { careKeys } from '@/domain/query-keys';" },
  // An api feature uses the domain layer.
  {
    file: 'apps/api/src/features/support/fixture.ts',
    code: "export { loadPlanFor } from '../../domain/plan-access';",
  },
  // An api feature uses db and lib.
  {
    file: 'apps/api/src/features/support/fixture.ts',
    code: "export { windowCounterTable } from '../../db/schema/window-counter';",
  },
];

beforeAll(() => {
  results = lint([...cases, ...allowed], CYCLE_FIXTURES);
}, 300_000);

afterAll(() => {
  for (const path of written) rmSync(path, { force: true });
});

describe('lint: import boundaries (decision 001)', () => {
  it.each(cases.map((c, index) => ({ ...c, index })))('refuses $name', ({ index, rule }) => {
    const found = problemsOf(results[index]);
    expect(
      found.some((problem) => problem.startsWith(`${rule}:`)),
      found.join('\n') || 'no problems',
    ).toBe(true);
  });

  it('accepts the imports the layers allow', () => {
    for (const result of results.slice(cases.length, cases.length + allowed.length)) {
      expect(problemsOf(result)).toEqual([]);
    }
  });

  it('refuses an import cycle (scripts/lint-fixtures/cycle)', () => {
    const found = results.slice(-CYCLE_FIXTURES.length).flatMap(problemsOf);
    expect(
      found.some((problem) => problem.startsWith('import-x/no-cycle:')),
      found.join('\n'),
    ).toBe(true);
  });
});
