/**
 * The stats tables' sizes in pages as the planner knows them (pg_class.relpages, kept by
 * VACUUM, ANALYZE and autovacuum), so a report reads the rollup that costs the least to scan:
 * pages, not rows, because stats_creative_daily's rows are a dozen times wider than the
 * others'. Read at most once every few minutes per database; unknown (never analysed, e.g. a
 * fresh PGlite) sizes leave the static order.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import { openFrom } from '../../stats/fold.js';
import type { StatsLayout } from './sql-parts.js';
import { SOURCES, type StatsSource, type TableSizes } from './sources.js';

const TTL_MS = 5 * 60_000;
const TABLES: readonly StatsSource['table'][] = SOURCES.map((source) => source.table);

const cache = new WeakMap<Database, { at: number; sizes: TableSizes }>();

export async function tableSizes(db: Database, now = Date.now()): Promise<TableSizes> {
  const cached = cache.get(db);
  if (cached && now - cached.at < TTL_MS) return cached.sizes;
  const rows = await selectRows<{ name: string; estimate: number | string | null }>(
    db,
    sql`select c.relname as name, c.relpages::float8 as estimate
        from pg_class c
        where c.oid in (${sql.join(
          TABLES.map((table) => sql`to_regclass(${table})`),
          sql`, `,
        )})`,
  );
  const sizes = new Map(
    rows.map((row) => [row.name as StatsSource['table'], Number(row.estimate ?? -1)]),
  );
  cache.set(db, { at: now, sizes });
  return sizes;
}

/**
 * The sizes (cached) and stats_daily's first open hour (read each time: it moves every
 * hour, and an older one would still read right, a newer one not).
 */
export async function statsLayout(db: Database): Promise<StatsLayout> {
  const [sizes, open] = await Promise.all([tableSizes(db), openFrom(db)]);
  return { sizes, dailyOpenFrom: new Date(open).toISOString() };
}
