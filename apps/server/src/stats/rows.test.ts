/**
 * The in-memory stats rows: appended per request with every stats key, summed only when a
 * database outage piles them up.
 */
import { describe, expect, it } from 'vitest';
import { STATS_KEY_COLUMNS, type EventDims } from './keys.js';
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
