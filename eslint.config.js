// ESLint flat config: small, but it enforces the structure of code-style.md —
// one-way imports (shared → features → app on the web; routes → service → db on the api;
// no feature importing another), type-only imports of the api from the web, no floating
// promises, and the rules of hooks.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'data/**',
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        {
          group: ['@tavara/api', '@tavara/api/*'],
          allowTypeImports: true,
          message: 'The web imports the api for types only.',
        },
      ]),
    },
  },
  {
    // A web feature stands alone: it may use shared code, components and lib, never another feature or the app.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@tavara/api', '@tavara/api/*'],
        allowTypeImports: true,
        message: 'The web imports the api for types only.',
      },
      { group: ['@/features/*', '@/app/*'], message: 'A feature does not import another feature or the app shell.' },
    ]),
  },
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@tavara/api', '@tavara/api/*'],
        allowTypeImports: true,
        message: 'The web imports the api for types only.',
      },
      { group: ['@/features/*'], message: 'Shared web code does not depend on a feature.' },
    ]),
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
    // api: a feature does not import another feature (a sibling folder under features/).
    files: ['apps/api/src/features/**/*.ts'],
    rules: restrict([{ regex: '^\\.\\./[^.]', message: 'A feature does not import another feature.' }]),
  },
  {
    files: ['apps/api/src/{db,lib}/**/*.ts'],
    rules: restrict([{ regex: '(^|/)features/', message: 'db and lib sit below the features and never import them.' }]),
  },
);
