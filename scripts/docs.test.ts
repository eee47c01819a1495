import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs a newcomer reads first stay true (issue 33, item 8): every code path they cite in
 * backticks exists. A path is read from the repository's root, or — as the docs write them
 * inside a section about one app — from apps/api/src, apps/web/src or packages/shared/src.
 * Placeholders (`<domain>`), globs and URL paths (`/api/*`) are not paths to check.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const BASES = ['', 'apps/api/src', 'apps/web/src', 'packages/shared/src', 'apps/api', 'apps/web'];
const DOCS = ['README.md', 'docs/architecture.md', 'docs/adding-a-feature.md'];
/** What a run makes rather than the repository holds: a data folder, a report, a build. */
const MADE_AT_RUN_TIME = /^(test-results|uploads|data|dist|node_modules|backups)\/|^[A-Z][A-Z0-9_]+\//;

/** Backticked words that look like a file or folder: a slash and an extension, or a trailing slash. */
export function citedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const token = code!.trim().replace(/[.,;:]$/, '');
    if (!token.includes('/') || /\s|[<>*{}$()=]/.test(token) || token.startsWith('/') || token.includes('://'))
      continue;
    if (token.startsWith('@') || token.startsWith('.')) continue;
    if (!/\.[a-z]{1,5}$/.test(token) && !token.endsWith('/')) continue;
    if (MADE_AT_RUN_TIME.test(token)) continue;
    found.add(token);
  }
  return [...found];
}

const exists = (path: string) => BASES.some((base) => existsSync(join(root, base, path)));

describe('the docs cite only paths that exist', () => {
  it('finds the paths a doc cites', () => {
    const doc =
      'see `apps/api/src/app.ts`, `lib/app-error.ts`, `/api/*`, `<domain>/x.ts`, `DATA_DIR/k.json`, `npm test`';
    expect(citedPaths(doc)).toEqual(['apps/api/src/app.ts', 'lib/app-error.ts']);
  });

  const docs = [
    ...DOCS,
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  for (const doc of new Set(docs)) {
    it(doc, () => {
      const missing = citedPaths(readFileSync(join(root, doc), 'utf8')).filter((path) => !exists(path));
      expect(missing, `${doc} cites paths that do not exist`).toEqual([]);
    });
  }
});
