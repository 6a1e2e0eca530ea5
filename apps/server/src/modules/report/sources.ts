/**
 * The stats tables a report can read and which one serves a view (docs/decisions/reports.md):
 * stats_creative_running for a view by hour of the day, else stats_plan_hourly (hour,
 * advertiser, plan), the daily rollups (the account's and the supply side's) or stats_hourly.
 */
import {
  ReportDimension,
  type ReportDimensionValue,
  type ReportFilter,
  type ReportMetricValue,
} from '@adloom/domain';
import { KEY_COLUMNS } from '../../stats/keys.js';
import { CREATIVE_DAILY, GEO_DAILY, SLOT_DAILY, SUPPLY_DAILY } from '../../stats/rollups.js';
import { CREATIVE_RUNNING } from '../../stats/running.js';
import type { StatsScope } from './scope.js';

export interface StatsSource {
  table:
    | 'stats_creative_running'
    | 'stats_plan_hourly'
    | 'stats_geo_daily'
    | 'stats_supply_daily'
    | 'stats_slot_daily'
    | 'stats_creative_daily'
    | 'stats_daily'
    | 'stats_hourly';
  /** Its time column: an hour, or the midnight (UTC) of a day. */
  time: 'hour' | 'day';
  /** What it can group and filter by. */
  dimensions: ReadonlySet<ReportDimensionValue>;
  /**
   * A daily rollup holding closed hours only (migrations 0008, 0015): its key columns, read
   * with stats_hourly's open hours. Undefined: read as it is.
   */
  daily?: readonly string[];
  /** A daily rollup that also counts each counter per hour of the day (stats/rollups.ts). */
  byHour?: boolean;
  /**
   * Running totals per hour of the day (stats/running.ts): two rows per key whatever the
   * range, so it serves every view grouped by hour of the day it can (running-query.ts).
   */
  running?: boolean;
}

const ALL_DIMENSIONS: readonly ReportDimensionValue[] = ReportDimension.values;

/**
 * Smallest first: the first that holds every needed column serves the report (the running
 * totals aside: chooseSource).
 */
export const SOURCES: readonly StatsSource[] = [
  {
    table: CREATIVE_RUNNING.table,
    time: 'day',
    dimensions: new Set(['hour', 'advertiser', 'plan', 'strategy', 'creative']),
    running: true,
  },
  {
    table: 'stats_plan_hourly',
    time: 'hour',
    dimensions: new Set(['date', 'hour', 'advertiser', 'plan']),
  },
  {
    table: GEO_DAILY.table,
    time: 'day',
    dimensions: new Set(['date', 'advertiser', 'country', 'os']),
    daily: GEO_DAILY.keys,
  },
  {
    table: SUPPLY_DAILY.table,
    time: 'day',
    dimensions: new Set(['date', 'media', 'slot', 'dsp', 'app']),
    daily: SUPPLY_DAILY.keys,
  },
  {
    table: SLOT_DAILY.table,
    time: 'day',
    dimensions: new Set(['date', 'hour', 'media', 'slot', 'dsp']),
    daily: SLOT_DAILY.keys,
    byHour: true,
  },
  {
    table: CREATIVE_DAILY.table,
    time: 'day',
    dimensions: new Set(['date', 'hour', 'advertiser', 'plan', 'strategy', 'creative']),
    daily: CREATIVE_DAILY.keys,
    byHour: true,
  },
  {
    table: 'stats_daily',
    time: 'day',
    dimensions: new Set(ALL_DIMENSIONS.filter((dimension) => dimension !== 'hour')),
    daily: KEY_COLUMNS,
  },
  { table: 'stats_hourly', time: 'hour', dimensions: new Set(ALL_DIMENSIONS) },
];

/** stats_hourly as the open hours of a daily rollup's report read it. */
export const HOURLY = SOURCES.at(-1) as StatsSource;

/** What a report asks of the stats: no paging, no names. */
export interface StatsView {
  dimensions: readonly ReportDimensionValue[];
  metrics: readonly ReportMetricValue[];
  filters: readonly ReportFilter[];
  /** Inclusive UTC days. */
  from: string;
  to: string;
  sort?: string | undefined;
  order: 'asc' | 'desc';
}

/** The dimension a scope narrows by, which the source must hold too. */
function scopeDimension(scope: StatsScope): ReportDimensionValue | undefined {
  if (scope.kind === 'media') return 'media';
  if (scope.kind === 'all') return undefined;
  return 'advertiser';
}

/** Each stats table's size in pages as the planner knows it (sizes.ts), when known. */
export type TableSizes = ReadonlyMap<StatsSource['table'], number>;

/**
 * The table that serves a view: of those holding every column it needs (its dimensions, its
 * filters' and the scope's), the smallest in pages when all of them have a size, else the
 * first in SOURCES' order. Which rollup is smaller depends on the traffic: plans × 24 rows a
 * day against the day's distinct combinations. A view grouped by hour of the day that the
 * running totals can serve reads them, whatever the sizes: two rows per key for any range.
 */
export function chooseSource(view: StatsView, scope: StatsScope, sizes?: TableSizes): StatsSource {
  const needed = new Set<string>([
    ...view.dimensions,
    ...view.filters.map((filter) => filter.dimension),
  ]);
  const scoped = scopeDimension(scope);
  if (scoped) needed.add(scoped);
  const covers = (candidate: StatsSource) =>
    [...needed].every((dimension) => candidate.dimensions.has(dimension as ReportDimensionValue));
  // By hour of the day: the running totals answer a row per group and hour (a filter on the
  // hour alone, summing a group's hours, is left to the daily rollup's query).
  const running = SOURCES.find((candidate) => candidate.running && covers(candidate));
  if (running && view.dimensions.includes('hour')) return running;
  const candidates = SOURCES.filter((candidate) => !candidate.running && covers(candidate));
  const sized = candidates.map((candidate) => ({ candidate, rows: sizes?.get(candidate.table) }));
  if (sized.every(({ rows }) => rows !== undefined && rows > 0)) {
    sized.sort((x, y) => (x.rows ?? 0) - (y.rows ?? 0));
  }
  // stats_hourly holds every dimension: there is always a candidate.
  return sized[0]?.candidate ?? (SOURCES.at(-1) as StatsSource);
}
