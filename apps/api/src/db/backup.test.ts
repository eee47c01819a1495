import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlan, send } from '../testing/care-plan-requests';
import { createVerifiedUser, signInElsewhere, TEST_PASSWORD } from '../testing/factories';
import { addedOnStartDate, addMedication, localToday, recorded } from '../testing/medication-requests';
import { TINY_PNG, uploadProfilePhoto } from '../testing/registration-requests';
import { createTestApp, type TestApp } from '../testing/test-app';
import { MIGRATIONS_DIR, testDriver } from '../testing/test-database';
import type { TestClient } from '../testing/test-client';
import { BackupError, createBackup, requireTool, restoreBackup, type BackupSource } from './backup';
import { openDatabase, type DatabaseHandle } from './client';
import { seedDatabase } from './seed/seed';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** One instance's database: a PGlite directory, or a new database on TEST_DATABASE_URL's server. */
async function instanceDatabase(dataDir: string, migrate: boolean) {
  if (testDriver() === 'pglite') {
    const open = () => openDatabase({ driver: 'pglite', dataDir });
    let database: DatabaseHandle | undefined;
    if (migrate) {
      database = await open();
      await database.migrate(MIGRATIONS_DIR);
      await seedDatabase(database.db);
    }
    return { database, open, source: { engine: 'pglite', dataDir } as BackupSource, drop: async () => {} };
  }
  const server = process.env.TEST_DATABASE_URL!;
  const name = `tavara_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 3 });
  let database: DatabaseHandle | undefined;
  if (migrate) {
    database = await open();
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db);
  }
  return {
    database,
    open,
    source: { engine: 'postgres', url: url.toString(), dataDir } as BackupSource,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** What the people of the instance see through the API: plans, shifts, doses, posts, inbox, files. */
async function whatTheySee(
  family: TestClient,
  pro: TestClient,
  ids: { planId: string; familyId: string; documentId: string },
) {
  const json = async (client: TestClient, path: string) => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const bytes = async (client: TestClient, path: string) => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return Buffer.from(await res.arrayBuffer()).toString('base64');
  };
  const { planId } = ids;
  const strip = (value: unknown, key: string) =>
    JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === key ? undefined : v)));
  return {
    plans: await json(family, '/api/care-plans'),
    plan: await json(family, `/api/care-plans/${planId}`),
    shifts: await json(family, `/api/care-plans/${planId}/shifts?from=${localToday(-1)}&to=${localToday(13)}`),
    // The day's doses carry the server's clock (`now`, to the minute): not restored data, and a
    // minute that turns between the two readings failed the comparison (seen while timing issue 34).
    doses: strip(await json(family, `/api/care-plans/${planId}/doses?date=${localToday(-1)}`), 'now'),
    posts: await json(family, '/api/boards/posts/mine'),
    inbox: strip(await json(family, '/api/notifications'), 'unread'),
    proSchedule: await json(pro, '/api/professional/schedule'),
    photo: await bytes(family, `/api/registration/photo/${ids.familyId}`),
    document: await bytes(pro, `/api/professional/documents/${ids.documentId}/file`),
  };
}

/**
 * Issue 32, item 6: a backup restores. A populated instance (users, a plan with its team and
 * shifts, a medicine and a recorded dose, a board post, a profile photo and a document) is backed
 * up, restored into an empty data directory (and empty database), and the API answers the same.
 */
describe(`backup and restore (${testDriver()})`, () => {
  const dirs: string[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('round trip: the restored instance answers the same data and serves the same files', async () => {
    const sourceDir = tempDir('tavara-backup-source-');
    const secret = randomBytes(32).toString('hex');
    const source = await instanceDatabase(sourceDir, true);
    cleanups.push(source.drop);
    const env = { DATA_DIR: sourceDir, AUTH_SECRET: secret, AUTH_RATE_LIMIT_DISABLED: 'true' };
    const t: TestApp = await createTestApp(env, { database: source.database! });

    const family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
    const pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
    expect((await uploadProfilePhoto(family.client, TINY_PNG)).status).toBe(201);
    const form = new FormData();
    form.set('kind', 'certification');
    form.set('title', 'First aid');
    form.set('file', new File([PDF], 'first-aid.pdf', { type: 'application/pdf' }));
    const uploaded = await pro.client.request('/api/professional/documents', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;

    const planId = await createPlan(family.client, { startDate: localToday(-7) });
    const invited = await send(family.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'professional',
      professionalId: pro.id,
      teamRole: 'caregiver',
    });
    const { memberId } = (await invited.json()) as { memberId: string };
    expect((await send(pro.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);
    expect(
      (
        await send(family.client, 'POST', `/api/care-plans/${planId}/shifts/generate`, {
          from: localToday(0),
          to: localToday(6),
        })
      ).status,
    ).toBe(200);
    const medicationId = await addMedication(family.client, planId);
    // In use since its start date a week ago, so yesterday's dose is one it was due (issue 28).
    await addedOnStartDate(t.database.db, medicationId);
    await recorded(pro.client, planId, {
      medicationId,
      scheduledFor: `${localToday(-1)}T08:00`,
      status: 'given',
      givenAt: `${localToday(-1)}T08:05`,
    });
    const post = await family.client.post('/api/boards/posts', {
      type: 'care_need',
      title: 'Evening carer needed in Arima',
      region: 'arima',
      urgency: 'within_48_hours',
      details: 'Help with evening routines for my mother, three evenings a week.',
      careCodes: ['in_home_care'],
    });
    expect(post.status).toBe(201);

    const ids = { planId, familyId: family.id, documentId };
    const before = await whatTheySee(family.client, pro.client, ids);
    expect((before.shifts as { shifts: unknown[] }).shifts.length).toBeGreaterThan(0);
    expect(JSON.stringify(before.doses)).toContain('given');
    await t.close();
    await source.database!.close();

    const backupDir = join(tempDir('tavara-backup-'), 'backup');
    const started = performance.now();
    const manifest = await createBackup(source.source, backupDir);
    const backupMs = performance.now() - started;
    expect(manifest).toMatchObject({ engine: testDriver(), uploadFiles: 2 });
    expect(manifest.databaseBytes).toBeGreaterThan(0);

    // Restored into an empty directory (and database), as on a new machine.
    const targetDir = tempDir('tavara-restore-');
    const target = await instanceDatabase(targetDir, false);
    cleanups.push(target.drop);
    const restoreStarted = performance.now();
    await restoreBackup(backupDir, target.source);
    const restoreMs = performance.now() - restoreStarted;
    console.info(
      `backup round trip (${testDriver()}): database ${manifest.databaseBytes} bytes, ${manifest.uploadFiles} files ` +
        `(${manifest.uploadBytes} bytes); backup ${backupMs.toFixed(0)} ms, restore ${restoreMs.toFixed(0)} ms`,
    );
    // Restoring over data is refused: the same backup again into the now-full target.
    await expect(restoreBackup(backupDir, target.source)).rejects.toThrow(BackupError);

    const restoredDb = await target.open();
    try {
      const t2 = await createTestApp({ ...env, DATA_DIR: targetDir }, { database: restoredDb });
      const family2 = await signInElsewhere(t2, family.email, TEST_PASSWORD);
      const pro2 = await signInElsewhere(t2, pro.email, TEST_PASSWORD);
      expect(await whatTheySee(family2, pro2, ids)).toEqual(before);
    } finally {
      await restoredDb.close();
    }
    expect(existsSync(join(targetDir, 'uploads', 'documents'))).toBe(true);
  }, 120_000);

  it('without the PostgreSQL client tools, the error names the tool and how to install it', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => requireTool('pg_dump')).toThrow(/pg_dump was not found.*apt-get install postgresql-client/);
    } finally {
      process.env.PATH = path;
    }
  });

  it('a backup folder that exists, or a folder that is not a backup, is refused with what to do', async () => {
    const dir = tempDir('tavara-backup-misc-');
    await expect(createBackup({ engine: 'pglite', dataDir: dir }, dir)).rejects.toThrow(/already exists/);
    await expect(restoreBackup(dir, { engine: 'pglite', dataDir: join(dir, 'x') })).rejects.toThrow(
      /not a Tavara backup/,
    );
  });
});
