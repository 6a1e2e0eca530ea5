/**
 * refresh() against the database (PGlite by default, PostgreSQL with TEST_DATABASE_URL):
 * ledger balances and plans' spend today from stats_hourly, through the real reads. The
 * PostgreSQL database is shared by the run's test files: every row here is this file's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { openTestDatabase } from '../../test/app.js';
import { buildLedgerEntry, buildStatsRow, buildUser } from '../../test/factories.js';
import { readLedgerBalances, readPlanSpendOnDay } from './balances.js';
import { createStateStore } from './index.js';
import { REDIS_URL, TestClock, deleteKeys, testKeyPrefix } from './test-kit.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** A day no other test writes stats for: 2031-03-04, 12:00 UTC. */
const NOW = Date.UTC(2031, 2, 4, 12, 0, 0);
const hour = (offsetHours: number) => new Date(Date.UTC(2031, 2, 4) + offsetHours * 3_600_000);

/** Plan ids of this file's own (stats_hourly.plan_id has no foreign key). */
const planBase = 1_900_000_000 + Math.floor(Math.random() * 50_000_000);

async function buildFixture() {
  const db = handle.db;
  const rich = await buildUser(db);
  const poor = await buildUser(db);
  const none = await buildUser(db);
  await buildLedgerEntry(db, { userId: rich.id, amount: 9_000_000, balanceAfter: 9_000_000 });
  await buildLedgerEntry(db, {
    userId: rich.id,
    kind: 'spend',
    amount: -1_500_000,
    balanceAfter: 7_500_000,
  });
  await buildLedgerEntry(db, { userId: poor.id, amount: 250_000, balanceAfter: 250_000 });

  const planA = planBase + rich.id;
  const planB = planA + 1;
  const row = { advertiserId: rich.id, planId: planA };
  await buildStatsRow(db, { ...row, hour: hour(0), cost: 100_000, impressions: 10 });
  await buildStatsRow(db, { ...row, hour: hour(11), cost: 250_000, country: 'US' });
  await buildStatsRow(db, { ...row, hour: hour(11), cost: 50_000, country: 'FR' });
  // The day before and the day after do not count.
  await buildStatsRow(db, { ...row, hour: hour(-1), cost: 7_000_000 });
  await buildStatsRow(db, { ...row, hour: hour(24), cost: 7_000_000 });
  await buildStatsRow(db, { ...row, planId: planB, hour: hour(23), cost: 30_000 });
  return { rich, poor, none, planA, planB };
}

describe('state store database reads', () => {
  it('reads every user’s latest ledger balance and each plan’s cost over today', async () => {
    const { rich, poor, none, planA, planB } = await buildFixture();

    const balances = await readLedgerBalances(handle.db);
    expect(balances.get(rich.id)).toBe(7_500_000);
    expect(balances.get(poor.id)).toBe(250_000);
    expect(balances.has(none.id)).toBe(false);

    const spend = await readPlanSpendOnDay(handle.db, NOW);
    expect(spend.get(planA)).toBe(400_000);
    expect(spend.get(planB)).toBe(30_000);
    expect(spend.has(0)).toBe(false);
  });

  it('feeds refresh() of the memory store and of the Redis store', async () => {
    const { rich, poor, planA, planB } = await buildFixture();
    const clock = new TestClock(NOW);
    const prefix = testKeyPrefix();
    const stores = [
      createStateStore({ db: handle.db, now: clock.now }),
      createStateStore({ db: handle.db, now: clock.now, redisUrl: REDIS_URL, keyPrefix: prefix }),
    ];
    try {
      for (const store of stores) {
        await store.refresh();
        const view = store.view();
        expect(view.advertiserAvailable(rich.id)).toBe(7_500_000);
        expect(view.advertiserAvailable(poor.id)).toBe(250_000);
        expect(view.planSpentToday(planA)).toBe(400_000);
        expect(view.planSpentToday(planB)).toBe(30_000);
        // The budget left is what the database has not counted yet.
        const reservation = {
          planId: planA,
          advertiserId: rich.id,
          budget: 1_000_000,
          micros: 900_000,
          day: clock.day,
        };
        expect(await store.reserve(reservation)).toBe(600_000);
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await deleteKeys(prefix);
    }
  });
});
