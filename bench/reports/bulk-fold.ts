/**
 * The benchmark's bulk seed (workload.ts, `mode: 'bulk'`): what the rollup trigger and the
 * server's fold (apps/server/src/stats/fold.ts) make of a day of stats_hourly rows, computed
 * set-based from the rows once they are in. seed.test.ts checks that every rollup row comes
 * out the same as through the trigger and the fold.
 *
 * Where the time goes otherwise (1 M rows, 2-vCPU EPYC): 16 s inserting through the trigger,
 * 117 s in the folds, most of it stats_creative_daily's per-hour sums (each counter × 24 hours
 * as a filtered sum over every hourly row) computed three times a fold (the rollup, and the
 * changes of stats_creative_running's two statements). Here the hourly rows are first summed
 * per key and hour of the day, the per-hour columns then made from those sums (3,000 keys ×
 * 24 hours a day, whatever the rows), once, into a temporary table both use; stats_slot_daily's
 * hours are made the same way.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { openFrom } from '../../apps/server/src/stats/fold.js';
import {
  COUNTER_COLUMNS,
  COUNTER_COLUMN_LIST,
  KEY_COLUMNS,
  KEY_COLUMN_LIST,
  addCountersOnConflict,
} from '../../apps/server/src/stats/keys.js';
import {
  CREATIVE_DAILY,
  DAILY_ROLLUPS,
  HOUR_COLUMNS,
  HOUR_OF_DAY,
  HOURS_OF_DAY,
  hourColumn,
  rollupSums,
  type DailyRollup,
} from '../../apps/server/src/stats/rollups.js';
import { CREATIVE_RUNNING, RUNNING_STATEMENTS } from '../../apps/server/src/stats/running.js';

const HOUR_MS = 3_600_000;
const positions = (count: number) =>
  Array.from({ length: count }, (_, index) => index + 1).join(', ');
const anyNonZero = (sums: readonly string[]) => sums.map((sum) => `${sum} <> 0`).join(' or ');
const sumsOf = (alias: string) => COUNTER_COLUMNS.map((column) => `sum(${alias}.${column})`);

/** The fold's range: from open_from to the hour given as the statement's parameter. */
const RANGE = `hour >= (select open_from from stats_daily_open where id = 1) and hour < `;

/** stats_plan_hourly for a range of stats_hourly, as the trigger adds a statement's rows. */
export function planHourlyOf(start: string, end: string) {
  return sql`
    insert into stats_plan_hourly as t (hour, advertiser_id, plan_id, ${sql.raw(COUNTER_COLUMN_LIST)})
    select hour, advertiser_id, plan_id, ${sql.raw(sumsOf('h').join(', '))}
    from stats_hourly h
    where hour >= ${start}::timestamptz and hour < ${end}::timestamptz
    group by 1, 2, 3
    on conflict on constraint stats_plan_hourly_pkey do update set ${sql.raw(addCountersOnConflict('t'))}`;
}

const DAILY = sql.raw(`
    insert into stats_daily as t (day, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST})
    select date_trunc('day', h.hour, 'UTC'), ${KEY_COLUMNS.map((key) => `h.${key}`).join(', ')},
      ${sumsOf('h').join(', ')}
    from stats_hourly h
    where ${RANGE}`);
const DAILY_TAIL = sql.raw(`
    group by ${positions(KEY_COLUMNS.length + 1)}
    having ${anyNonZero(sumsOf('h'))}
    on conflict on constraint stats_daily_pkey do update set ${addCountersOnConflict('t')}`);

/** A rollup without hour columns (stats/rollups.ts): its day's sums of the range, added. */
function plainRollupFold(rollup: DailyRollup) {
  return {
    head: sql.raw(`
    insert into ${rollup.table} as t (day, ${rollup.keys.join(', ')}, ${COUNTER_COLUMN_LIST})
    select date_trunc('day', c.hour, 'UTC'), ${rollup.keys.map((key) => `c.${key}`).join(', ')},
      ${rollupSums(rollup, false).join(', ')}
    from stats_hourly c
    where ${RANGE}`),
    tail: sql.raw(`
    group by ${positions(rollup.keys.length + 1)}
    having ${anyNonZero(sumsOf('c'))}
    on conflict on constraint ${rollup.table}_pkey do update set
      ${COUNTER_COLUMNS.map((column) => `${column} = t.${column} + excluded.${column}`).join(', ')}`),
  };
}

/** A day's total of a counter, from its hour columns. */
const dayTotal = (counter: (typeof COUNTER_COLUMNS)[number]) =>
  `(${HOURS_OF_DAY.map((hour) => hourColumn(counter, hour)).join(' + ')})`;

/** The temporary table holding a per-hour rollup's changes of the range. */
const changesTable = (rollup: DailyRollup) => `bulk_${rollup.table}_changes`;

/**
 * A rollup with hour columns: the changes of the range per day and key, each counter per hour
 * of the day (for stats_creative_daily, the relation "d" of stats/running.ts), into a
 * temporary table (the hourly rows summed per key and hour first, then spread over the hour
 * columns), then added to the rollup.
 */
function byHourRollupFold(rollup: DailyRollup) {
  const keys = rollup.keys.join(', ');
  const changes = changesTable(rollup);
  return {
    head: sql.raw(`
    create temporary table ${changes} on commit drop as
    select c.day, ${rollup.keys.map((key) => `c.${key}`).join(', ')},
      ${rollupSums(rollup, false)
        .map((sum, index) => `${sum} as ${HOUR_COLUMNS[index] ?? ''}`)
        .join(', ')}
    from (
      select date_trunc('day', hour, 'UTC') as day, ${keys}, ${HOUR_OF_DAY} as h,
        ${COUNTER_COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', ')}
      from stats_hourly
      where ${RANGE}`),
    tail: sql.raw(`
      group by ${positions(rollup.keys.length + 2)}) c
    group by ${positions(rollup.keys.length + 1)}`),
    insert: sql.raw(`
    insert into ${rollup.table} as t (day, ${keys}, ${HOUR_COLUMNS.join(', ')})
    select day, ${keys}, ${HOUR_COLUMNS.join(', ')}
    from ${changes}
    where ${anyNonZero(COUNTER_COLUMNS.map(dayTotal))}
    on conflict on constraint ${rollup.table}_pkey do update set
      ${HOUR_COLUMNS.map((column) => `${column} = t.${column} + excluded.${column}`).join(', ')}`),
  };
}

const PLAIN_FOLDS = DAILY_ROLLUPS.filter((rollup) => !rollup.byHour).map(plainRollupFold);
const BY_HOUR_FOLDS = DAILY_ROLLUPS.filter((rollup) => rollup.byHour).map((rollup) => ({
  rollup,
  ...byHourRollupFold(rollup),
}));

/**
 * What foldClosedHours(db, nowMs) does, set-based: the hours from open_from to the current
 * one added to stats_daily, the narrow daily rollups and stats_creative_running, open_from
 * moved past them. Run it in the transaction that wrote the rows (its temporary table goes at
 * commit). Answers how many hours it closed.
 */
export async function bulkFoldClosedHours(tx: Database, nowMs: number): Promise<number> {
  const currentMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const current = new Date(currentMs).toISOString();
  // The seed is the database's only writer: open_from needs no lock here.
  const hours = Math.floor((currentMs - (await openFrom(tx))) / HOUR_MS);
  if (hours <= 0) return 0;
  await tx.execute(sql`${DAILY}${current}::timestamptz${DAILY_TAIL}`);
  for (const { head, tail } of PLAIN_FOLDS) {
    await tx.execute(sql`${head}${current}::timestamptz${tail}`);
  }
  for (const { head, tail, insert } of BY_HOUR_FOLDS) {
    await tx.execute(sql`${head}${current}::timestamptz${tail}`);
    await tx.execute(insert);
  }
  // stats_creative_running's changes are stats_creative_daily's.
  for (const statement of RUNNING_STATEMENTS) {
    await tx.execute(
      sql.raw(`with "d" as (select * from ${changesTable(CREATIVE_DAILY)}) ${statement}`),
    );
  }
  for (const { rollup } of BY_HOUR_FOLDS) {
    await tx.execute(sql.raw(`drop table ${changesTable(rollup)}`));
  }
  await tx.execute(
    sql`update stats_daily_open set open_from = ${current}::timestamptz where id = 1`,
  );
  return hours;
}

/** The tables a seed fills, for comparing two seeds row for row. */
export const SEEDED_TABLES: readonly string[] = [
  'stats_hourly',
  'stats_plan_hourly',
  'stats_daily',
  ...DAILY_ROLLUPS.map((rollup) => rollup.table),
  CREATIVE_RUNNING.table,
  'stats_daily_open',
];
