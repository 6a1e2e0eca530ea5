/**
 * The accounting pipeline on a real database (PGlite, or the shared PostgreSQL test
 * database): what lands in stats_hourly, the ledger and dsp_health_hourly, exactly once.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { deliveryEvents } from '../../db/schema.js';
import type { BilledEvent } from '../ports.js';
import { createAccounting, FLUSH_BUSY_ROWS } from './accounting.js';
import { HOUR_MS } from '../../stats/rows.js';
import {
  buildFundedUser,
  dimsOf,
  healthOf,
  impressionOf,
  instrumented,
  newAccounting,
  openAccountingDatabase,
  RecordingLog,
  RecordingStore,
  reservationOf,
  spendEntriesOf,
  statsOfSlot,
  uniqueSlotId,
} from './test-kit.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openAccountingDatabase();
});
afterAll(async () => {
  await handle.close();
});

const TEN = Date.parse('2026-03-02T10:00:00Z');
const ELEVEN = TEN + HOUR_MS;

describe('stats_hourly', () => {
  it('counts each metric into the hour of its event and adds over several flushes', async () => {
    const db = handle.db;
    const advertiserId = await buildFundedUser(db, 100_000_000);
    const slotId = uniqueSlotId();
    const request = dimsOf({ slotId, country: 'FR', os: 2, appVersion: '4.0' });
    const winner = { ...request, advertiserId, planId: 11, strategyId: 12, creativeId: 13 };
    const { accounting } = newAccounting(db);

    accounting.countUnfilled(request, TEN + 60_000);
    accounting.countUnfilled(request, TEN + HOUR_MS - 1);
    accounting.countUnfilled(request, ELEVEN);
    accounting.countFill(winner, TEN + 5_000);
    accounting.countEvent(impressionOf(winner, TEN + 6_000, 3_000, { income: 2_000 }));
    accounting.countEvent({
      ...impressionOf(winner, ELEVEN + 10, 0),
      id: `clk:${randomUUID()}`,
      kind: 'clk',
      impressions: 0,
      clicks: 1,
      income: 0,
    });
    await accounting.flush();

    accounting.countUnfilled(request, TEN + 30_000);
    accounting.countFill(winner, TEN + 31_000);
    accounting.countEvent(impressionOf(winner, TEN + 32_000, 4_000, { income: 2_500 }));
    await accounting.flush();

    const rows = await statsOfSlot(db, slotId);
    const shape = rows.map((row) => ({
      hour: row.hour.toISOString(),
      advertiserId: row.advertiserId,
      planId: row.planId,
      creativeId: row.creativeId,
      country: row.country,
      os: row.os,
      appVersion: row.appVersion,
      requests: row.requests,
      fills: row.fills,
      impressions: row.impressions,
      clicks: row.clicks,
      cost: row.cost,
      income: row.income,
    }));
    const dims = { country: 'FR', os: 2, appVersion: '4.0' };
    const none = { requests: 0, fills: 0, impressions: 0, clicks: 0, cost: 0, income: 0 };
    expect(shape).toEqual([
      {
        hour: '2026-03-02T10:00:00.000Z',
        advertiserId: 0,
        planId: 0,
        creativeId: 0,
        ...dims,
        ...none,
        // Three requests that got nothing, and the two that filled.
        requests: 5,
      },
      {
        hour: '2026-03-02T10:00:00.000Z',
        advertiserId,
        planId: 11,
        creativeId: 13,
        ...dims,
        ...none,
        fills: 2,
        impressions: 2,
        cost: 7_000,
        income: 4_500,
      },
      {
        hour: '2026-03-02T11:00:00.000Z',
        advertiserId: 0,
        planId: 0,
        creativeId: 0,
        ...dims,
        ...none,
        requests: 1,
      },
      {
        hour: '2026-03-02T11:00:00.000Z',
        advertiserId,
        planId: 11,
        creativeId: 13,
        ...dims,
        ...none,
        clicks: 1,
      },
    ]);
  });

  it('files a count in its hour also past 2038 (epoch seconds beyond 32 bits)', async () => {
    const db = handle.db;
    const slotId = uniqueSlotId();
    const { accounting } = newAccounting(db);
    const later = Date.parse('2040-05-06T07:08:09Z');
    accounting.countUnfilled(dimsOf({ slotId }), later);
    await accounting.flush();
    const rows = await statsOfSlot(db, slotId);
    expect(rows.map((row) => [row.hour.toISOString(), row.requests])).toEqual([
      ['2040-05-06T07:00:00.000Z', 1],
    ]);
  });

  it('keeps any app version apart, commas, quotes, backslashes and all', async () => {
    const db = handle.db;
    const slotId = uniqueSlotId();
    const versions = ['1,2', 'beta "2"', 'C:\\build\\7', '{}', 'NULL', '', '版本 3'];
    const { accounting } = newAccounting(db);
    versions.forEach((appVersion, index) => {
      for (let count = 0; count <= index; count += 1) {
        accounting.countUnfilled(dimsOf({ slotId, appVersion }), TEN + count);
      }
    });
    await accounting.flush();
    const rows = await statsOfSlot(db, slotId);
    expect(Object.fromEntries(rows.map((row) => [row.appVersion, row.requests]))).toEqual(
      Object.fromEntries(versions.map((appVersion, index) => [appVersion, index + 1])),
    );
  });

  it('writes the thousands of rows of a busy second in chunks, each exactly once', async () => {
    const db = handle.db;
    const slotId = uniqueSlotId();
    const { accounting } = newAccounting(db);
    for (let index = 0; index < 4_500; index += 1) {
      accounting.countUnfilled(dimsOf({ slotId, appVersion: `v${index}` }), TEN);
    }
    await accounting.flush();
    const rows = await statsOfSlot(db, slotId);
    expect(rows).toHaveLength(4_500);
    expect(rows.every((row) => row.requests === 1)).toBe(true);
  });

  it('counts a filled request once, on the row of its slot, also when a failed flush is retried', async () => {
    const gate = instrumented(handle.db);
    const slotId = uniqueSlotId();
    const request = dimsOf({ slotId, country: 'BR', os: 1, appVersion: '2.0' });
    const winner = { ...request, advertiserId: 77, planId: 8, strategyId: 9, creativeId: 10 };
    const { accounting } = newAccounting(gate.db);
    accounting.countFill(winner, TEN);
    accounting.countFill(winner, TEN + 1);
    accounting.countUnfilled(request, TEN + 2);
    gate.failNext();
    await expect(accounting.flush()).rejects.toThrow('forced failure');
    accounting.countFill({ ...winner, creativeId: 11 }, TEN + 3);
    await accounting.flush();

    const rows = await statsOfSlot(handle.db, slotId);
    expect(
      rows.map(({ planId, creativeId, requests, fills }) => ({
        planId,
        creativeId,
        requests,
        fills,
      })),
    ).toEqual([
      { planId: 0, creativeId: 0, requests: 4, fills: 0 },
      { planId: 8, creativeId: 10, requests: 0, fills: 2 },
      { planId: 8, creativeId: 11, requests: 0, fills: 1 },
    ]);
  });

  it('keeps what is counted during a flush for the next one', async () => {
    let hold: (() => void) | undefined;
    const gate = instrumented(
      handle.db,
      () =>
        new Promise<void>((resolve) => {
          hold = resolve;
        }),
    );
    const { accounting } = newAccounting(gate.db);
    const request = dimsOf();
    accounting.countUnfilled(request, TEN);
    const first = accounting.flush();
    await expect.poll(() => hold).toBeDefined();
    accounting.countUnfilled(request, TEN);
    accounting.countUnfilled(request, TEN);
    hold?.();
    await first;
    expect((await statsOfSlot(handle.db, request.slotId)).map((row) => row.requests)).toEqual([1]);

    const second = accounting.flush();
    await expect.poll(() => hold).toBeDefined();
    hold?.();
    await second;
    expect((await statsOfSlot(handle.db, request.slotId)).map((row) => row.requests)).toEqual([3]);
  });

  it('never runs two flush transactions at once', async () => {
    const gate = instrumented(handle.db, () => new Promise((resolve) => setTimeout(resolve, 20)));
    const { accounting } = newAccounting(gate.db);
    const request = dimsOf();
    const flushes: Promise<void>[] = [];
    for (let round = 0; round < 4; round += 1) {
      accounting.countUnfilled(request, TEN);
      flushes.push(accounting.flush());
    }
    await Promise.all(flushes);
    expect(gate.mostAtOnce()).toBe(1);
    expect((await statsOfSlot(handle.db, request.slotId)).map((row) => row.requests)).toEqual([4]);
  });
});

describe('dsp_health_hourly', () => {
  it('counts calls by outcome, answer latency and wins by hour, adding over flushes', async () => {
    const dspId = uniqueSlotId();
    const { accounting } = newAccounting(handle.db);
    accounting.countPartnerCall(dspId, 'bid', 40, TEN + 1);
    accounting.countPartnerCall(dspId, 'noBid', 20, TEN + 2);
    accounting.countPartnerCall(dspId, 'timeout', 150, TEN + 3);
    accounting.countPartnerCall(dspId, 'error', 5, TEN + 4);
    accounting.countPartnerWin(dspId, TEN + 5);
    accounting.countPartnerCall(dspId, 'bid', 70, ELEVEN);
    await accounting.flush();
    accounting.countPartnerCall(dspId, 'bid', 30, TEN + 6);
    accounting.countPartnerWin(dspId, TEN + 7);
    // What the caller said of what we sold it: a loss notice, an impression never billed.
    accounting.countCallerLoss(dspId, TEN + 8);
    accounting.countUnbilled(dspId, TEN + 9);
    await accounting.flush();

    const rows = await healthOf(handle.db, dspId);
    expect(
      rows.map(({ hour, dspId: _dsp, ...counts }) => ({ hour: hour.getTime(), ...counts })),
    ).toEqual([
      {
        hour: TEN,
        calls: 5,
        bids: 2,
        noBids: 1,
        timeouts: 1,
        errors: 1,
        wins: 2,
        latencyMsSum: 90,
        answered: 3,
        callerLosses: 1,
        unbilled: 1,
      },
      {
        hour: ELEVEN,
        calls: 1,
        bids: 1,
        noBids: 0,
        timeouts: 0,
        errors: 0,
        wins: 0,
        latencyMsSum: 70,
        answered: 1,
        callerLosses: 0,
        unbilled: 0,
      },
    ]);
  });
});

describe('billing once', () => {
  it('drops a replay in the same process at once and releases its reservation', async () => {
    const db = handle.db;
    const advertiserId = await buildFundedUser(db, 10_000_000);
    const dims = dimsOf({ advertiserId, planId: 1 });
    const { accounting, store } = newAccounting(db);
    const event = impressionOf(dims, TEN, 2_000);
    const replay: BilledEvent = { ...event, reservation: reservationOf(dims, 2_000, TEN + 1) };

    accounting.countEvent(event);
    accounting.countEvent(replay);
    expect(store.released).toEqual([replay.reservation]);
    await accounting.flush();
    accounting.countEvent({ ...replay });
    await accounting.flush();

    const [row] = await statsOfSlot(db, dims.slotId);
    expect(row).toMatchObject({ impressions: 1, cost: 2_000 });
    expect((await spendEntriesOf(db, advertiserId)).map((entry) => entry.amount)).toEqual([-2_000]);
    expect(store.released).toHaveLength(2);
    expect(store.settled).toEqual([{ advertiserId, micros: 2_000 }]);
  });

  it('bills an id once across processes, flushing at the same time', async () => {
    const db = handle.db;
    const advertiserId = await buildFundedUser(db, 10_000_000);
    const dims = dimsOf({ advertiserId, planId: 2 });
    // Each instance is what one server process holds: its own buffers and recent ids.
    const one = newAccounting(db);
    const two = newAccounting(db);
    const shared = impressionOf(dims, TEN, 5_000);
    const onlyTwo = impressionOf(dims, TEN + 1, 1_000);
    one.accounting.countEvent(shared);
    two.accounting.countEvent({ ...shared, reservation: reservationOf(dims, 5_000, TEN) });
    two.accounting.countEvent(onlyTwo);
    await Promise.all([one.accounting.flush(), two.accounting.flush()]);
    // A process restarted after a crash replays the same id.
    const restarted = newAccounting(db);
    restarted.accounting.countEvent({ ...shared });
    await restarted.accounting.flush();

    const [row] = await statsOfSlot(db, dims.slotId);
    expect(row).toMatchObject({ impressions: 2, cost: 6_000 });
    const spends = await spendEntriesOf(db, advertiserId);
    expect(spends.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-6_000);
    expect(spends.at(-1)?.balanceAfter).toBe(10_000_000 - 6_000);
    const released = [one, two, restarted].flatMap(({ store }) => store.released);
    expect(released.map((reservation) => reservation.micros)).toEqual([5_000, 5_000]);
    const settled = [one, two, restarted].flatMap(({ store }) => store.settled);
    expect(settled.reduce((sum, entry) => sum + entry.micros, 0)).toBe(6_000);
  });
});

describe('the ledger', () => {
  it('posts one spend entry per advertiser per flush with the balance after it', async () => {
    const db = handle.db;
    const alpha = await buildFundedUser(db, 10_000_000);
    const beta = await buildFundedUser(db, 1_000_000);
    const slotId = uniqueSlotId();
    const { accounting, store } = newAccounting(db);
    for (const cost of [1_000, 2_000, 3_000]) {
      accounting.countEvent(impressionOf(dimsOf({ slotId, advertiserId: alpha }), TEN, cost));
    }
    accounting.countEvent(impressionOf(dimsOf({ slotId, advertiserId: beta }), ELEVEN, 500));
    await accounting.flush();
    accounting.countEvent(impressionOf(dimsOf({ slotId, advertiserId: alpha }), ELEVEN, 4_000));
    await accounting.flush();

    const alphaEntries = await spendEntriesOf(db, alpha);
    expect(
      alphaEntries.map(({ amount, balanceAfter, note }) => ({ amount, balanceAfter, note })),
    ).toEqual([
      { amount: -6_000, balanceAfter: 9_994_000, note: 'Delivery 2026-03-02 10:00 UTC' },
      { amount: -4_000, balanceAfter: 9_990_000, note: 'Delivery 2026-03-02 11:00 UTC' },
    ]);
    const betaEntries = await spendEntriesOf(db, beta);
    expect(betaEntries.map(({ amount, balanceAfter }) => ({ amount, balanceAfter }))).toEqual([
      { amount: -500, balanceAfter: 999_500 },
    ]);
    expect(store.settled).toEqual([
      { advertiserId: Math.min(alpha, beta), micros: alpha < beta ? 6_000 : 500 },
      { advertiserId: Math.max(alpha, beta), micros: alpha < beta ? 500 : 6_000 },
      { advertiserId: alpha, micros: 4_000 },
    ]);
    const stats = await statsOfSlot(db, slotId);
    expect(stats.reduce((sum, row) => sum + row.cost, 0)).toBe(10_500);
  });

  it('caps a shortfall at the balance, releases the rest and counts only what was paid', async () => {
    const db = handle.db;
    const advertiserId = await buildFundedUser(db, 5_000);
    const dims = dimsOf({ advertiserId, planId: 3 });
    const { accounting, store, log } = newAccounting(db);
    const paid = impressionOf(dims, TEN, 3_000);
    const part = impressionOf(dims, TEN + 1, 3_000);
    const unpaid = impressionOf(dims, TEN + 2, 3_000);
    for (const event of [unpaid, paid, part]) accounting.countEvent(event);
    await accounting.flush();

    const entries = await spendEntriesOf(db, advertiserId);
    expect(entries.map(({ amount, balanceAfter }) => ({ amount, balanceAfter }))).toEqual([
      { amount: -5_000, balanceAfter: 0 },
    ]);
    const [row] = await statsOfSlot(db, dims.slotId);
    expect(row).toMatchObject({ impressions: 3, cost: 5_000 });
    expect(store.settled).toEqual([{ advertiserId, micros: 5_000 }]);
    expect(store.released.map((reservation) => reservation.micros).sort()).toEqual([1_000, 3_000]);
    expect(log.levels('warn')).toHaveLength(1);

    // Nothing left: the next event is counted but not billed.
    accounting.countEvent(impressionOf(dims, TEN + 3, 2_000));
    await accounting.flush();
    expect(await spendEntriesOf(db, advertiserId)).toHaveLength(1);
    const [after] = await statsOfSlot(db, dims.slotId);
    expect(after).toMatchObject({ impressions: 4, cost: 5_000 });
  });
});

describe('failures and shutdown', () => {
  it('keeps a failed flush and writes it exactly once with the next one', async () => {
    const gate = instrumented(handle.db);
    const advertiserId = await buildFundedUser(handle.db, 1_000_000);
    const dims = dimsOf({ advertiserId, planId: 4 });
    const { accounting, store, log } = newAccounting(gate.db);
    const event = impressionOf(dims, TEN, 7_000);
    accounting.countUnfilled(dims, TEN);
    accounting.countEvent(event);

    gate.failNext();
    await expect(accounting.flush()).rejects.toThrow('forced failure');
    expect(log.levels('error')).toHaveLength(1);
    expect(await statsOfSlot(handle.db, dims.slotId)).toEqual([]);
    expect(await spendEntriesOf(handle.db, advertiserId)).toEqual([]);
    const claimed = await handle.db
      .select()
      .from(deliveryEvents)
      .where(inArray(deliveryEvents.eventId, [event.id]));
    expect(claimed).toEqual([]);
    expect(store.released).toEqual([]);
    expect(store.settled).toEqual([]);

    accounting.countUnfilled(dims, TEN);
    await accounting.flush();
    await accounting.flush();
    const [row] = await statsOfSlot(handle.db, dims.slotId);
    expect(row).toMatchObject({ requests: 2, impressions: 1, cost: 7_000 });
    expect((await spendEntriesOf(handle.db, advertiserId)).map((entry) => entry.amount)).toEqual([
      -7_000,
    ]);
    expect(store.settled).toEqual([{ advertiserId, micros: 7_000 }]);
  });

  it('stop() flushes everything pending, retrying a failure', async () => {
    const gate = instrumented(handle.db);
    const advertiserId = await buildFundedUser(handle.db, 1_000_000);
    const dims = dimsOf({ advertiserId, planId: 5 });
    const dspId = uniqueSlotId();
    const { accounting } = newAccounting(gate.db, { flushMs: 60_000 });
    accounting.start();
    accounting.countFill(dims, TEN);
    accounting.countEvent(impressionOf(dims, TEN, 1_500));
    accounting.countPartnerCall(dspId, 'bid', 12, TEN);
    gate.failNext();
    await accounting.stop();

    const rows = await statsOfSlot(handle.db, dims.slotId);
    expect(
      rows.map(({ planId, requests, fills, impressions, cost }) => ({
        planId,
        requests,
        fills,
        impressions,
        cost,
      })),
    ).toEqual([
      { planId: 0, requests: 1, fills: 0, impressions: 0, cost: 0 },
      { planId: 5, requests: 0, fills: 1, impressions: 1, cost: 1_500 },
    ]);
    expect((await healthOf(handle.db, dspId)).map((health) => health.calls)).toEqual([1]);
    expect((await spendEntriesOf(handle.db, advertiserId)).map((entry) => entry.amount)).toEqual([
      -1_500,
    ]);
  });

  it('stop() gives up after its bounded retries and says what is left', async () => {
    const gate = instrumented(handle.db);
    const { accounting } = newAccounting(gate.db);
    const dims = dimsOf();
    accounting.countUnfilled(dims, TEN);
    gate.failNext(100);
    await expect(accounting.stop()).rejects.toThrow('could not be flushed');
    expect(await statsOfSlot(handle.db, dims.slotId)).toEqual([]);
  });

  it('start() flushes on its timer', async () => {
    const store = new RecordingStore();
    const accounting = createAccounting({
      db: handle.db,
      store,
      log: new RecordingLog(),
      flushMs: 25,
    });
    const dims = dimsOf();
    accounting.start();
    accounting.countUnfilled(dims, TEN);
    await expect
      .poll(async () => (await statsOfSlot(handle.db, dims.slotId)).map((row) => row.requests), {
        timeout: 10_000,
      })
      .toEqual([1]);
    await accounting.stop();
  });

  it('lets a busy batch wait for flushMaxMs, and flushes a quiet one at every tick', async () => {
    let clock = TEN;
    const accounting = createAccounting({
      db: handle.db,
      store: new RecordingStore(),
      log: new RecordingLog(),
      flushMs: 25,
      flushMaxMs: 5_000,
      now: () => clock,
    });
    const requestsOf = async (slotId: number) =>
      (await statsOfSlot(handle.db, slotId)).map((row) => row.requests);
    accounting.start();
    // Quiet: one request is written at the next tick, though the clock stands still.
    const quiet = dimsOf();
    accounting.countUnfilled(quiet, TEN);
    await expect.poll(() => requestsOf(quiet.slotId), { timeout: 10_000 }).toEqual([1]);

    // Busy: past FLUSH_BUSY_ROWS, ticks pass without a write until flushMaxMs has gone by.
    const busy = dimsOf();
    for (let request = 0; request <= FLUSH_BUSY_ROWS; request += 1) {
      accounting.countUnfilled(busy, TEN);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await requestsOf(busy.slotId)).toEqual([]);
    clock += 4_999;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await requestsOf(busy.slotId)).toEqual([]);
    clock += 1;
    await expect
      .poll(() => requestsOf(busy.slotId), { timeout: 10_000 })
      .toEqual([FLUSH_BUSY_ROWS + 1]);
    await accounting.stop();
  });
});
