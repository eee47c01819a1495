#!/usr/bin/env node
// The landing page's first-load JS stays ≤ 100 kB gzip (the lead's standard; decision 014).
// Run by scripts/test.sh right after the build: cheap and deterministic, it reads the build
// output rather than a browser. First load = the entry script and the modulepreloads that
// apps/web/dist/pages/index.html (the prerendered landing page the server answers `/` with)
// names, plus the chunks the landing route loads at once (its page, as in vite.config.ts's
// PRERENDERED_PAGES; the chat launcher waits for the load event since issue 23), each with every
// chunk it imports statically — followed through the files' `from"./…"` imports. Code fetched
// later (`import()` after the load event or on a tap) is not first load. Each file is gzipped at
// level 9, as scripts/bench/bench.mjs does; the bench measures what a real browser fetches.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_BYTES = 100 * 1000;
const dist = process.env.LANDING_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const html = readFileSync(join(dist, 'pages', 'index.html'), 'utf8');

const files = new Set();
for (const [, src] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(src);
for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(href);
if (files.size === 0) {
  console.error('landing size: pages/index.html names no JS — did the build run?');
  process.exit(1);
}
// The landing route's lazy chunks, loaded as soon as the entry runs.
const LANDING_CHUNKS = [/^home-page-[\w-]+\.js$/];
const assets = readdirSync(join(dist, 'assets'));
for (const pattern of LANDING_CHUNKS) {
  const found = assets.find((name) => pattern.test(name));
  if (!found) {
    console.error(`landing size: no chunk matching ${pattern} in apps/web/dist/assets`);
    process.exit(1);
  }
  files.add(`/assets/${found}`);
}
// …and everything those files import statically.
for (const file of files) {
  const source = readFileSync(join(dist, file.replace(/^\//, '')), 'utf8');
  for (const [, target] of source.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) files.add(`/assets/${target}`);
}

let total = 0;
const rows = [];
for (const file of files) {
  const bytes = gzipSync(readFileSync(join(dist, file.replace(/^\//, ''))), { level: 9 }).length;
  total += bytes;
  rows.push(`  ${(bytes / 1000).toFixed(1).padStart(6)} kB  ${file}`);
}
const verdict = total <= LIMIT_BYTES ? 'ok' : 'OVER THE LIMIT';
console.log(`landing first-load JS: ${(total / 1000).toFixed(1)} kB gzip of ${LIMIT_BYTES / 1000} kB (${verdict})`);
console.log(rows.join('\n'));
process.exit(total <= LIMIT_BYTES ? 0 : 1);
