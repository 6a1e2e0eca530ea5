/**
 * The in-memory stats rows: appended per request with every stats key, summed only when a
 * database outage piles them up.
 */
import { describe, expect, it } from 'vitest';
import { STATS_COUNTERS, STATS_KEY_COLUMNS, type EventDims } from './keys.js';
import { HOUR_MS, StatsRows } from './rows.js';

const TEN = Date.parse('2026-03-02T10:00:00Z');

const dims = (values: Partial<EventDims> = {}): EventDims => ({
  advertiserId: 0,
  planId: 0,
  strategyId: 0,
  creativeId: 0,
  mediaId: 7,
  slotId: 33,
  dspId: 0,
  country: 'DE',
  os: 1,
  appVersion: '1.2.3',
  ...values,
});

/** Requests and fills by `slot|appVersion|hour`, however the rows are laid out. */
function totals(rows: StatsRows): Record<string, [number, number]> {
  const sums: Record<string, [number, number]> = {};
  for (let row = 0; row < rows.size; row += 1) {
    const key = `${rows.keys.slotId[row]}|${rows.keys.appVersion[row]}|${rows.hour[row]}`;
    const sum = (sums[key] ??= [0, 0]);
    sum[0] += rows.requests[row] ?? 0;
    sum[1] += rows.fills[row] ?? 0;
  }
  return sums;
}

describe('StatsRows', () => {
  it('keeps one row per count, in epoch hours, with the event dimensions', () => {
    const rows = new StatsRows();
    rows.add(dims({ creativeId: 5, advertiserId: 9 }), TEN + 59 * 60_000, 0, 1);
    rows.add(dims(), TEN + HOUR_MS, 1, 0);
    expect(rows.size).toBe(2);
    expect(rows.hour).toEqual([TEN / HOUR_MS, TEN / HOUR_MS + 1]);
    expect(rows.keys.creativeId).toEqual([5, 0]);
    expect(rows.keys.advertiserId).toEqual([9, 0]);
    expect(rows.fills).toEqual([1, 0]);
    expect(rows.requests).toEqual([0, 1]);
  });

  it('sums rows of one key and keeps different keys apart', () => {
    const rows = new StatsRows();
    for (let index = 0; index < 10; index += 1) {
      rows.add(dims({ appVersion: index % 2 === 0 ? '1,0' : '1\u00010' }), TEN, 1, index % 3);
    }
    rows.add(dims(), TEN + HOUR_MS, 1, 0);
    const summed = rows.summed();
    expect(summed.size).toBe(3);
    expect(totals(summed)).toEqual(totals(rows));
  });

  it('copies without sharing columns', () => {
    const rows = new StatsRows();
    rows.add(dims(), TEN, 1, 0);
    const copy = rows.copy();
    copy.add(dims(), TEN, 1, 0);
    expect(rows.size).toBe(1);
    expect(copy.size).toBe(2);
  });

  it('puts each stats key of the event in its own column', () => {
    // A distinct value per key: a key pushed to another's column, or not at all, shows.
    const values = Object.fromEntries(
      STATS_KEY_COLUMNS.map(({ field, type }, index) => [
        field,
        type === 'text' ? `t${index}` : index + 1,
      ]),
    ) as unknown as EventDims;
    const rows = new StatsRows();
    rows.add(values, TEN, 1, 0);
    for (const { field } of STATS_KEY_COLUMNS) expect(rows.keys[field]).toEqual([values[field]]);
  });

  it('reads a dimension an event lacks (a journal older than the dimension) as none', () => {
    const { appVersion: _appVersion, planId: _planId, ...older } = dims({ planId: 4 });
    const rows = new StatsRows();
    rows.add(older as EventDims, TEN, 1, 0);
    expect(rows.keys.appVersion).toEqual(['']);
    expect(rows.keys.planId).toEqual([0]);
    expect(rows.keys.slotId).toEqual([33]);
  });
});

/** Every row of `rows` as `{ key: [hour, …keys], counters }`, the reference's layout. */
function rowsOf(rows: StatsRows) {
  return Array.from({ length: rows.size }, (_, row) => ({
    key: [rows.hour[row], ...STATS_KEY_COLUMNS.map(({ field }) => rows.keys[field][row])],
    counters: STATS_COUNTERS.map(({ field }) => rows[field][row]),
  }));
}

/**
 * What forWrite must answer, the slow and obvious way: every row and every fill's request
 * row (the request's keys, the ad's none, one request per fill) summed by a JSON key.
 */
function reference(rows: StatsRows) {
  const sums = new Map<string, { key: unknown[]; counters: number[] }>();
  const add = (key: unknown[], counters: number[]) => {
    const text = JSON.stringify(key);
    const sum = sums.get(text);
    if (sum) sum.counters = sum.counters.map((value, index) => value + (counters[index] ?? 0));
    else sums.set(text, { key, counters });
  };
  for (const { key, counters } of rowsOf(rows)) {
    add(key, counters as number[]);
    const fills = counters[STATS_COUNTERS.findIndex(({ field }) => field === 'fills')] ?? 0;
    if (fills > 0) {
      add(
        key.map((value, index) => {
          const column = STATS_KEY_COLUMNS[index - 1];
          return !column || column.describes === 'request' ? value : column.none;
        }),
        STATS_COUNTERS.map(({ field }) => (field === 'requests' ? fills : 0)),
      );
    }
  }
  return [...sums.values()].filter(({ counters }) => counters.some((value) => value !== 0));
}

describe('StatsRows.forWrite (the rows a flush writes)', () => {
  it('sums each key once and adds a fill’s request to its slot’s row', () => {
    const rows = new StatsRows();
    const ad = dims({ advertiserId: 9, planId: 4, strategyId: 5, creativeId: 6 });
    rows.add(ad, TEN, 0, 1, 1);
    rows.add(ad, TEN + 60_000, 0, 1, 1);
    rows.add(dims(), TEN, 1, 0); // an unfilled request on the same slot
    const written = rowsOf(rows.forWrite());
    const counters = (values: Partial<Record<string, number>>) =>
      STATS_COUNTERS.map(({ field }) => values[field] ?? 0);
    expect(written).toEqual([
      // The slot's row: one unfilled request and the two fills' requests. Key order: the
      // advertiser 0 row first.
      {
        key: [TEN / HOUR_MS, 0, 0, 0, 0, 7, 33, 0, 'DE', 1, '1.2.3'],
        counters: counters({ requests: 3 }),
      },
      {
        key: [TEN / HOUR_MS, 9, 4, 5, 6, 7, 33, 0, 'DE', 1, '1.2.3'],
        counters: counters({ fills: 2, auctions: 2 }),
      },
    ]);
  });

  it('leaves out rows that count nothing', () => {
    const rows = new StatsRows();
    rows.add(dims({ slotId: 1 }), TEN, 0, 0);
    rows.add(dims({ slotId: 2 }), TEN, 1, 0);
    expect(rowsOf(rows.forWrite()).map(({ key }) => key[6])).toEqual([2]);
  });

  it('matches the obvious summation on thousands of rows, in key order', () => {
    // Small domains, so keys repeat and hashes collide; text with separators and quotes.
    const texts = ['', '1|0', '1\u00010', '"1"', 'é', '1.2'];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const rows = new StatsRows();
    for (let index = 0; index < 5_000; index += 1) {
      const filled = next(3) === 0;
      rows.add(
        dims({
          advertiserId: filled ? next(4) + 1 : 0,
          planId: filled ? next(6) + 1 : 0,
          slotId: next(5),
          country: texts[next(3)] as string,
          appVersion: texts[next(texts.length)] as string,
          os: next(3),
        }),
        TEN + next(3) * HOUR_MS,
        filled ? 0 : 1,
        filled ? 1 : 0,
        filled ? 1 : 0,
        next(2),
        next(2),
        next(1_000),
      );
    }
    const written = rowsOf(rows.forWrite());
    const compare = (a: { key: unknown[] }, b: { key: unknown[] }) => {
      for (let index = 0; index < a.key.length; index += 1) {
        const left = a.key[index] as number | string;
        const right = b.key[index] as number | string;
        if (left !== right) return left < right ? -1 : 1;
      }
      return 0;
    };
    expect(written).toEqual(reference(rows).sort(compare));
    // Each key once.
    expect(new Set(written.map(({ key }) => JSON.stringify(key))).size).toBe(written.length);
  });
});
