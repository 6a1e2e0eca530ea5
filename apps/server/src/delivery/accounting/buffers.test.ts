/**
 * The in-memory rows a flush writes: appended per request, summed only when a database
 * outage piles them up, and put back in order after a failed flush.
 */
import { describe, expect, it } from 'vitest';
import type { EventDims } from '../ports.js';
import {
  emptyBatch,
  HOUR_MS,
  mergeBack,
  partitionOf,
  statsRowsFor,
  statsRowsOf,
  StatsRows,
} from './buffers.js';

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
    const key = `${rows.slot[row]}|${rows.appVersion[row]}|${rows.hour[row]}`;
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
    expect(rows.creative).toEqual([5, 0]);
    expect(rows.advertiser).toEqual([9, 0]);
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
});

describe('a batch', () => {
  it('keeps each slot in its own partition', () => {
    const batch = emptyBatch();
    statsRowsFor(batch, dims({ slotId: 3 })).add(dims({ slotId: 3 }), TEN, 1, 0);
    statsRowsFor(batch, dims({ slotId: 19 })).add(dims({ slotId: 19 }), TEN, 1, 0);
    expect(partitionOf(dims({ slotId: 3 }))).toBe(partitionOf(dims({ slotId: 19 })));
    expect(batch.stats[partitionOf(dims({ slotId: 3 }))]?.size).toBe(2);
    expect(statsRowsOf(batch)).toBe(2);
  });

  it('puts a failed batch back before what came meanwhile', () => {
    const failed = emptyBatch();
    const live = emptyBatch();
    statsRowsFor(failed, dims()).add(dims({ appVersion: 'old' }), TEN, 1, 0);
    statsRowsFor(live, dims()).add(dims({ appVersion: 'new' }), TEN, 1, 0);
    mergeBack(live, failed);
    expect(statsRowsFor(live, dims()).appVersion).toEqual(['old', 'new']);
  });

  it('sums the rows of a partition once an outage has piled them up', () => {
    const failed = emptyBatch();
    const live = emptyBatch();
    const rows = statsRowsFor(failed, dims());
    for (let index = 0; index < 100_001; index += 1) {
      rows.add(dims({ appVersion: `v${index % 4}` }), TEN, 1, index % 2);
    }
    const expected = totals(rows);
    statsRowsFor(live, dims()).add(dims({ appVersion: 'v0' }), TEN, 1, 0);
    (expected[`33|v0|${TEN / HOUR_MS}`] as [number, number])[0] += 1;
    mergeBack(live, failed);
    const merged = statsRowsFor(live, dims());
    expect(merged.size).toBe(4);
    expect(totals(merged)).toEqual(expected);
  });
});
