/**
 * The reports benchmark's workload (bench/reports/run.mjs drives it): seeds stats_hourly in
 * SQL (generate_series, one statement per day, into open hours through the rollup trigger as
 * the delivery flush writes, each day then closed into the daily rollups as the running
 * server's fold does) and times typical reports through the engine itself (runReport: the page,
 * its count, the totals row and the names), several runs each.
 *
 * The seeded platform: 50 advertisers, 500 plans, 1,500 strategies, 3,000 creatives, 20
 * media with 100 slots, 7 DSP values, 30 countries, 3 OS, 5 app versions. Each hour holds
 * `rows / (days × 24)` rows; the combinations rotate over six hour groups, so a day holds
 * six hours' worth of distinct combinations (stats_daily is about a quarter of stats_hourly).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../apps/server/src/db/client.js';
import {
  chooseSource,
  SOURCES,
  type StatsView,
} from '../../apps/server/src/modules/report/sources.js';
import type { StatsScope } from '../../apps/server/src/modules/report/scope.js';
import { runReport } from '../../apps/server/src/modules/report/service.js';
import { tableSizes } from '../../apps/server/src/modules/report/sizes.js';
import { foldClosedHours, reopenDays } from '../../apps/server/src/stats/fold.js';
import { bulkFoldClosedHours, planHourlyOf } from './bulk-fold.js';

const DAY_MS = 86_400_000;
const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'BR',
  'IN',
  'JP',
  'CN',
  'KR',
  'ID',
  'MX',
  'ES',
  'IT',
  'CA',
  'AU',
  'RU',
  'TR',
  'VN',
  'TH',
  'PH',
  'PL',
  'NL',
  'SE',
  'SA',
  'AE',
  'EG',
  'NG',
  'ZA',
  'AR',
  'CO',
];
const APP_VERSIONS = ['1.0.0', '1.1.0', '1.2.0', '2.0.0', '2.1.0'];
/** Each hour's combinations are one of this many slices of the day's pool. */
const HOUR_GROUPS = 6;

export interface SeedOptions {
  rows: number;
  days: number;
  /** The last seeded day (UTC midnight); the seed covers the `days` before and including it. */
  lastDay: Date;
  /**
   * How stats_hourly is written. `trigger` (the default): one statement a day through the
   * rollup trigger, as the delivery flush writes, each day then closed by the server's fold.
   * `bulk`: each day in one transaction, the same rows with the trigger disabled, then
   * stats_plan_hourly and the daily rollups summed from them set-based (bulk-fold.ts). Same
   * contents, row for row (seed.test.ts); bulk is 1.6× faster at 1 M rows, 3.5× at 10 M.
   */
  mode?: 'trigger' | 'bulk';
  /** Seed only these days of the `days` (1-based, inclusive; default all): a seed in parts. */
  onlyDays?: { from: number; to: number };
  /** Now, as epoch ms: nothing is seeded after its hour (default Date.now()). */
  nowMs?: number;
  onDay?: (done: number, of: number) => void;
  /** Adds each phase's milliseconds (insert, planHourly, fold) here when given. */
  phases?: Record<string, number>;
}

const ROLLUP_INSERT_TRIGGER = 'stats_hourly_rollup_insert';

/**
 * The keys below repeat every 21,000 combinations (creative k % 3000, DSP and country
 * k % 210; the app version adds nothing), so an hour of more rows than that (a 100 M-row
 * run: 46,296) would write one key twice. Past it the OS also turns with k / 21000: the keys
 * then repeat every 63,000 combinations. Up to 21,000 rows an hour (45 M rows over 90
 * days) the rows are those of before (k * 7919 is taken as a bigint: the same values, no
 * overflow past 271,000).
 */
const KEY_PERIOD = 21_000;

/** One day's stats_hourly rows (`start` its UTC midnight), none after `until`. */
function dayRows(start: string, until: string, perHour: number) {
  if (perHour > 3 * KEY_PERIOD) throw new Error(`At most ${3 * KEY_PERIOD} rows an hour`);
  const countries = sql.raw(`array[${COUNTRIES.map((code) => `'${code}'`).join(',')}]`);
  const apps = sql.raw(`array[${APP_VERSIONS.map((app) => `'${app}'`).join(',')}]`);
  const os = sql.raw(perHour > KEY_PERIOD ? `(k + k / ${KEY_PERIOD}) % 3` : 'k % 3');
  return sql`
      insert into stats_hourly (hour, advertiser_id, plan_id, strategy_id, creative_id, media_id,
        slot_id, dsp_id, country, os, app_version, requests, fills, impressions, clicks, cost, income)
      select ${start}::timestamptz + h * interval '1 hour',
        k % 50 + 1, k % 500 + 1, k % 1500 + 1, k % 3000 + 1, k % 20 + 1, k % 100 + 1, k % 7,
        (${countries})[(k / 7) % 30 + 1], ${os}, (${apps})[(k / 11) % 5 + 1],
        1000 + (k::bigint * 7919 + h) % 1000, 600 + (k * 31 + h) % 300, 500 + (k * 17 + h) % 100,
        (k + h) % 20, ((k * 13 + h) % 5000) * 1000, ((k * 11 + h) % 4000) * 1000
      from generate_series(0, 23) as h, generate_series(0, ${perHour - 1}) as c,
        lateral (select c + (h % ${HOUR_GROUPS}) * ${perHour} as k) as combination
      -- Nothing is counted in hours still to come: today stops at the current hour.
      where ${start}::timestamptz + h * interval '1 hour' <= ${until}::timestamptz`;
}

/** Seeds about `rows` stats_hourly rows, none after the current hour; answers how many. */
export async function seedBenchStats(db: Database, options: SeedOptions): Promise<number> {
  const perHour = Math.max(1, Math.round(options.rows / (options.days * 24)));
  const first = options.lastDay.getTime() - (options.days - 1) * DAY_MS;
  const seededUntil = options.nowMs ?? Date.now();
  const until = new Date(seededUntil).toISOString();
  const phases = options.phases ?? {};
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      phases[phase] = (phases[phase] ?? 0) + performance.now() - started;
    }
  };
  // As in production: the flush writes open hours (stats_plan_hourly follows through the
  // trigger) and the fold adds each hour to the daily rollups once it has closed.
  const fromDay = (options.onlyDays?.from ?? 1) - 1;
  const toDay = options.onlyDays?.to ?? options.days;
  await reopenDays(db, first + fromDay * DAY_MS);
  for (let day = fromDay; day < toDay; day += 1) {
    const start = new Date(first + day * DAY_MS).toISOString();
    const closeAt = Math.min(first + (day + 1) * DAY_MS, seededUntil);
    if (options.mode === 'bulk') {
      const end = new Date(first + (day + 1) * DAY_MS).toISOString();
      // The day's hours are open (after open_from): the trigger would add them to
      // stats_plan_hourly only. Disabled inside the transaction, so an error leaves it on.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local work_mem = '256MB'`);
        await tx.execute(
          sql`alter table stats_hourly disable trigger ${sql.identifier(ROLLUP_INSERT_TRIGGER)}`,
        );
        await timed('insert', () => tx.execute(dayRows(start, until, perHour)));
        await tx.execute(
          sql`alter table stats_hourly enable trigger ${sql.identifier(ROLLUP_INSERT_TRIGGER)}`,
        );
        await timed('planHourly', () => tx.execute(planHourlyOf(start, end)));
        await timed('fold', () => bulkFoldClosedHours(tx, closeAt));
      });
    } else {
      await timed('insert', () => db.execute(dayRows(start, until, perHour)));
      await timed('fold', () => foldClosedHours(db, closeAt));
    }
    options.onDay?.(day + 1, options.days);
  }
  for (const table of SOURCES.map((source) => source.table)) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  const [seeded] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from stats_hourly`,
  );
  return Number(seeded?.n ?? 0);
}

export interface BenchCase {
  name: string;
  scope: StatsScope;
  view: StatsView;
}

const METRICS: StatsView['metrics'] = ['request', 'fr', 'imp', 'ir', 'click', 'ctr', 'cpm', 'cost'];

/** The typical reports, ending on `lastDay`. */
export function benchCases(lastDay: Date): BenchCase[] {
  const day = (offset: number) =>
    new Date(lastDay.getTime() - offset * DAY_MS).toISOString().slice(0, 10);
  const last30 = { from: day(29), to: day(0) };
  const base = { metrics: METRICS, filters: [], order: 'asc' as const, ...last30 };
  const platform: StatsScope = { kind: 'all' };
  return [
    { name: '30 days by date', scope: platform, view: { ...base, dimensions: ['date'] } },
    { name: '30 days by country', scope: platform, view: { ...base, dimensions: ['country'] } },
    {
      name: '30 days by plan and hour',
      scope: platform,
      view: { ...base, dimensions: ['plan', 'hour'], sort: 'cost', order: 'desc' },
    },
    {
      name: '30 days by date, one advertiser',
      scope: { kind: 'advertisers', ids: [7] },
      view: { ...base, dimensions: ['date'] },
    },
    {
      name: '30 days by date, country and OS',
      scope: platform,
      view: { ...base, dimensions: ['date', 'country', 'os'] },
    },
    // stats_creative_daily's hours of the day: a row per creative and day instead of 24.
    {
      name: '30 days by creative and hour',
      scope: platform,
      view: { ...base, dimensions: ['creative', 'hour'] },
    },
    {
      name: '1 day by slot and hour',
      scope: platform,
      view: { ...base, from: day(0), dimensions: ['slot', 'hour'] },
    },
    // The supply side's rollups (stats_slot_daily, stats_supply_daily): a closed day by slot
    // and hour, and supply reports by day over weeks.
    {
      name: 'yesterday by slot and hour',
      scope: platform,
      view: { ...base, from: day(1), to: day(1), dimensions: ['slot', 'hour'] },
    },
    { name: '30 days by app', scope: platform, view: { ...base, dimensions: ['app'] } },
    {
      name: '7 days by date and media',
      scope: platform,
      view: { ...base, from: day(6), dimensions: ['date', 'media'] },
    },
    {
      name: '30 days by slot, one media',
      scope: { kind: 'media', ids: [3] },
      view: { ...base, dimensions: ['slot'] },
    },
  ];
}

export interface BenchFigure {
  name: string;
  table: string;
  /** stats_hourly rows in the report's range (what an un-rolled query would read). */
  hourlyRows: number;
  medianMs: number;
  p95Ms: number;
  runs: number;
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Times each case `runs` times after one warm-up run. */
export async function measureReports(
  db: Database,
  cases: BenchCase[],
  runs: number,
): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const bench of cases) {
    const [counted] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from stats_hourly
          where hour >= ${`${bench.view.from}T00:00:00Z`}::timestamptz
            and hour < ${`${bench.view.to}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
    const paging = { page: 1, size: 20 };
    await runReport(db, bench.scope, bench.view, paging);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await runReport(db, bench.scope, bench.view, paging);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    figures.push({
      name: bench.name,
      table: chooseSource(bench.view, bench.scope, await tableSizes(db)).table,
      hourlyRows: Number(counted?.n ?? 0),
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      runs,
    });
  }
  return figures;
}
