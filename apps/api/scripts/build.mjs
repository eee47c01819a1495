// Bundles the server into dist/server.js (and dist/chunks/, what it loads later) and copies the migrations and training content beside it. Dependencies
// stay external (installed by npm ci); the workspace's own shared package is bundled in,
// because it ships TypeScript source.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tavara/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  // The e-mail templates (src/emails/templates.ts) are imported on the first mail: a chunk of their
  // own, so react-email and React load then, not at start (decision 039).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('content/training', 'dist/content/training', { recursive: true });
console.log('api: built dist/server.js');
