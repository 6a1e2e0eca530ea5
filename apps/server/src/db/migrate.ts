/**
 * Applies the SQL migrations in apps/server/drizzle with Drizzle's migrators: the same files
 * on PGlite and PostgreSQL. Runs on every start; applied migrations are skipped.
 */
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.js';
import type { DatabaseHandle } from './client.js';

/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 4_207_311;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // PGlite in this thread; on its own thread it is reached by node-postgres, as PostgreSQL.
  if (handle.kind === 'pglite') {
    // Loaded only on PGlite: a server on PostgreSQL does not hold PGlite's code.
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite({ client: handle.client }), config);
    return;
  }
  // Several server processes may start together against one PostgreSQL: one migrates, the
  // others wait on the lock and then find nothing left to do.
  const client = await handle.client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client }), config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
