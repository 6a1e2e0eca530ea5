/**
 * The reports benchmark's bulk seed (bulk-fold.ts) fills every stats table exactly as the
 * trigger seed does (the rollup trigger and the server's fold): the same shape seeded both
 * ways into two fresh databases, then every table compared row for row. PGlite, and
 * PostgreSQL too when TEST_DATABASE_URL names a server (two throw-away databases on it).
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres, selectRows, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { openPglite } from '../../apps/server/src/db/pglite.js';
import { foldClosedHours } from '../../apps/server/src/stats/fold.js';
import { SEEDED_TABLES } from './bulk-fold.js';
import { seedBenchStats, type SeedOptions } from './workload.js';

const HOUR_MS = 3_600_000;
const LAST_DAY = new Date('2025-06-03T00:00:00Z');
/**
 * Two days, the last one seeded to 13:20 (its hours from 13:00 stay open until the second
 * fold); 600 rows an hour, so plans and creatives each gather several rows an hour (under
 * 500 an hour, no two rows of an hour share a plan). A third day checked nothing more and
 * took 25 s of a slow VM's test run.
 */
const SHAPE: SeedOptions = {
  rows: 2 * 24 * 600,
  days: 2,
  lastDay: LAST_DAY,
  nowMs: LAST_DAY.getTime() + 13 * HOUR_MS + 20 * 60_000,
};
/** A fold at 18:05, as the benchmark's cli folds after the seed. */
const LATER_MS = LAST_DAY.getTime() + 18 * HOUR_MS + 5 * 60_000;

/** Every table's rows as text, sorted. */
async function contents(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of SEEDED_TABLES) {
    const rows = await selectRows<{ row: string }>(
      handle.db,
      sql`select t::text as row from ${sql.identifier(table)} t order by 1`,
    );
    tables[table] = rows.map((row) => row.row);
  }
  return tables;
}

async function seedBothWays(open: () => Promise<DatabaseHandle>) {
  const seeded: Record<string, string[]>[] = [];
  for (const mode of ['trigger', 'bulk'] as const) {
    const handle = await open();
    try {
      await migrateDatabase(handle);
      const rows = await seedBenchStats(handle.db, { ...SHAPE, mode });
      expect(rows).toBe((24 + 14) * 600);
      await foldClosedHours(handle.db, LATER_MS);
      seeded.push(await contents(handle));
    } finally {
      await handle.close();
    }
  }
  return seeded;
}

function expectSame([trigger, bulk]: Record<string, string[]>[]) {
  for (const table of SEEDED_TABLES) {
    expect(trigger?.[table]?.length, table).toBeGreaterThan(0);
    expect(bulk?.[table], table).toEqual(trigger?.[table]);
  }
}

describe('the bulk seed', () => {
  it('fills every stats table as the trigger seed does (PGlite)', async () => {
    expectSame(await seedBothWays(async () => openPglite(await PGlite.create())));
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.runIf(Boolean(serverUrl))(
    'fills every stats table as the trigger seed does (PostgreSQL)',
    async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const names: string[] = [];
      try {
        expectSame(
          await seedBothWays(async () => {
            const name = `adloom_seed_test_${randomBytes(5).toString('hex')}`;
            await admin.query(`create database "${name}"`);
            names.push(name);
            const url = new URL(serverUrl ?? '');
            url.pathname = `/${name}`;
            return openPostgres(url.toString(), 2);
          }),
        );
      } finally {
        for (const name of names) {
          await admin.query(`drop database if exists "${name}" with (force)`);
        }
        await admin.end();
      }
    },
  );
});
