/**
 * The narrow daily rollups (migration 0015, docs/decisions/reports.md): stats_hourly summed
 * by UTC day over a few keys, holding closed hours only like stats_daily (stats/fold.ts adds
 * an hour once it is over; the rollup trigger keeps them right after). stats_geo_daily keys
 * the account and platform reports by country and OS; stats_creative_daily keys creatives and
 * also counts each counter per hour of the day (`<counter>_hNN`), so a 30-day report by
 * creative and hour reads one row per creative and day instead of one per hour. The supply
 * side's two (migration 0020): stats_slot_daily keys slots and partners by hour of the day, so
 * a day of a publisher's slots by hour reads a row per slot and partner, not every hourly
 * combination; stats_supply_daily keys the supply reports by day, app version included.
 */
import { COUNTER_COLUMNS, type StatsCounterColumn } from './keys.js';

export interface DailyRollup {
  table: 'stats_geo_daily' | 'stats_creative_daily' | 'stats_slot_daily' | 'stats_supply_daily';
  /** Its key columns after the day, in its primary key's order. */
  keys: readonly string[];
  /** Whether it counts each counter per hour of the day as well. */
  byHour: boolean;
}

export const GEO_DAILY: DailyRollup = {
  table: 'stats_geo_daily',
  keys: ['advertiser_id', 'country', 'os'],
  byHour: false,
};

export const CREATIVE_DAILY: DailyRollup = {
  table: 'stats_creative_daily',
  keys: ['advertiser_id', 'plan_id', 'strategy_id', 'creative_id'],
  byHour: true,
};

export const SLOT_DAILY: DailyRollup = {
  table: 'stats_slot_daily',
  keys: ['media_id', 'slot_id', 'dsp_id'],
  byHour: true,
};

export const SUPPLY_DAILY: DailyRollup = {
  table: 'stats_supply_daily',
  keys: ['media_id', 'slot_id', 'dsp_id', 'app_version'],
  byHour: false,
};

export const DAILY_ROLLUPS: readonly DailyRollup[] = [
  GEO_DAILY,
  CREATIVE_DAILY,
  SLOT_DAILY,
  SUPPLY_DAILY,
];

/** 0-23. */
export const HOURS_OF_DAY: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

/** A counter's column for one hour of the day: `clicks_h07`. */
export const hourColumn = (counter: StatsCounterColumn, hour: number): string =>
  `${counter}_h${String(hour).padStart(2, '0')}`;

/** Every per-hour column, counter by counter. */
export const HOUR_COLUMNS: readonly string[] = COUNTER_COLUMNS.flatMap((counter) =>
  HOURS_OF_DAY.map((hour) => hourColumn(counter, hour)),
);

/**
 * The SQL adding an hourly relation's rows (alias c: the keys, the counters, `h` the hour of
 * the day as an integer and, when signed, a `sign` of 1 or -1) to a rollup's rows: the
 * select list after the day and the keys. The day's totals of stats_creative_daily are
 * generated columns, so only its hours are written.
 */
export function rollupSums(rollup: DailyRollup, signed: boolean): string[] {
  const value = (counter: string) => (signed ? `c.sign * c.${counter}` : `c.${counter}`);
  if (!rollup.byHour) return COUNTER_COLUMNS.map((counter) => `sum(${value(counter)})`);
  return COUNTER_COLUMNS.flatMap((counter) =>
    HOURS_OF_DAY.map((hour) => `coalesce(sum(${value(counter)}) filter (where c.h = ${hour}), 0)`),
  );
}

/** The columns rollupSums writes, in its order. */
export const writtenCounters = (rollup: DailyRollup): readonly string[] =>
  rollup.byHour ? HOUR_COLUMNS : COUNTER_COLUMNS;

/** The hour of the day of an hourly row's `hour`, as an integer (rollupSums' `h`). */
export const HOUR_OF_DAY = `extract(hour from hour at time zone 'UTC')::int`;
