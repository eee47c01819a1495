import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept prepared in PGlite's one backend at a time; the least recently used is closed. */
export const PGLITE_STATEMENT_CACHE_SIZE = 256;

/** Only plain data statements are worth keeping; DDL, SET, BEGIN and the like run as they always did. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's answers that a kept statement no longer fits (a column changed under it, or it is gone). */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface Prepared {
  name: string;
  /** Parameter types PostgreSQL inferred when the statement was parsed; they choose each value's serializer. */
  paramTypes: number[];
  /** The statement's RowDescription (or none), given to PGlite's own result parser with every execution. */
  description: Awaited<ReturnType<PGlite['execProtocolStream']>>;
}

/**
 * Issue 23 (decision 029): PGlite's `query()` sends an unnamed Parse for every call, so PostgreSQL
 * parses and plans every statement again — for the session lookup's three-table join that was most
 * of a signed-in request's cost (0.85 ms a query in a bare PGlite, against 0.23 ms for the same
 * join bound to a statement prepared once). Drizzle's PGlite driver ignores `.prepare(name)`.
 *
 * This wraps the PGlite instance drizzle talks to: a data statement outside a transaction is
 * prepared once under a generated name (Parse + Describe), then each call is one Bind + Execute +
 * Sync message to the backend, and PGlite's own parser turns the answer into the same `Results`
 * as `query()` would (the same parsers and serializers, `rowMode`, `affectedRows`, `fields`).
 * Everything else — transactions (drizzle runs their statements on PGlite's transaction object),
 * `exec`, DDL, blobs — goes to PGlite untouched.
 *
 * It takes PGlite's two locks in the same order `query()` does, so a kept statement never runs in
 * the middle of somebody else's transaction. PostgreSQL itself re-plans a kept statement when a
 * table it reads changes; a statement whose result columns changed (or that is gone) is prepared
 * again once.
 */
export function withStatementCache(client: PGlite, size = PGLITE_STATEMENT_CACHE_SIZE): PGlite {
  // Map order is insertion order: re-inserting on use makes the first key the least recently used.
  const prepared = new Map<string, Prepared>();
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const found = prepared.get(text);
    if (found) {
      prepared.delete(text);
      prepared.set(text, found);
      return found;
    }
    if (prepared.size >= size) {
      const [oldestText, oldest] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldestText);
      await client.execProtocolStream(concat(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()));
    }
    const name = `tavara_pglite_${++counter}`;
    const description = await client.execProtocolStream(
      concat(
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
    );
    const entry = {
      name,
      paramTypes: parse.parseDescribeStatementResults(description),
      description: description.filter((message) => message.name === 'rowDescription'),
    };
    prepared.set(text, entry);
    return entry;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await prepare(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value as never) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
    );
    await client.syncToFs();
    // Given `options.parsers`, parseResults spreads PGlite's ~320 type parsers into a new object
    // on every call, 0.1 ms a query (a tenth of a signed-in request). An object with PGlite's
    // parsers as its prototype and the overrides (drizzle's nine) as its own keys finds the same
    // parser for every type, for the cost of those nine assignments.
    const parsers = options?.parsers
      ? (Object.assign(Object.create(client.parsers) as object, options.parsers) as typeof client.parsers)
      : client.parsers;
    return parse.parseResults([...statement.description, ...messages], parsers, {
      rowMode: options?.rowMode,
    })[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!CACHEABLE.test(text) || options?.blob) return client.query<T>(text, params, options);
    await client.waitReady;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options);
        } catch (error) {
          if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
          const stale = prepared.get(text);
          if (!stale) throw error;
          prepared.delete(text);
          await client.execProtocolStream(concat(serialize.close({ type: 'S', name: stale.name }), serialize.sync()));
          return run<T>(text, params, options);
        }
      }),
    );
  }

  // PGlite keeps its state in private fields, so every other method must run on the instance itself.
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
