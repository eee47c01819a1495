// ESLint flat config: small, but it enforces the structure of code-style.md (decision 001) —
// one-way imports (shared → features → app on the web; routes → service → db on the api;
// no feature importing another; no import cycles), type-only imports of the api from the web,
// no floating promises, and the rules of hooks. The boundaries are `import-x/no-restricted-paths`
// zones on resolved file paths, so a relative import (`../../other-feature/x`) is caught exactly
// like an alias (`@/features/...`). eslint-rules.test.ts lints the fixtures under
// scripts/lint-fixtures/ to prove every zone still fires.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One zone per feature folder: it may import itself, not its siblings. */
const featureZones = (root, message) =>
  dirs(`./${root}`).map((feature) => ({
    target: `./${root}/${feature}`,
    from: `./${root}`,
    except: [`./${feature}`],
    message,
  }));

/**
 * The import boundaries of decision 001, by resolved path (`basePath` is the repository root).
 * The fixtures in scripts/lint-fixtures/ mirror these folders (see eslint-rules.test.ts).
 */
export const BOUNDARY_ZONES = [
  // packages/shared is plain TypeScript + zod: it knows neither app.
  { target: './packages/shared', from: ['./apps'], message: 'packages/shared does not import an app.' },
  // web
  ...featureZones('apps/web/src/features', 'A web feature does not import another feature (join them in app/).'),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'A feature does not import the app shell (app/ imports features, not the reverse).',
  },
  {
    // Issue 33: the web's domain layer (plan queries and access, the person cared for, shared
    // query keys and what each change refreshes) sits below the features and above components/.
    target: './apps/web/src/domain',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'domain/ sits below the features: it imports no feature or app shell (move the shared part down).',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: './apps/web/src/domain',
    message: 'components/, lib/ and config/ sit below the domain layer and never import it.',
  },
  {
    target: './apps/web/src/components',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'components/ sits below the features and the app shell and never imports them.',
  },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
    message: 'lib/ is the bottom layer of the web: no features, app shell or components.',
  },
  {
    target: './apps/web/src/config',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
    message: 'config/ is the bottom layer of the web: no features, app shell or components.',
  },
  // api
  ...featureZones('apps/api/src/features', 'An api feature does not import another feature.'),
  {
    // Issue 33: the domain layer holds what several features share (plan access and membership,
    // people, the people cared for, plan read models); features import it, never the reverse.
    target: './apps/api/src/domain',
    from: ['./apps/api/src/features', './apps/api/src/auth', './apps/api/src/emails'],
    message: 'domain/ sits below the features: it imports no feature (move the shared rule down into domain/).',
  },
  {
    // E-mail templates render what a feature hands them; they never reach into a feature.
    target: './apps/api/src/emails',
    from: ['./apps/api/src/features', './apps/api/src/domain'],
    message: 'emails/ renders what it is given and imports no feature or domain module.',
  },
  {
    target: ['./apps/api/src/db', './apps/api/src/lib'],
    from: ['./apps/api/src/features', './apps/api/src/auth', './apps/api/src/domain'],
    message: 'db/ and lib/ sit below the domain, the features and auth and never import them.',
  },
  {
    // Tables are the bottom of the api: db/client.ts and lib/ import them, so they import neither
    // (this was the type-only loop db/client → schema/auth → lib/window-counter → db/client).
    target: './apps/api/src/db/schema',
    from: ['./apps/api/src/lib', './apps/api/src/db/client.ts', './apps/api/src/env.ts'],
    message: 'db/schema/ holds tables only and imports nothing above it (lib/, db/client.ts).',
  },
];

/** The query builder's entry points (Drizzle), as an esquery regex. */
const DB_CALLS =
  '/^(query|select|selectDistinct|selectDistinctOn|insert|update|delete|execute|transaction|batch|\\$count)$/';

const restrict = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});

/** Issue 33: a relative path into the other app (`../../../api/src/...`) skips the package and its type-only rule. */
const noRelativeApi = {
  regex: String.raw`^\.\.?/(.*/)?api/src(/|$)`,
  message: "The web reaches the api only as `import type … from '@tavara/api/…'`, never by a relative path.",
};
const noWebFromApi = {
  regex: String.raw`^(\.\.?/(.*/)?web/src(/|$)|@tavara/web(/|$))`,
  message: 'The api never imports the web.',
};

/** Issue 33, item 4: the web's writes are `useRefreshingMutation`, with the one refresh map. */
const noBareMutation = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: 'A write is useRefreshingMutation (domain/refresh.ts): what it refreshes is read in REFRESHES.',
};
const noHandInvalidation = {
  selector: 'CallExpression[callee.property.name=/^(invalidateQueries|refetchQueries)$/]',
  message:
    'What a change refreshes is declared with useRefreshingMutation (domain/refresh.ts), not invalidated by hand.',
};

const apiTypesOnly = {
  group: ['@tavara/api', '@tavara/api/*'],
  allowTypeImports: true,
  message: 'The web imports the api for types only.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'data/**',
      // Broken on purpose; linted by scripts/eslint-rules.test.ts.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files too (no-cycle): as TypeScript, with these extensions.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/api/tsconfig.json',
            'packages/shared/tsconfig.json',
            'tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARY_ZONES }],
      // Value imports only (the rule skips `import type`); type-only loops are prevented by the
      // layer zones instead (db/schema/ imports no module above it).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The api is outside every web zone only for its types: a value import would bundle server code.
      ...restrict([apiTypesOnly, noRelativeApi]),
    },
  },
  {
    // Issue 33, item 4: a feature's writes go through `useRefreshingMutation` (domain/refresh.ts),
    // so what each one refreshes is read in one map (`REFRESHES`) and the feature's api/ file; and
    // a component never touches the data cache (keys, invalidation) itself: it calls its api/ hooks.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      ...restrict([apiTypesOnly, noRelativeApi], [noBareMutation]),
      'no-restricted-syntax': ['error', noHandInvalidation],
    },
  },
  {
    files: ['apps/web/src/features/**/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrict(
      [apiTypesOnly, noRelativeApi],
      [
        noBareMutation,
        {
          name: '@tanstack/react-query',
          importNames: ['useQueryClient'],
          message: "A component does not touch the data cache: use its feature's api/ hooks.",
        },
      ],
    ),
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: restrict([
      {
        group: [
          'react',
          'react-*',
          'hono',
          'hono/*',
          'drizzle-orm',
          'drizzle-orm/*',
          'better-auth',
          'better-auth/*',
          '@tavara/*',
          'pg',
          '@electric-sql/*',
        ],
        message: 'packages/shared holds plain TypeScript + zod only.',
      },
    ]),
  },
  {
    files: ['apps/api/src/**/*.{ts,tsx}'],
    rules: restrict([noWebFromApi]),
  },
  {
    // routes → service → db: a route checks who asks and calls a service; it never queries. Its
    // database handle comes in as a type (`import type { Database }`), so value imports of the
    // query builder or of tables are what would let a route skip the service's rules.
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      ...restrict([
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/*', '**/db/schema'],
          allowTypeImports: true,
          message: 'A route does not query: the rules and the SQL live in its *.service.ts.',
        },
        {
          // Issue 33, decision 040: who may call a route is declared once, by the middleware the
          // authorization matrix reads (`allow…`); a bare guard would be an undeclared route.
          group: ['**/auth/require-user'],
          importNames: ['requireUser', 'requireRole'],
          message: 'A route declares who may call it with allow… (auth/allow.ts), not requireUser/requireRole.',
        },
        noWebFromApi,
      ]),
      // Issue 33: the handle a route is given needs no import to query (`db.query.x.findMany()`),
      // so a query call on anything named `db` is refused too.
      'no-restricted-syntax': [
        'error',
        ...['db', 'database'].flatMap((name) => [
          {
            selector: `MemberExpression[object.name='${name}'][property.name=${DB_CALLS}]`,
            message: 'A route does not query: call its *.service.ts.',
          },
          {
            selector: `MemberExpression[object.property.name='${name}'][property.name=${DB_CALLS}]`,
            message: 'A route does not query: call its *.service.ts.',
          },
        ]),
      ],
    },
  },
  {
    // A service holds the domain rules, callable from a route, a job or a test: HTTP stays in the
    // routes (a package import, which the path zones do not see).
    files: ['apps/api/src/**/*.service.ts'],
    rules: restrict([
      { group: ['hono', 'hono/*', '@hono/*'], message: 'A service does not use Hono: HTTP belongs in *.routes.ts.' },
      noWebFromApi,
    ]),
  },
  {
    // One time format (issue 31, item 8): dates and times a person reads are written by the shared
    // time module (packages/shared/src/time), in the plan's zone — never by the runtime's locale.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/time/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleTimeString', 'toLocaleDateString'].map((property) => ({
          property,
          message: 'Write times with packages/shared/src/time (one format, in the plan’s zone).',
        })),
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Write times with packages/shared/src/time (one format, in the plan’s zone).',
        },
      ],
    },
  },
);
