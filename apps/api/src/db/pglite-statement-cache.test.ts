import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDriver } from '../testing/test-database';
import { withStatementCache } from './pglite-statement-cache';

// The cache exists only for PGlite and these tests open their own PGlite whatever the engine, so
// they run in the PGlite project only: in the PostgreSQL project they ran the same code twice
// (issue 34). One PGlite for the file, reset before each test — a new PGlite is an initdb, about
// five seconds of CPU apiece on a 2-core machine, and eight of them were most of this file's 41 s.
describe.runIf(testDriver() === 'pglite')('PGlite statement cache', () => {
  let raw: PGlite;
  let cached: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create();
  });
  afterAll(() => raw.close());

  beforeEach(async () => {
    // What a test may leave behind: kept statements, its tables, a search path.
    await raw.exec(`
      deallocate all;
      drop table if exists notes, other;
      set search_path to default;
      create table notes (id integer primary key, body text not null, meta jsonb, tags text[], at timestamptz);
      insert into notes values (1, 'one', '{"a":1}', '{x,y}', '2026-11-27T10:00:00Z'), (2, 'two', null, null, null);
    `);
    cached = withStatementCache(raw, 3);
  });

  /** Our own statements in the backend, read past the cache. */
  async function kept(): Promise<string[]> {
    const result = await raw.query<{ statement: string }>(
      `select statement from pg_prepared_statements where name like 'tavara_pglite_%' order by prepare_time`,
    );
    return result.rows.map((row) => row.statement);
  }

  it('answers exactly what PGlite itself answers, in both row modes and with custom parsers', async () => {
    const cases: Array<[string, unknown[], Parameters<PGlite['query']>[2]]> = [
      ['select * from notes order by id', [], undefined],
      ['select id, meta, tags, at from notes where id = $1', [1], { rowMode: 'array' }],
      [
        'select at from notes where at < $1',
        [new Date('2027-01-01T00:00:00Z')],
        { parsers: { [types.TIMESTAMPTZ]: (v: string) => v } },
      ],
      ['select count(*) from notes where meta @> $1', [{ a: 1 }], undefined],
      ['select id from notes where id = any($1)', [[1, 2]], undefined],
      ['update notes set body = body where id > $1', [0], undefined],
      ['insert into notes (id, body) values ($1, $2) returning id, body', [3, 'three'], undefined],
      ['delete from notes where id = $1', [3], undefined],
      ['with x as (select 1 as n) select n from x where $1::text is null', [null], undefined],
    ];
    for (const [text, params, options] of cases) {
      const mine = await cached.query(text, params, options);
      // Run the write statements' effect back so PGlite sees the same table.
      if (text.startsWith('insert')) await raw.query('delete from notes where id = 3');
      const theirs = await raw.query(text, params, options);
      if (text.startsWith('insert')) await raw.query('delete from notes where id = 3');
      expect({ rows: mine.rows, fields: mine.fields, affectedRows: mine.affectedRows }, text).toEqual({
        rows: theirs.rows,
        fields: theirs.fields,
        affectedRows: theirs.affectedRows,
      });
    }
  });

  it('prepares a statement once and reuses it', async () => {
    for (let id = 1; id <= 3; id++) await cached.query('select body from notes where id = $1', [id]);
    expect(await kept()).toEqual(['select body from notes where id = $1']);
  });

  it('keeps at most its size, closing the least recently used', async () => {
    await cached.query('select 1');
    await cached.query('select 2');
    await cached.query('select 3');
    await cached.query('select 1'); // used again: "select 2" is now the oldest
    await cached.query('select 4');
    expect((await kept()).sort()).toEqual(['select 1', 'select 3', 'select 4']);
    expect((await cached.query<{ '?column?': number }>('select 2')).rows).toEqual([{ '?column?': 2 }]);
  });

  it('leaves statements that are not plain data statements to PGlite', async () => {
    await cached.query('create table other (id integer)');
    await cached.query(`set search_path to public`);
    expect(await kept()).toEqual([]);
  });

  it('follows a table that changed under a kept statement', async () => {
    expect((await cached.query('select * from notes where id = 2')).fields.map((f) => f.name)).not.toContain('extra');
    await raw.exec(`alter table notes add column extra text default 'e'`);
    const after = await cached.query<{ extra: string }>('select * from notes where id = 2');
    expect(after.rows[0]?.extra).toBe('e');
    await raw.exec(`alter table notes drop column extra`);
    expect((await cached.query('select * from notes where id = 2')).fields.map((f) => f.name)).not.toContain('extra');
  });

  it('reports a database error as PGlite does and stays usable', async () => {
    await expect(cached.query('insert into notes (id, body) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
    });
    expect((await cached.query('select body from notes where id = $1', [1])).rows).toEqual([{ body: 'one' }]);
  });

  it('never runs inside somebody else’s transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query(`insert into notes (id, body) values (10, 'pending')`);
      inserted();
      await held;
      await tx.rollback();
    });
    await didInsert;
    let answered = false;
    const read = cached.query<{ n: number }>('select count(*)::int as n from notes').then((result) => {
      answered = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ n: 2 }]); // the rolled-back row was never seen
  });

  it('gives drizzle the same rows, timestamps and JSON included', async () => {
    const notes = pgTable('notes', {
      id: integer('id').primaryKey(),
      body: text('body').notNull(),
      meta: jsonb('meta'),
      tags: text('tags').array(),
      at: timestamp('at', { withTimezone: true }),
    });
    const select = (client: PGlite) =>
      drizzle({ client })
        .select()
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare('note_by_id')
        .execute({ id: 1 });
    const mine = await select(cached);
    expect(mine).toEqual(await select(raw));
    expect(mine[0]?.at).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect(mine[0]?.meta).toEqual({ a: 1 });
  });
});
