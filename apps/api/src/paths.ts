import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the migrations and the built web app are, for both ways the server runs: from source
 * (`tsx src/server.ts`, migrations in src/db/migrations) and bundled (`node dist/server.js`, the
 * build copies migrations to dist/migrations). Resolved from the entry module only — after
 * bundling every module shares dist/server.js's URL (architecture.md, pitfalls).
 */
export function resolveRuntimePaths(entryUrl: string) {
  const here = dirname(fileURLToPath(entryUrl));
  const migrationCandidates = [join(here, 'migrations'), join(here, 'db', 'migrations')];
  const migrationsDir = migrationCandidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!migrationsDir) {
    throw new Error(
      `Database migrations not found (looked in ${migrationCandidates.join(', ')}). Run \`npm run build\`.`,
    );
  }
  // The training curriculum: dist/content/training once bundled, apps/api/content/training from source.
  const contentCandidates = [join(here, 'content', 'training'), join(here, '..', 'content', 'training')];
  const trainingContentDir = contentCandidates.find((dir) => existsSync(dir));
  if (!trainingContentDir) {
    throw new Error(`Training content not found (looked in ${contentCandidates.join(', ')}). Run \`npm run build\`.`);
  }
  return { migrationsDir, trainingContentDir, webDir: join(here, '..', '..', 'web', 'dist') };
}
