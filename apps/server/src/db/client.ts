/**
 * The database connection: embedded PGlite when DATABASE_URL is unset, PostgreSQL through
 * `pg` when it is set. Both give the same Drizzle API over the same schema.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** What repos take: the database or a transaction on it (a transaction is one). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

interface HandleBase {
  db: Database;
  /** Closes the connection; PGlite must be closed or the process never exits. */
  close(): Promise<void>;
}
export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PGlite })
  // PGlite on its own thread, reached by node-postgres (db/pglite-worker.ts).
  | (HandleBase & { kind: 'pglite-thread'; client: pg.Pool })
  | (HandleBase & { kind: 'postgres'; client: pg.Pool });

/** The databases PGlite serves (db/pglite.ts marks them): one connection, in this process. */
export const embeddedDatabases = new WeakSet<Database>();

/** Whether the database is the embedded one, whose single connection everyone shares. */
export const isEmbedded = (db: Database): boolean => embeddedDatabases.has(db);

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    client: pool,
    db,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir' | 'pgliteSharedBuffers' | 'pgliteThread'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  mkdirSync(config.pgliteDir, { recursive: true });
  const postgresqlconf = [`shared_buffers = ${config.pgliteSharedBuffers}`];
  if (config.pgliteThread) {
    const { openPgliteThread } = await import('./pglite-worker.js');
    return openPgliteThread({ dataDir: config.pgliteDir, postgresqlconf });
  }
  // Loaded only here: a server on PostgreSQL does not hold PGlite's code (docs/PERFORMANCE.md).
  const [{ PGlite: Embedded }, { openPglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite.js'),
  ]);
  return openPglite(await Embedded.create(config.pgliteDir, { postgresqlconf }));
}

/** Runs raw SQL (recursive CTEs and the like) and answers its rows, on either driver. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
