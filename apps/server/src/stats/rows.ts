/**
 * stats_hourly rows in the making, one array per column, appended to on the delivery hot path
 * without I/O and handed whole to a flush, which sums them by key (forWrite) and writes them
 * (stats/write.ts).
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
   * The same counts with each key once. Only when rows pile up (the database is away);
   * a flush writes forWrite().
   */
  summed(): StatsRows {
    return new KeyedSums(this).addRows().rows;
  }

  /**
   * The rows a flush writes: each key once, a fill's request added to its slot's row (where
   * an unfilled request is counted: the request's keys kept, the ad's none), rows that count
   * nothing left out, in key order (the lock order of concurrent flushes). Summed here
   * rather than by the statement: PostgreSQL sums bigints as numeric, and its hash and sort
   * of 11-column keys cost several times this loop (docs/PERFORMANCE.md).
   */
  forWrite(): StatsRows {
    const { rows } = new KeyedSums(this).addRows().addFillRequests();
    const counters = counterArraysOf(rows);
    const order: number[] = [];
    for (let row = 0; row < rows.size; row += 1) {
      if (counters.some((column) => column[row] !== 0)) order.push(row);
    }
    order.sort((a, b) => compareKeys(rows.hour, rows.keys, a, b));
    const sorted = new StatsRows();
    const from = columnsOf(rows);
    columnsOf(sorted).forEach((target, column) => {
      const source = from[column] ?? [];
      for (const row of order) target.push(source[row]);
    });
    return sorted;
  }
}

/**
 * A row's key hashed (FNV-1a over the hour and every stats key, text by its interned
 * number): made once from STATS_KEYS, as pushKeys is. With `request` set, the key of the
 * slot's row a fill's request is counted on, whose ad keys are none: the same hash as a row
 * with that key.
 */
function hashFunction(request: boolean) {
  const steps = STATS_KEY_COLUMNS.map(({ field, type, describes, none }) => {
    const read = request && describes === 'ad' ? JSON.stringify(none) : `keys.${field}[row]`;
    const value = type === 'text' ? `textId(${read})` : read;
    return `h = Math.imul(h ^ ${value}, 16777619);`;
  });
  return new Function(
    'hour',
    'keys',
    'row',
    'textId',
    ['let h = Math.imul(2166136261 ^ hour[row], 16777619);', ...steps, 'return h;'].join('\n'),
  ) as (
    hour: readonly number[],
    keys: StatsKeyArrays,
    row: number,
    textId: (text: string) => number,
  ) => number;
}

/** Whether output row `at` has the key of source row `row` (or of its fill's request). */
function sameKeyFunction(request: boolean) {
  const checks = STATS_KEY_COLUMNS.map(({ field, describes, none }) =>
    request && describes === 'ad'
      ? `to.${field}[at] === ${JSON.stringify(none)}`
      : `to.${field}[at] === keys.${field}[row]`,
  );
  return new Function(
    'toHour',
    'to',
    'at',
    'hour',
    'keys',
    'row',
    `return toHour[at] === hour[row] && ${checks.join(' && ')};`,
  ) as (
    toHour: readonly number[],
    to: StatsKeyArrays,
    at: number,
    hour: readonly number[],
    keys: StatsKeyArrays,
    row: number,
  ) => boolean;
}

const hashOf = hashFunction(false);
const requestHashOf = hashFunction(true);
const sameKey = sameKeyFunction(false);
const sameRequestKey = sameKeyFunction(true);

/** Orders two rows by key: the hour, then each stats key (made once, as pushKeys is). */
const compareKeys = new Function(
  'hour',
  'keys',
  'a',
  'b',
  [
    'if (hour[a] !== hour[b]) return hour[a] - hour[b];',
    ...STATS_KEY_COLUMNS.map(({ field, type }) =>
      type === 'text'
        ? `if (keys.${field}[a] !== keys.${field}[b]) return keys.${field}[a] < keys.${field}[b] ? -1 : 1;`
        : `if (keys.${field}[a] !== keys.${field}[b]) return keys.${field}[a] - keys.${field}[b];`,
    ),
    'return 0;',
  ].join('\n'),
) as (hour: readonly number[], keys: StatsKeyArrays, a: number, b: number) => number;

/** Pushes a fill's request row's keys: the request's kept, the ad's none. */
const pushRequestKeys = new Function(
  'target',
  'keys',
  'row',
  STATS_KEY_COLUMNS.map(({ field, describes, none }) =>
    describes === 'request'
      ? `target.${field}.push(keys.${field}[row]);`
      : `target.${field}.push(${JSON.stringify(none)});`,
  ).join('\n'),
) as (target: StatsKeyArrays, keys: StatsKeyArrays, row: number) => void;

/** Copies one row's keys. */
const pushRowKeys = new Function(
  'target',
  'keys',
  'row',
  STATS_KEY_COLUMNS.map(({ field }) => `target.${field}.push(keys.${field}[row]);`).join('\n'),
) as (target: StatsKeyArrays, keys: StatsKeyArrays, row: number) => void;

/**
 * `source`'s rows summed by key into new rows: a hash of each key to the first output row
 * with that hash, chained through `next` (numbers as Map keys, no key string a row).
 */
class KeyedSums {
  readonly rows = new StatsRows();
  private readonly first = new Map<number, number>();
  private readonly next: number[] = [];
  private readonly texts = new Map<string, number>();
  private readonly from: number[][];
  private readonly to: number[][];
  private readonly textId = (text: string): number => {
    let id = this.texts.get(text);
    if (id === undefined) {
      id = this.texts.size + 1;
      this.texts.set(text, id);
    }
    return id;
  };

  constructor(private readonly source: StatsRows) {
    this.from = counterArraysOf(source);
    this.to = counterArraysOf(this.rows);
  }

  /** The output row holding source row `row`'s key (its fill's request's), or -1. */
  private find(hash: number, row: number, request: boolean): number {
    const { rows, source } = this;
    const same = request ? sameRequestKey : sameKey;
    for (let at = this.first.get(hash) ?? -1; at >= 0; at = this.next[at] as number) {
      if (same(rows.hour, rows.keys, at, source.hour, source.keys, row)) return at;
    }
    return -1;
  }

  /**
   * The output row of source row `row`'s key (with `request`, of its fill's request), a new
   * one with its counters at 0 when no row has that key yet.
   */
  private rowFor(row: number, request: boolean): number {
    const { source, rows } = this;
    const hash = (request ? requestHashOf : hashOf)(source.hour, source.keys, row, this.textId);
    const found = this.find(hash, row, request);
    if (found >= 0) return found;
    const at = rows.size;
    rows.hour.push(source.hour[row] as number);
    (request ? pushRequestKeys : pushRowKeys)(rows.keys, source.keys, row);
    for (const column of this.to) column.push(0);
    this.next.push(this.first.get(hash) ?? -1);
    this.first.set(hash, at);
    return at;
  }

  addRows(): this {
    const { source, from, to } = this;
    for (let row = 0; row < source.size; row += 1) {
      const at = this.rowFor(row, false);
      for (let counter = 0; counter < from.length; counter += 1) {
        const sums = to[counter] as number[];
        sums[at] = (sums[at] as number) + ((from[counter] as number[])[row] as number);
      }
    }
    return this;
  }

  /** Each fill's request, on its slot's row: one request per fill. */
  addFillRequests(): this {
    const { source, rows } = this;
    for (let row = 0; row < source.size; row += 1) {
      const fills = source.fills[row] as number;
      if (fills <= 0) continue;
      const at = this.rowFor(row, true);
      rows.requests[at] = (rows.requests[at] as number) + fills;
    }
    return this;
  }
}

/** The key arrays in STATS_KEYS' order. */
const keyArraysOf = (rows: StatsRows): unknown[][] =>
  STATS_KEY_COLUMNS.map(({ field }) => rows.keys[field] as unknown[]);

const counterArraysOf = (rows: StatsRows): number[][] =>
  STATS_COUNTERS.map(({ field }): number[] => rows[field satisfies StatsCounterField]);

/** Every column in one order: the hour, the keys, the counters. */
const columnsOf = (rows: StatsRows): unknown[][] => [
  rows.hour,
  ...keyArraysOf(rows),
  ...counterArraysOf(rows),
];
