/**
 * A flush's batch: one partition of rows per slot id modulo, put back in order after a failed
 * flush and summed only when a database outage piles them up (the rows: stats/rows.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { HOUR_MS, type StatsRows } from '../../stats/rows.js';
import type { EventDims } from '../ports.js';
import { emptyBatch, mergeBack, partitionOf, statsRowsFor, statsRowsOf } from './buffers.js';

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
    expect(statsRowsFor(live, dims()).keys.appVersion).toEqual(['old', 'new']);
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
