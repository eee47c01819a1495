import { parse, PGlite, protocol, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../testing/test-database';

/**
 * Issue 33, item 6: pglite-statement-cache.ts works below PGlite's public API (its exclusive
 * locks, the wire protocol, its parsers) and relies on how drizzle calls `query`. Each test
 * names one thing it relies on, so an upgrade of @electric-sql/pglite or drizzle-orm that
 * changes it fails here with that name, not as wrong rows somewhere else.
 */
let client: PGlite;
// PGlite's own contracts, whatever the engine: the PGlite project runs them, the PostgreSQL
// project would only run them again (issue 34).
const onPglite = testDriver() === 'pglite';

beforeAll(async () => {
  if (onPglite) client = await PGlite.create();
});

afterAll(async () => {
  if (onPglite) await client.close();
});

describe.runIf(onPglite)('PGlite internals the statement cache uses', () => {
  it('has the exclusive-lock methods, the protocol stream and syncToFs', () => {
    const internals = client as unknown as Record<string, unknown>;
    for (const name of ['_runExclusiveTransaction', '_runExclusiveQuery', 'execProtocolStream', 'syncToFs']) {
      expect(typeof internals[name], `PGlite#${name}`).toBe('function');
    }
    expect(client.waitReady, 'PGlite#waitReady').toBeInstanceOf(Promise);
  });

  it('keeps its type parsers and serializers by type OID', () => {
    expect(typeof client.parsers[25], 'parser of text (25)').toBe('function');
    expect(typeof client.parsers[1184], 'parser of timestamptz (1184)').toBe('function');
    expect(typeof client.serializers[1184], 'serializer of timestamptz (1184)').toBe('function');
  });

  it('exports the protocol serializer and the results parser', () => {
    for (const name of ['parse', 'describe', 'bind', 'execute', 'sync', 'close'] as const) {
      expect(typeof protocol.serialize[name], `protocol.serialize.${name}`).toBe('function');
    }
    expect(typeof parse.parseResults, 'parse.parseResults').toBe('function');
  });

  it('answers a prepared statement through the protocol as query() does', async () => {
    const name = 'contract_statement';
    const text = 'select $1::int + 1 as n';
    const description = await client.execProtocolStream(
      new Uint8Array([
        ...protocol.serialize.parse({ name, text, types: [] }),
        ...protocol.serialize.describe({ type: 'S', name }),
        ...protocol.serialize.sync(),
      ]),
    );
    const messages = await client.execProtocolStream(
      new Uint8Array([
        ...protocol.serialize.bind({ statement: name, values: ['41'] }),
        ...protocol.serialize.execute({}),
        ...protocol.serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults([...description, ...messages], client.parsers, {});
    expect(result?.rows).toEqual((await client.query(text, [41])).rows);
  });
});

describe.runIf(onPglite)('drizzle calls the cache the way it expects', () => {
  it('a select goes through query(text, params, { rowMode: array, parsers })', async () => {
    const calls: Array<{ text: string; params: unknown[]; options?: QueryOptions }> = [];
    const recording = new Proxy(client, {
      get(target, property) {
        if (property === 'query') {
          return (text: string, params: unknown[], options?: QueryOptions) => {
            calls.push({ text, params, options });
            return target.query(text, params, options);
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const db = drizzle({ client: recording });
    await db.execute(sql`select ${1}::int as n`);
    await db.select({ n: sql<number>`${2}::int` }).from(sql`(select 1) as t`);
    expect(calls.length, 'drizzle runs statements through PGlite#query').toBeGreaterThanOrEqual(2);
    const select = calls.at(-1)!;
    expect(select.options?.rowMode, 'drizzle asks for array rows').toBe('array');
    expect(Object.keys(select.options?.parsers ?? {}).length, 'drizzle overrides some parsers').toBeGreaterThan(0);
    for (const key of Object.keys(select.options?.parsers ?? {})) expect(Number.isInteger(Number(key))).toBe(true);
  });
});
