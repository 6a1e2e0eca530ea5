/** The reports' statistics tables: hourly rows and the daily and per-plan sums kept from them. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { micros } from './columns.js';
import {
  COUNTER_COLUMNS,
  STATS_KEY_COLUMNS,
  type EventDims,
  type StatsCounterColumn,
  type StatsKeyField,
} from '../../stats/keys.js';
import { HOUR_COLUMNS, HOURS_OF_DAY, hourColumn } from '../../stats/rollups.js';

/**
 * The stats tables' key columns (0 / '' where a row has none): one per STATS_KEYS entry
 * (stats/keys.ts), the compiler checks that none is missing or extra.
 */
const statsDimensions = () =>
  ({
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    strategyId: integer('strategy_id').notNull().default(0),
    creativeId: integer('creative_id').notNull().default(0),
    mediaId: integer('media_id').notNull().default(0),
    slotId: integer('slot_id').notNull().default(0),
    dspId: integer('dsp_id').notNull().default(0),
    country: text('country').notNull().default(''),
    os: smallint('os').notNull().default(0),
    appVersion: text('app_version').notNull().default(''),
  }) satisfies { [K in StatsKeyField]: { _: { data: EventDims[K] } } };

/** The key columns of a stats table, in STATS_KEYS' order (its primary key after the time). */
const statsKeyColumns = <C>(table: Record<StatsKeyField, C>): C[] =>
  STATS_KEY_COLUMNS.map((key) => table[key.field]);

const statsCounters = () => ({
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  fills: bigint('fills', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  cost: micros('cost').notNull().default(0),
  income: micros('income').notNull().default(0),
  /** Partner-won impressions: what the partner pays, micros (the publisher's share is income). */
  partnerRevenue: micros('partner_revenue').notNull().default(0),
  /** Of partner_revenue, our take (the revenue share the operator set), micros. */
  partnerTake: micros('partner_take').notNull().default(0),
  /** On an advertiser's rows: the auctions its strategy entered (stats/keys.ts). */
  auctions: bigint('auctions', { mode: 'number' }).notNull().default(0),
});

/** One row per hour and dimension combination; reports and the dashboard read only this. */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    ...statsDimensions(),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_hourly_pkey',
      columns: [t.hour, ...statsKeyColumns(t)],
    }),
    // Hour ranges use the primary key (it leads with the hour): one index less to keep up
    // on every row a delivery flush writes. The tables' fillfactor is set in migration 0007.
    index('stats_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);

/**
 * stats_hourly summed by UTC day (every dimension but the hour): reports without the hour
 * read a fraction of the rows. Derived data, never written directly: a day's row sums its
 * hours before stats_daily_open's `open_from`, added once each hour closed (stats/fold.ts)
 * and kept equal to stats_hourly's sums afterwards by the statement triggers of migrations
 * 0005 and 0008. Reports read the open hours from stats_hourly. docs/decisions/reports.md.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    /** Midnight UTC of the day. */
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    ...statsDimensions(),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_pkey',
      columns: [t.day, ...statsKeyColumns(t)],
    }),
    index('stats_daily_advertiser_day_idx').on(t.advertiserId, t.day),
    index('stats_daily_media_day_idx').on(t.mediaId, t.day),
  ],
);

/**
 * One row: the hour from which stats_daily holds nothing yet. The delivery flush writes to
 * the open hour every second; adding each write to stats_daily as well cost the database
 * more than the hourly rows themselves, so an hour is added once, when it has closed.
 */
export const statsDailyOpen = pgTable(
  'stats_daily_open',
  {
    id: smallint('id').primaryKey().default(1),
    openFrom: timestamp('open_from', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('stats_daily_open_single_row', sql`${t.id} = 1`)],
);

/**
 * stats_hourly summed by hour, advertiser and plan: the account report by date, plan and
 * hour reads this instead of every hourly row. Kept by the same triggers as stats_daily.
 */
export const statsPlanHourly = pgTable(
  'stats_plan_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({ name: 'stats_plan_hourly_pkey', columns: [t.hour, t.advertiserId, t.planId] }),
    index('stats_plan_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);

/**
 * stats_hourly summed by UTC day, advertiser, country and OS (closed hours, as stats_daily):
 * the reports by country and OS read a few thousand rows a day instead of every combination
 * of slot, creative and app version. Kept by the rollup trigger and the fold (migration 0015).
 */
export const statsGeoDaily = pgTable(
  'stats_geo_daily',
  {
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    advertiserId: integer('advertiser_id').notNull().default(0),
    country: text('country').notNull().default(''),
    os: smallint('os').notNull().default(0),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({ name: 'stats_geo_daily_pkey', columns: [t.day, t.advertiserId, t.country, t.os] }),
    index('stats_geo_daily_advertiser_day_idx').on(t.advertiserId, t.day),
  ],
);

/** An always-present bigint counter column. */
const counterColumn = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Each counter per hour of the day: `requests_h00` … `partner_take_h23`. */
const hourCounters = () =>
  Object.fromEntries(HOUR_COLUMNS.map((column) => [column, counterColumn(column)]));

/** A day's total of a counter: the sum of its hours, kept by PostgreSQL. */
const dayTotal = (counter: StatsCounterColumn) =>
  bigint(counter, { mode: 'number' })
    .notNull()
    .generatedAlwaysAs(
      sql.raw(HOURS_OF_DAY.map((hour) => `"${hourColumn(counter, hour)}"`).join(' + ')),
    );

/** Bit h set when hour h of the day has a non-zero counter: a report's groups by hour. */
const HOURS_MASK = HOURS_OF_DAY.map(
  (hour) =>
    `(case when ${COUNTER_COLUMNS.map((counter) => `"${hourColumn(counter, hour)}" <> 0`).join(' or ')} then ${2 ** hour} else 0 end)`,
).join(' | ');

/**
 * A per-hour rollup's counters: each counter's day total (generated), the `hours` mask and
 * each counter per hour of the day (stats/rollups.ts writes the hours only).
 */
const byHourCounters = () => ({
  ...(Object.fromEntries(COUNTER_COLUMNS.map((counter) => [counter, dayTotal(counter)])) as Record<
    StatsCounterColumn,
    ReturnType<typeof dayTotal>
  >),
  hours: integer('hours').notNull().generatedAlwaysAs(sql.raw(HOURS_MASK)),
  ...hourCounters(),
});

/**
 * stats_hourly summed by UTC day and creative (closed hours, as stats_daily), each counter
 * per hour of the day too: a 30-day report by creative and hour reads a row per creative
 * and day, not 24 (migration 0015, docs/decisions/reports.md).
 */
export const statsCreativeDaily = pgTable(
  'stats_creative_daily',
  {
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    strategyId: integer('strategy_id').notNull().default(0),
    creativeId: integer('creative_id').notNull().default(0),
    ...byHourCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_creative_daily_pkey',
      columns: [t.day, t.advertiserId, t.planId, t.strategyId, t.creativeId],
    }),
    index('stats_creative_daily_advertiser_day_idx').on(t.advertiserId, t.day),
  ],
);

/**
 * Running totals of stats_creative_daily per creative: a key's row for day D holds each
 * counter per hour of the day summed over its closed hours up to the end of D, one row for
 * each day the key counted anything. A range's sums are two rows' difference, so a 30-day
 * report by creative (or plan) and hour reads two rows per creative however long the range
 * (migration 0018, stats/running.ts, docs/decisions/reports.md).
 */
export const statsCreativeRunning = pgTable(
  'stats_creative_running',
  {
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    strategyId: integer('strategy_id').notNull().default(0),
    creativeId: integer('creative_id').notNull().default(0),
    ...hourCounters(),
  },
  (t) => [
    // The key first: a report looks up each key's latest row before a day.
    primaryKey({
      name: 'stats_creative_running_pkey',
      columns: [t.advertiserId, t.planId, t.strategyId, t.creativeId, t.day],
    }),
  ],
);

/**
 * stats_hourly summed by UTC day, media, slot and partner (closed hours, as stats_daily),
 * each counter per hour of the day too: a publisher's day by slot and hour reads a row per
 * slot and partner, not every hourly combination of creative, country and app version
 * (migration 0020, docs/decisions/reports.md).
 */
export const statsSlotDaily = pgTable(
  'stats_slot_daily',
  {
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    mediaId: integer('media_id').notNull().default(0),
    slotId: integer('slot_id').notNull().default(0),
    dspId: integer('dsp_id').notNull().default(0),
    ...byHourCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_slot_daily_pkey',
      columns: [t.day, t.mediaId, t.slotId, t.dspId],
    }),
    index('stats_slot_daily_media_day_idx').on(t.mediaId, t.day),
  ],
);

/**
 * stats_hourly summed by UTC day, media, slot, partner and app version (closed hours): the
 * supply reports by day, app or partner read a few thousand rows a day instead of
 * stats_daily's every combination with the advertisers' keys (migration 0020).
 */
export const statsSupplyDaily = pgTable(
  'stats_supply_daily',
  {
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    mediaId: integer('media_id').notNull().default(0),
    slotId: integer('slot_id').notNull().default(0),
    dspId: integer('dsp_id').notNull().default(0),
    appVersion: text('app_version').notNull().default(''),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_supply_daily_pkey',
      columns: [t.day, t.mediaId, t.slotId, t.dspId, t.appVersion],
    }),
    index('stats_supply_daily_media_day_idx').on(t.mediaId, t.day),
  ],
);
