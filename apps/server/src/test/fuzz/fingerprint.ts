/**
 * What "nothing written" means for the contract fuzz: one digest of every table's rows, taken
 * before and after a refused request. Tables the server writes on its own time (the
 * accounting flush, the transcode queue) and the sessions the fuzz itself opens are compared
 * by row count only; sign-in throttles are left out, because counting a refused sign-in there
 * is their purpose.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import { DAILY_ROLLUPS } from '../../stats/rollups.js';

const LEFT_OUT = new Set(['login_throttles']);
const COUNTED_ONLY = new Set([
  'sessions',
  'materials',
  'delivery_events',
  'dsp_health_hourly',
  'stats_hourly',
  'stats_daily',
  'stats_daily_open',
  'stats_plan_hourly',
  ...DAILY_ROLLUPS.map((rollup) => rollup.table),
]);

export type Fingerprint = Record<string, string>;

/** Reads the table list once; answers a function that digests them all in one query. */
export async function createFingerprinter(db: Database): Promise<() => Promise<Fingerprint>> {
  const rows = await selectRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = rows.map((row) => row.tablename).filter((table) => !LEFT_OUT.has(table));
  const columns = tables.map((table) => {
    const name = sql.identifier(table);
    const digest = COUNTED_ONLY.has(table)
      ? sql`(select count(*)::text from ${name})`
      : sql`(select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${name} t)`;
    return sql`${digest} as ${sql.identifier(table)}`;
  });
  const query = sql`select ${sql.join(columns, sql`, `)}`;
  return async () => {
    const [row] = await selectRows<Fingerprint>(db, query);
    return row ?? {};
  };
}

/** The tables whose digest moved between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
