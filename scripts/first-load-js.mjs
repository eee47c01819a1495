// What a prerendered page's first load of JavaScript is, read from the build output (shared by
// scripts/check-landing-size.mjs and scripts/check-page-sizes.mjs, so both count the same way).
// First load = the entry script and the chunks to preload that the page's apps/web/dist/pages/…html
// names in its boot script's data-modules (the page the server answers its path with; decision
// 028, packages/shared/src/page-boot.ts), plus any `extraChunks`, each with every chunk it
// imports statically — followed through the files' `from"./…"` imports. Code
// fetched later (`import()` after the load event, on a tap or on submit) is not first load. Each
// file is gzipped at level 9, as scripts/bench/bench.mjs does; the bench checks the same budget
// with this count and shows beside it all that a real browser fetches on the landing page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing route's lazy chunk, loaded as soon as the entry runs (its page, as in vite.config.ts's PRERENDERED_PAGES). */
export const LANDING_CHUNKS = [/^home-page-[\w-]+\.js$/];

/**
 * The first-load files of `pageFile` (relative to dist/pages) with their gzip sizes, largest
 * first, and their total. `extraChunks`: patterns of chunk names under dist/assets loaded at once
 * besides the page's own list. Throws when the build output is missing.
 */
export function measureFirstLoad(dist, pageFile, extraChunks = []) {
  const html = readFileSync(join(dist, 'pages', pageFile), 'utf8');
  const files = new Set();
  for (const [, list] of html.matchAll(/<script data-modules="([^"]+)">/g))
    list.split(' ').forEach((url) => files.add(url));
  if (files.size === 0) throw new Error(`pages/${pageFile} names no JS — did the build run?`);
  const assets = readdirSync(join(dist, 'assets'));
  for (const pattern of extraChunks) {
    const found = assets.find((name) => pattern.test(name));
    if (!found) throw new Error(`no chunk matching ${pattern} in ${join(dist, 'assets')}`);
    files.add(`/assets/${found}`);
  }
  for (const file of files) {
    const source = readFileSync(join(dist, file.replace(/^\//, '')), 'utf8');
    for (const [, target] of source.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) files.add(`/assets/${target}`);
  }
  const rows = [...files]
    .map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file.replace(/^\//, ''))), { level: 9 }).length }))
    .sort((a, b) => b.bytes - a.bytes);
  return { rows, total: rows.reduce((sum, row) => sum + row.bytes, 0) };
}

/** `12.3 kB`, in kB of 1000 bytes as the budgets are written. */
export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
