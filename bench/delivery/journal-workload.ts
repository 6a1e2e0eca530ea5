/**
 * What the event journal costs a tracking request: `append` (one JSON line, one write())
 * timed one by one over realistic impressions, against building the same line without
 * writing it; with and without a JOURNAL_FSYNC_MS interval. Run by bench/delivery/journal.mjs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BilledEvent } from '../../apps/server/src/delivery/ports.js';
import { EventJournal } from '../../apps/server/src/delivery/journal/journal.js';

const EVENTS = Number(process.env.JOURNAL_BENCH_EVENTS ?? 50_000);
const silent = { warn: () => undefined, error: () => undefined };

function impression(index: number): BilledEvent {
  const dims = {
    advertiserId: 1 + (index % 50),
    planId: 1 + (index % 1000),
    strategyId: 1 + (index % 5000),
    creativeId: 1 + (index % 3000),
    mediaId: 1 + (index % 20),
    slotId: 1 + (index % 200),
    dspId: 0,
    country: 'US',
    os: 1 + (index % 2),
    appVersion: '4.12.0',
  };
  return {
    id: `imp:${index.toString(36).padStart(22, 'x')}`,
    kind: 'imp',
    dims,
    at: Date.now(),
    impressions: 1,
    clicks: 0,
    cost: 1_230,
    income: 1_230,
    reservation: {
      planId: dims.planId,
      advertiserId: dims.advertiserId,
      micros: 1_230,
      budget: 50_000_000,
      day: '2026-11-25',
      tag: `12345.mabc123.0a0b0c|imp:${index.toString(36)}`,
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function measure(name: string, run: (event: BilledEvent) => void) {
  const events = Array.from({ length: EVENTS }, (_, index) => impression(index));
  for (let index = 0; index < 2_000; index += 1) run(events[index] as BilledEvent); // warm-up
  const times = new Float64Array(EVENTS);
  const started = process.hrtime.bigint();
  for (let index = 0; index < EVENTS; index += 1) {
    const before = process.hrtime.bigint();
    run(events[index] as BilledEvent);
    times[index] = Number(process.hrtime.bigint() - before) / 1000;
  }
  const totalUs = Number(process.hrtime.bigint() - started) / 1000;
  times.sort();
  const row = (value: number) => value.toFixed(1).padStart(8);
  console.info(
    `  ${name.padEnd(34)}${row(totalUs / EVENTS)}${row(percentile(times, 0.5))}${row(percentile(times, 0.99))}${row(percentile(times, 0.999))}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'adloom-bench-journal-'));
try {
  console.info(`Event journal: ${EVENTS.toLocaleString('en')} impressions, µs per event`);
  console.info(`  ${''.padEnd(34)}    mean     p50     p99   p99.9`);
  let sink = 0;
  measure('JSON line only (no write)', (event) => {
    sink += `${JSON.stringify(event)}\n`.length;
  });
  const plain = new EventJournal({ dir: join(dir, 'plain'), log: silent });
  measure('append (write, no fsync)', (event) => plain.append(event));
  plain.committed(plain.seal());
  plain.close();
  const synced = new EventJournal({ dir: join(dir, 'synced'), log: silent, fsyncMs: 100 });
  measure('append, JOURNAL_FSYNC_MS=100', (event) => synced.append(event));
  synced.committed(synced.seal());
  synced.close();
  if (sink < 0) console.info(sink);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
