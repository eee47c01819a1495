import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed/seed';
import { MIGRATIONS_DIR } from './test-database';

/**
 * Vitest global setup for the PGlite project: builds one migrated, seeded database and saves
 * its data directory as a tarball. Each test file then starts its own PGlite from that copy
 * (~0.8 s) instead of running initdb and every migration again (~4 s). Uncompressed (45 MB, not
 * 5.5 MB): unpacking the gzipped one took 1.05–1.29 s a file, the plain one 0.71–0.88 s.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ driver: 'pglite-memory' });
  await database.migrate(MIGRATIONS_DIR);
  await seedDatabase(database.db);
  const dump = await database.dumpDataDir!('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'tavara-pglite-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
