/**
 * Recovery from the event journal on a real database: the events a crashed process
 * answered but never flushed are counted and billed at start, once — also when its segment
 * survived a flush that had committed them (a crash between the commit and the delete).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { EventJournal, JOURNAL_HOST } from '../journal/journal.js';
import type { BilledEvent } from '../ports.js';
import { createAccounting } from './accounting.js';
import {
  buildFundedUser,
  dimsOf,
  impressionOf,
  newAccounting,
  openAccountingDatabase,
  RecordingLog,
  RecordingStore,
  reservationOf,
  spendEntriesOf,
  statsOfSlot,
} from './test-kit.js';

/** Above Linux's largest pid (2^22): no process has it. */
const DEAD_PID = 4_194_998;

let handle: DatabaseHandle;
let dir = '';
beforeAll(async () => {
  handle = await openAccountingDatabase();
  dir = await mkdtemp(join(tmpdir(), 'adloom-recovery-'));
});
afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

async function crashedSegment(instance: string, events: readonly BilledEvent[]) {
  const lines = events.map((event) => `${JSON.stringify(event)}\n`).join('');
  await writeFile(join(dir, `${JOURNAL_HOST}_${DEAD_PID}.${instance}_00000001.log`), lines);
}

function restartedAccounting() {
  const store = new RecordingStore();
  const log = new RecordingLog();
  const journal = new EventJournal({ dir, log });
  const accounting = createAccounting({ db: handle.db, store, log, flushMs: 60_000, journal });
  return { accounting, store, journal };
}

describe('recovery from the journal', () => {
  it('counts and bills what a crashed process answered, once', async () => {
    const db = handle.db;
    const advertiserId = await buildFundedUser(db, 10_000_000);
    const dims = dimsOf({ advertiserId, planId: 41, strategyId: 42, creativeId: 43 });
    const at = Date.now();
    const answered = [impressionOf(dims, at, 1_000), impressionOf(dims, at + 1, 1_000)];
    await crashedSegment('first.0a0a0a', answered);

    const first = restartedAccounting();
    expect(await first.accounting.recover()).toBe(2);
    let stats = await statsOfSlot(db, dims.slotId);
    expect(stats.reduce((sum, row) => sum + row.impressions, 0)).toBe(2);
    expect(stats.reduce((sum, row) => sum + row.cost, 0)).toBe(2_000);
    expect((await spendEntriesOf(db, advertiserId)).map((entry) => entry.amount)).toEqual([-2_000]);
    expect(first.store.settled).toEqual([{ advertiserId, micros: 2_000 }]);
    // The segment went with the committed flush.
    expect((await readdir(dir)).filter((name) => name.endsWith('.log'))).toEqual([]);

    // A second crash left the same events (its flush had committed them) and one new one.
    const later = impressionOf(dims, at + 2, 1_000);
    await crashedSegment('second.0b0b0b', [...answered, later]);
    const second = restartedAccounting();
    expect(await second.accounting.recover()).toBe(3);
    stats = await statsOfSlot(db, dims.slotId);
    expect(stats.reduce((sum, row) => sum + row.impressions, 0)).toBe(3);
    expect(stats.reduce((sum, row) => sum + row.cost, 0)).toBe(3_000);
    expect((await spendEntriesOf(db, advertiserId)).map((entry) => entry.amount)).toEqual([
      -2_000, -1_000,
    ]);
    // The duplicates' reservations were settled by the first flush: not released again.
    expect(second.store.released).toEqual([]);
    // What the dead processes had reserved and not journaled goes back after the replay.
    expect(first.store.orphaned).toEqual([`${DEAD_PID}.first.0a0a0a`]);
    expect(second.store.orphaned).toEqual([`${DEAD_PID}.second.0b0b0b`]);

    await first.accounting.stop();
    await second.accounting.stop();
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves a replayed duplicate’s reservation tracked, for releaseOrphaned to give back', async () => {
    const db = handle.db;
    const advertiserId = await buildFundedUser(db, 10_000_000);
    const dims = dimsOf({ advertiserId, planId: 44 });
    const at = Date.now();
    const owner = `${DEAD_PID}.third.0c0c0c`;
    const tagged = (event: BilledEvent): BilledEvent => ({
      ...event,
      reservation: { ...reservationOf(dims, event.cost, at), tag: `${owner}|${event.id}` },
    });
    const committed = tagged(impressionOf(dims, at, 1_000));
    const fresh = tagged(impressionOf(dims, at + 1, 1_000));
    // The dead process's flush committed `committed`, then it died before it deleted the
    // segment and before it settled: its reservation is still pending in the store.
    const earlier = newAccounting(db);
    earlier.accounting.countEvent({ ...committed, reservation: undefined });
    await earlier.accounting.flush();
    await crashedSegment('third.0c0c0c', [committed, fresh]);

    const { accounting, store } = restartedAccounting();
    expect(await accounting.recover()).toBe(2);
    expect(store.settled).toEqual([{ advertiserId, micros: 1_000 }]);
    expect(store.released).toEqual([]);
    expect(store.forgotten).toEqual([fresh.reservation]);
    expect(store.orphaned).toEqual([owner]);
    await accounting.stop();
  });

  it('takes no event the journal refuses: it is given back, and its retry counts', async () => {
    const own = await mkdtemp(join(tmpdir(), 'adloom-refused-'));
    const store = new RecordingStore();
    const log = new RecordingLog();
    const journal = new EventJournal({ dir: own, log });
    const accounting = createAccounting({ db: handle.db, store, log, flushMs: 60_000, journal });
    const advertiserId = await buildFundedUser(handle.db, 1_000_000);
    const dims = dimsOf({ advertiserId, planId: 51 });
    const event = impressionOf(dims, Date.now(), 700);
    // The disk refuses: the directory is gone.
    await rm(own, { recursive: true, force: true });
    expect(() => accounting.countEvent(event)).toThrow();
    expect(store.released).toEqual([event.reservation]);
    expect(log.levels('error')).toEqual(['accounting: the journal refused an event']);

    await mkdir(own);
    accounting.countEvent(event);
    await accounting.stop();
    const stats = await statsOfSlot(handle.db, dims.slotId);
    expect(stats.reduce((sum, row) => sum + row.impressions, 0)).toBe(1);
    await rm(own, { recursive: true, force: true });
  });

  it('journals every billed event before countEvent returns', async () => {
    const { accounting, journal } = restartedAccounting();
    const dims = dimsOf({ advertiserId: 1, planId: 2 });
    accounting.countEvent(impressionOf(dims, Date.now(), 0));
    const segments = (await readdir(dir)).filter((name) => name.includes(journal.instance));
    expect(segments.filter((name) => name.endsWith('.log'))).toHaveLength(1);
    await accounting.stop();
  });
});
