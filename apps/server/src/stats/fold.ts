/**
 * Closing hours in stats_daily (migration 0008, docs/decisions/reports.md): the hours from
 * stats_daily_open's `open_from` are read from stats_hourly; once an hour is over, its
 * hourly rows are added to their days' stats_daily rows in one statement and `open_from`
 * moves past it. A day's stats_daily row thus holds its hours before open_from. The
 * open_from row is held FOR UPDATE meanwhile: a write to an hour being closed waits and then
 * maintains stats_daily through the trigger itself, so no count is lost or doubled. The
 * narrow daily rollups of migration 0015 (stats/rollups.ts) hold the same hours and are
 * folded in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Database } from '../db/client.js';
import {
  COUNTER_COLUMNS,
  COUNTER_COLUMN_LIST,
  KEY_COLUMNS,
  KEY_COLUMN_LIST,
  addCountersOnConflict,
} from './keys.js';
import { DAILY_ROLLUPS, HOUR_OF_DAY, rollupSums, writtenCounters } from './rollups.js';
import { CREATIVE_RUNNING, RUNNING_STATEMENTS, runningChanges } from './running.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** An hour is closed within a minute or two of its end; reports read at most that late. */
const FOLD_EVERY_MS = 60_000;

const utcMidnight = (epochMs: number) => Math.floor(epochMs / DAY_MS) * DAY_MS;

const HOURLY_KEYS = KEY_COLUMNS.map((column) => `h.${column}`).join(', ');
// The day and every key, by position.
const GROUP_BY = Array.from({ length: KEY_COLUMNS.length + 1 }, (_, index) => index + 1).join(', ');

/**
 * The statement adding the hours from open_from to the current one (the parameter between
 * head and tail) to stats_daily, made from STATS_KEYS once: grouped by day and every key,
 * groups summing to nothing left out.
 */
const FOLD_HEAD = sql.raw(`
      insert into stats_daily as t (day, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST})
      select date_trunc('day', h.hour, 'UTC'), ${HOURLY_KEYS},
        ${COUNTER_COLUMNS.map((column) => `sum(h.${column})`).join(', ')}
      from stats_hourly h
      where h.hour >= (select open_from from stats_daily_open where id = 1)
        and h.hour < `);
const FOLD_TAIL = sql.raw(`
      group by ${GROUP_BY}
      having ${COUNTER_COLUMNS.map((column) => `sum(h.${column}) <> 0`).join(' or ')}
      on conflict on constraint stats_daily_pkey do update set
        ${addCountersOnConflict('t')}`);

/**
 * The same for each narrow daily rollup (stats/rollups.ts): the hours from open_from to the
 * parameter added to their days' rows.
 */
const ROLLUP_FOLDS = DAILY_ROLLUPS.map((rollup) => {
  const columns = writtenCounters(rollup);
  return {
    head: sql.raw(`
      insert into ${rollup.table} as t (day, ${rollup.keys.join(', ')}, ${columns.join(', ')})
      select date_trunc('day', c.hour, 'UTC'), ${rollup.keys.map((key) => `c.${key}`).join(', ')},
        ${rollupSums(rollup, false).join(', ')}
      from (select x.*, ${HOUR_OF_DAY} as h from stats_hourly x
        where x.hour >= (select open_from from stats_daily_open where id = 1)
          and x.hour < `),
    tail: sql.raw(`) c
      group by ${Array.from({ length: rollup.keys.length + 1 }, (_, index) => index + 1).join(', ')}
      having ${COUNTER_COLUMNS.map((column) => `sum(c.${column}) <> 0`).join(' or ')}
      on conflict on constraint ${rollup.table}_pkey do update set
        ${columns.map((column) => `${column} = t.${column} + excluded.${column}`).join(', ')}`),
  };
});

const RUNNING_CHANGES = runningChanges(false);

/** The hours from open_from to `current` added to stats_creative_running (stats/running.ts). */
async function foldRunningTotals(tx: Database, current: string): Promise<void> {
  const changes = sql`${sql.raw(RUNNING_CHANGES.head)}(select x.*, ${sql.raw(HOUR_OF_DAY)} as h
    from stats_hourly x
    where x.hour >= (select open_from from stats_daily_open where id = 1)
      and x.hour < ${current}::timestamptz) c${sql.raw(RUNNING_CHANGES.tail)}`;
  for (const statement of RUNNING_STATEMENTS) {
    await tx.execute(sql`with "d" as (${changes}) ${sql.raw(statement)}`);
  }
}

/** Adds every closed hour not yet in stats_daily to it; answers how many hours it closed. */
export async function foldClosedHours(db: Database, nowMs: number): Promise<number> {
  const current = new Date(Math.floor(nowMs / HOUR_MS) * HOUR_MS).toISOString();
  return db.transaction(async (tx) => {
    const [open] = await selectRows<{ hours: number }>(
      tx,
      sql`select floor(extract(epoch from (${current}::timestamptz - open_from)) / 3600)::int as hours
          from stats_daily_open where id = 1 for update`,
    );
    const hours = open?.hours ?? 0;
    if (hours <= 0) return 0;
    await tx.execute(sql`${FOLD_HEAD}${current}::timestamptz${FOLD_TAIL}`);
    for (const { head, tail } of ROLLUP_FOLDS) {
      await tx.execute(sql`${head}${current}::timestamptz${tail}`);
    }
    await foldRunningTotals(tx, current);
    await tx.execute(
      sql`update stats_daily_open set open_from = ${current}::timestamptz where id = 1`,
    );
    return hours;
  });
}

/**
 * Opens the days from `fromMs` (a UTC midnight) again: their stats_daily rows go and reports
 * read them from stats_hourly until they are folded anew. For re-deriving stats_daily after
 * a repair of stats_hourly, and for tests; never moves open_from later.
 */
export async function reopenDays(db: Database, fromMs: number): Promise<void> {
  const from = new Date(utcMidnight(fromMs)).toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select open_from from stats_daily_open where id = 1 for update`);
    await tx.execute(sql`delete from stats_daily where day >= ${from}::timestamptz`);
    for (const table of [...DAILY_ROLLUPS.map((rollup) => rollup.table), CREATIVE_RUNNING.table]) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where day >= ${from}::timestamptz`);
    }
    await tx.execute(
      sql`update stats_daily_open set open_from = least(open_from, ${from}::timestamptz)
          where id = 1`,
    );
  });
}

/** The first hour stats_daily does not hold yet (epoch ms). */
export async function openFrom(db: Database): Promise<number> {
  const [row] = await selectRows<{ ms: string | number }>(
    db,
    sql`select (extract(epoch from open_from) * 1000)::bigint as ms from stats_daily_open where id = 1`,
  );
  return Number(row?.ms ?? 0);
}

/**
 * Closes hours now and every minute (the server's main only); the answer stops it, waiting
 * for a fold under way.
 */
export function startDailyFold(db: Database, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const fold = () => {
    running = foldClosedHours(db, Date.now()).then(
      (hours) => {
        if (hours > 1) log.info({ hours }, 'reports: closed hours added to stats_daily');
      },
      (error: unknown) => log.error({ err: error }, 'reports: closing hours failed'),
    );
  };
  fold();
  const timer = setInterval(fold, FOLD_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
