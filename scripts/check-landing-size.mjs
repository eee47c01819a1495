#!/usr/bin/env node
// The landing page's first-load JS stays ≤ 100 kB gzip (the lead's standard; decision 014).
// Run by scripts/test.sh right after the build: cheap and deterministic, it reads the build
// output rather than a browser. First load (scripts/first-load-js.mjs) = the entry script and the
// modulepreloads that apps/web/dist/pages/index.html (the prerendered landing page the server
// answers `/` with) names, plus the chunks the landing route loads at once (its page, as in
// vite.config.ts's PRERENDERED_PAGES; the chat launcher waits for the load event since issue 23),
// each with every chunk it imports statically.
import { join } from 'node:path';
import { LANDING_CHUNKS, kB, measureFirstLoad } from './first-load-js.mjs';

const LIMIT_BYTES = 100 * 1000;
const dist = process.env.LANDING_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');

let measured;
try {
  measured = measureFirstLoad(dist, 'index.html', LANDING_CHUNKS);
} catch (error) {
  console.error(`landing size: ${error.message}`);
  process.exit(1);
}
const { rows, total } = measured;
const verdict = total <= LIMIT_BYTES ? 'ok' : 'OVER THE LIMIT';
console.log(`landing first-load JS: ${kB(total)} gzip of ${kB(LIMIT_BYTES)} (${verdict})`);
console.log(rows.map(({ file, bytes }) => `  ${kB(bytes).padStart(8)}  ${file}`).join('\n'));
process.exit(total <= LIMIT_BYTES ? 0 : 1);
