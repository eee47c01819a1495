import type { Database } from './client';

/**
 * A statement built once per database handle (decision 044). Drizzle otherwise builds a query's
 * SQL anew on every call — about half a millisecond of CPU a statement on a 2-core machine — and
 * with `.prepare(name)` inside `build`, PostgreSQL parses and plans it once per connection, not
 * once per request (PGlite's statement cache does the same by text, `pglite-statement-cache.ts`).
 * A transaction is a handle of its own, so its reads stay on its connection.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
