/**
 * stats_hourly rows in the making, one array per column, appended to on the delivery hot path
 * without I/O and handed whole to a flush (stats/write.ts sums them in PostgreSQL).
 *
 * Requests and fills are appended as rows, not summed here: most of a busy second's requests
 * differ in some dimension (creative, slot, country, OS, app version), so summing them in a
 * Map cost a key string and two objects a request for little gain.
 */
import {
  STATS_COUNTERS,
  STATS_KEY_COLUMNS,
  type EventDims,
  type StatsCounterField,
  type StatsKeyField,
} from './keys.js';

export const HOUR_MS = 3_600_000;

/** One array per stats key, by its EventDims field. */
export type StatsKeyArrays = { readonly [K in StatsKeyField]: EventDims[K][] };

/** What a counted event adds to its row (BilledEvent has these). */
export interface CountedEvent {
  dims: EventDims;
  /** Epoch ms. */
  at: number;
  impressions: number;
  clicks: number;
  cost: number;
  income: number;
  partnerRevenue?: number | undefined;
  partnerTake?: number | undefined;
}

const FIELD_NAME = /^[A-Za-z]+$/;

/**
 * Pushes an event's dimensions onto the key arrays. Made once from STATS_KEYS when the module
 * loads: a plain property read and push per key, as the hand-written code it replaces did —
 * a loop reading `dims[field]` would make every read a keyed, megamorphic lookup on the hot
 * path. A dimension an event lacks (a journal written before the dimension existed) is
 * "none".
 */
const pushKeys = new Function(
  'keys',
  'dims',
  STATS_KEY_COLUMNS.map(({ field, none }) => {
    if (!FIELD_NAME.test(field)) throw new Error(`Not a stats key field: ${field}`);
    return `keys.${field}.push(dims.${field} ?? ${JSON.stringify(none)});`;
  }).join('\n'),
) as (keys: StatsKeyArrays, dims: EventDims) => void;

const emptyKeyArrays = (): StatsKeyArrays =>
  Object.fromEntries(
    STATS_KEY_COLUMNS.map(({ field }) => [field, []]),
  ) as unknown as StatsKeyArrays;

/** stats_hourly rows in the making, one array per column; rows may repeat a key. */
export class StatsRows {
  /** Epoch hours (ms / HOUR_MS). */
  readonly hour: number[] = [];
  /** The dimensions, one array per stats key. */
  readonly keys: StatsKeyArrays = emptyKeyArrays();
  readonly requests: number[] = [];
  readonly fills: number[] = [];
  readonly impressions: number[] = [];
  readonly clicks: number[] = [];
  readonly cost: number[] = [];
  readonly income: number[] = [];
  /** Partner-won impressions: what the partner pays and our take of it, micros. */
  readonly partnerRevenue: number[] = [];
  readonly partnerTake: number[] = [];
  /** On an advertiser's rows: auctions its strategy entered (stats/keys.ts). */
  readonly auctions: number[] = [];

  get size(): number {
    return this.hour.length;
  }

  add(
    dims: EventDims,
    atMs: number,
    requests: number,
    fills: number,
    auctions = 0,
    impressions = 0,
    clicks = 0,
    cost = 0,
    income = 0,
    partnerRevenue = 0,
    partnerTake = 0,
  ): void {
    this.hour.push(Math.floor(atMs / HOUR_MS));
    pushKeys(this.keys, dims);
    this.requests.push(requests);
    this.fills.push(fills);
    this.impressions.push(impressions);
    this.clicks.push(clicks);
    this.cost.push(cost);
    this.income.push(income);
    this.partnerRevenue.push(partnerRevenue);
    this.partnerTake.push(partnerTake);
    this.auctions.push(auctions);
  }

  /** A billed event's row (its request and fill were counted when it was served). */
  addEvent(event: CountedEvent): void {
    this.add(
      event.dims,
      event.at,
      0,
      0,
      0,
      event.impressions,
      event.clicks,
      event.cost,
      event.income,
      event.partnerRevenue ?? 0,
      event.partnerTake ?? 0,
    );
  }

  /** Appends another's rows (this one changes, the other does not). */
  append(other: StatsRows): void {
    const sources = columnsOf(other);
    columnsOf(this).forEach((target, index) => {
      for (const value of sources[index] ?? []) target.push(value);
    });
  }

  /** A copy: a flush adds its paid events to a copy, a failed one hands the original back. */
  copy(): StatsRows {
    const rows = new StatsRows();
    rows.append(this);
    return rows;
  }

  /**
   * The same counts with each key once. Only when rows pile up (the database is away):
   * in a normal flush PostgreSQL sums them.
   */
  summed(): StatsRows {
    const index = new Map<string, number>();
    const rows = new StatsRows();
    const keyColumns = [this.hour, ...keyArraysOf(this)];
    // JSON: two different dimension sets never share a key, whatever their text holds.
    const targetColumns = columnsOf(rows);
    const sourceColumns = columnsOf(this);
    for (let row = 0; row < this.size; row += 1) {
      const key = JSON.stringify(keyColumns.map((column) => column[row]));
      const at = index.get(key);
      if (at === undefined) {
        index.set(key, rows.size);
        targetColumns.forEach((target, column) => target.push(sourceColumns[column]?.[row]));
        continue;
      }
      for (const { field } of STATS_COUNTERS) {
        const sums = rows[field];
        sums[at] = (sums[at] ?? 0) + (this[field][row] ?? 0);
      }
    }
    return rows;
  }
}

/** The key arrays in STATS_KEYS' order. */
const keyArraysOf = (rows: StatsRows): unknown[][] =>
  STATS_KEY_COLUMNS.map(({ field }) => rows.keys[field] as unknown[]);

/** Every column in one order: the hour, the keys, the counters. */
const columnsOf = (rows: StatsRows): unknown[][] => [
  rows.hour,
  ...keyArraysOf(rows),
  ...STATS_COUNTERS.map(({ field }): number[] => rows[field satisfies StatsCounterField]),
];
