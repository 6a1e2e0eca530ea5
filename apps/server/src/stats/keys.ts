/**
 * The stats tables' keys and counters, one list each (issue 18 item 1): stats_hourly's and
 * stats_daily's key columns in their order, the counted event's dimensions (EventDims), the
 * tracking token's dimension claims, the flush's and the fold's SQL are made from these. A
 * report dimension with a column (packages/domain REPORT_DIMENSIONS) must be a key here: the
 * compiler names one that is missing. The order is the primary keys' and the flush's lock
 * order (stats/write.ts); append a new key at the end. Recipe: docs/RECIPES.md.
 */
import {
  REPORT_DIMENSIONS,
  reportDimensionColumn,
  type ColumnDimension,
  type TextDimension,
} from '@adloom/domain';

interface StatsKeyDefinition {
  /** Its field in EventDims and TrackingClaims. */
  field: string;
  /** The report dimension it is; its column and kind come from REPORT_DIMENSIONS. */
  dimension: ColumnDimension;
  /**
   * What it describes: the `request` (the slot and the device: kept on the row where a
   * request is counted, filled or not) or the `ad` that won (none on an unfilled request).
   */
  describes: 'request' | 'ad';
}

export const STATS_KEYS = [
  { field: 'advertiserId', dimension: 'advertiser', describes: 'ad' },
  { field: 'planId', dimension: 'plan', describes: 'ad' },
  { field: 'strategyId', dimension: 'strategy', describes: 'ad' },
  { field: 'creativeId', dimension: 'creative', describes: 'ad' },
  { field: 'mediaId', dimension: 'media', describes: 'request' },
  { field: 'slotId', dimension: 'slot', describes: 'request' },
  { field: 'dspId', dimension: 'dsp', describes: 'ad' },
  { field: 'country', dimension: 'country', describes: 'request' },
  { field: 'os', dimension: 'os', describes: 'request' },
  { field: 'appVersion', dimension: 'app', describes: 'request' },
] as const satisfies readonly StatsKeyDefinition[];

type StatsKey = (typeof STATS_KEYS)[number];

// Every report dimension with a column is a stats key: a missing one fails here, by name.
type MissingKey = Exclude<ColumnDimension, StatsKey['dimension']>;
const everyColumnDimensionIsAKey: [MissingKey] extends [never] ? true : MissingKey = true;
void everyColumnDimensionIsAKey;

/** The dimensions of a counted event, as stats_hourly keys them (0 / '' where it has none). */
export type EventDims = {
  readonly [K in StatsKey as K['field']]: K['dimension'] extends TextDimension ? string : number;
};
export type StatsKeyField = keyof EventDims;

/** A key's column, its PostgreSQL type and its value for "none". */
export interface StatsKeyColumn {
  field: StatsKeyField;
  column: string;
  type: 'integer' | 'smallint' | 'text';
  none: 0 | '';
  describes: 'request' | 'ad';
}

const SQL_TYPES = {
  id: 'integer',
  platform: 'smallint',
  code: 'text',
  text: 'text',
} as const satisfies Record<
  (typeof REPORT_DIMENSIONS)[ColumnDimension]['kind'],
  StatsKeyColumn['type']
>;

export const STATS_KEY_COLUMNS: readonly StatsKeyColumn[] = STATS_KEYS.map((key) => {
  const type = SQL_TYPES[REPORT_DIMENSIONS[key.dimension].kind];
  return {
    field: key.field,
    column: reportDimensionColumn(key.dimension),
    type,
    none: type === 'text' ? '' : 0,
    describes: key.describes,
  };
});

/** The counters every stats table sums, in their column order. */
export const STATS_COUNTERS = [
  { field: 'requests', column: 'requests' },
  { field: 'fills', column: 'fills' },
  { field: 'impressions', column: 'impressions' },
  { field: 'clicks', column: 'clicks' },
  { field: 'cost', column: 'cost' },
  { field: 'income', column: 'income' },
  /** Partner-won impressions: what the partner pays, micros. */
  { field: 'partnerRevenue', column: 'partner_revenue' },
  /** Of partner_revenue, our take, micros. */
  { field: 'partnerTake', column: 'partner_take' },
  /**
   * On an advertiser's rows: the auctions its strategy entered (docs/decisions/
   * advertiser-requests.md), the winner's counted on its fill, the losers' estimated from a
   * sample. The platform's rows count requests instead.
   */
  { field: 'auctions', column: 'auctions' },
] as const;
export type StatsCounterField = (typeof STATS_COUNTERS)[number]['field'];
export type StatsCounterColumn = (typeof STATS_COUNTERS)[number]['column'];

export const COUNTER_COLUMNS: readonly StatsCounterColumn[] = STATS_COUNTERS.map(
  (counter) => counter.column,
);

// ------------------------------------------------- SQL text, made once when the module loads

/** The key columns in their order: advertiser_id, plan_id, …, app_version. */
export const KEY_COLUMNS: readonly string[] = STATS_KEY_COLUMNS.map((key) => key.column);

/** `advertiser_id, plan_id, …, app_version`. */
export const KEY_COLUMN_LIST = KEY_COLUMNS.join(', ');

/** `requests, fills, …, partner_take`. */
export const COUNTER_COLUMN_LIST = COUNTER_COLUMNS.join(', ');

/** `requests = <table>.requests + excluded.requests, …`: an upsert adding the counters. */
export const addCountersOnConflict = (table: string): string =>
  COUNTER_COLUMNS.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(
    ',\n      ',
  );
