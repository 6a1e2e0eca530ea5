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
  onDay?: (done: number, of: number) => void;
}

/** Seeds about `rows` stats_hourly rows, none after the current hour; answers how many. */
export async function seedBenchStats(db: Database, options: SeedOptions): Promise<number> {
  const perHour = Math.max(1, Math.round(options.rows / (options.days * 24)));
  const countries = sql.raw(`array[${COUNTRIES.map((code) => `'${code}'`).join(',')}]`);
  const apps = sql.raw(`array[${APP_VERSIONS.map((app) => `'${app}'`).join(',')}]`);
  const first = options.lastDay.getTime() - (options.days - 1) * DAY_MS;
  const seededUntil = Date.now();
  // As in production: the flush writes open hours (stats_plan_hourly follows through the
  // trigger) and the fold adds each hour to the daily rollups once it has closed.
  await reopenDays(db, first);
  for (let day = 0; day < options.days; day += 1) {
    const start = new Date(first + day * DAY_MS).toISOString();
    await db.execute(sql`
      insert into stats_hourly (hour, advertiser_id, plan_id, strategy_id, creative_id, media_id,
        slot_id, dsp_id, country, os, app_version, requests, fills, impressions, clicks, cost, income)
      select ${start}::timestamptz + h * interval '1 hour',
        k % 50 + 1, k % 500 + 1, k % 1500 + 1, k % 3000 + 1, k % 20 + 1, k % 100 + 1, k % 7,
        (${countries})[(k / 7) % 30 + 1], k % 3, (${apps})[(k / 11) % 5 + 1],
        1000 + (k * 7919 + h) % 1000, 600 + (k * 31 + h) % 300, 500 + (k * 17 + h) % 100,
        (k + h) % 20, ((k * 13 + h) % 5000) * 1000, ((k * 11 + h) % 4000) * 1000
      from generate_series(0, 23) as h, generate_series(0, ${perHour - 1}) as c,
        lateral (select c + (h % ${HOUR_GROUPS}) * ${perHour} as k) as combination
      -- Nothing is counted in hours still to come: today stops at the current hour.
      where ${start}::timestamptz + h * interval '1 hour' <= ${new Date(seededUntil).toISOString()}::timestamptz`);
    await foldClosedHours(db, Math.min(first + (day + 1) * DAY_MS, seededUntil));
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
