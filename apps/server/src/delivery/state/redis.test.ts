/**
 * The Redis store against the local Redis (REDIS_URL, default redis://127.0.0.1:6379): the
 * shared behaviour suite, then what only several processes show — two stores with the same
 * key prefix stand for two server processes. Each test uses its own prefix and deletes its
 * keys afterwards.
 */
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StateStore } from '../ports.js';
import { describeStoreBehaviour } from './behaviour-suite.js';
import { FAILURE_LOG_INTERVAL_MS } from './failure-log.js';
import { createRedisStateStore } from './redis.js';
import { stateKeys } from './redis-keys.js';
import {
  NO_CAPS,
  REDIS_URL,
  TestClock,
  TestDatabase,
  deleteKeys,
  listKeys,
  reservation,
  testKeyPrefix,
  uniqueId,
  type StoreHarness,
} from './test-kit.js';

function redisHarness(): StoreHarness & { prefix: string } {
  const clock = new TestClock();
  const database = new TestDatabase();
  const prefix = testKeyPrefix();
  const stores: StateStore[] = [];
  return {
    clock,
    database,
    prefix,
    open() {
      const store = createRedisStateStore({
        source: database.source,
        url: REDIS_URL,
        keyPrefix: prefix,
        now: clock.now,
      });
      stores.push(store);
      return store;
    },
    close: async () => {
      await Promise.all(stores.map((store) => store.close()));
      await deleteKeys(prefix);
    },
  };
}

describeStoreBehaviour('redis', redisHarness);

describe('redis state store shared by two server processes', () => {
  let harness: ReturnType<typeof redisHarness>;
  let first: StateStore;
  let second: StateStore;
  let plan: number;
  let advertiser: number;

  beforeEach(() => {
    harness = redisHarness();
    first = harness.open();
    second = harness.open();
    plan = uniqueId();
    advertiser = uniqueId();
  });
  afterEach(async () => {
    await harness.close();
    expect(await listKeys(harness.prefix)).toEqual([]);
  });

  const refreshBoth = () => Promise.all([first.refresh(), second.refresh()]);

  it('shares caps history: what one records the other sees', async () => {
    const uid = `user-${uniqueId()}`;
    const caps = { ...NO_CAPS, timesPerUser: 5 };
    const at = harness.clock.seconds;
    await first.recordImpression(uid, plan, at, caps);
    await second.recordImpression(uid, plan, at + 30, caps);
    expect((await second.userHistory(uid)).get(plan)).toEqual([at, at + 30]);
    expect((await first.userHistory(uid)).get(plan)).toEqual([at, at + 30]);
  });

  it('never lets 200 concurrent reservations from both take more than the budget', async () => {
    harness.database.balances.set(advertiser, 100_000_000);
    await refreshBoth();
    const each = reservation({
      planId: plan,
      advertiserId: advertiser,
      budget: 1_000_000,
      micros: 7_000,
      day: harness.clock.day,
    });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_unused, index) =>
        (index % 2 === 0 ? first : second).reserve(each),
      ),
    );
    expect(answers.reduce((sum, taken) => sum + taken, 0)).toBe(1_000_000);
    expect(answers.filter((taken) => taken === 7_000)).toHaveLength(142);
    await refreshBoth();
    expect(first.view().planSpentToday(plan)).toBe(1_000_000);
    expect(second.view().planSpentToday(plan)).toBe(1_000_000);
  });

  it('never lets 200 concurrent reservations from both take more than the balance', async () => {
    harness.database.balances.set(advertiser, 1_000_000);
    await refreshBoth();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_unused, index) =>
        (index % 2 === 0 ? first : second).reserve(
          reservation({
            // Several plans: only the advertiser's balance binds them together.
            planId: plan + (index % 4),
            advertiserId: advertiser,
            budget: 100_000_000,
            micros: 7_000,
            day: harness.clock.day,
          }),
        ),
      ),
    );
    expect(answers.reduce((sum, taken) => sum + taken, 0)).toBe(1_000_000);
    await refreshBoth();
    expect(first.view().advertiserAvailable(advertiser)).toBe(0);
    expect(second.view().advertiserAvailable(advertiser)).toBe(0);
  });

  it('counts spend settled by one against the other before the other re-reads the ledger', async () => {
    harness.database.balances.set(advertiser, 1_000_000);
    await refreshBoth();
    const spend = reservation({
      planId: plan,
      advertiserId: advertiser,
      budget: 10_000_000,
      micros: 600_000,
      day: harness.clock.day,
    });
    expect(await first.reserve(spend)).toBe(600_000);
    await first.settle(advertiser, 600_000);
    harness.database.balances.set(advertiser, 400_000);

    // The second still holds the 1,000,000 balance it read before the spend.
    expect(await second.reserve({ ...spend, micros: 1_000_000 })).toBe(400_000);
  });

  it('reads the settled total of advertisers it meets for the first time', async () => {
    harness.database.balances.set(advertiser, 1_000_000);
    await first.refresh();
    const spend = reservation({
      planId: plan,
      advertiserId: advertiser,
      budget: 10_000_000,
      micros: 600_000,
      day: harness.clock.day,
    });
    expect(await first.reserve(spend)).toBe(600_000);
    await first.settle(advertiser, 600_000);
    harness.database.balances.set(advertiser, 400_000);

    // A process started after the flush: the ledger already holds the settled spend.
    const started = harness.open();
    await started.refresh();
    expect(started.view().advertiserAvailable(advertiser)).toBe(400_000);
    expect(await started.reserve({ ...spend, micros: 1_000_000 })).toBe(400_000);
  });

  it('stores compact keys that expire', async () => {
    harness.database.balances.set(advertiser, 5_000_000);
    await first.refresh();
    const uid = `user-${uniqueId()}`;
    const at = harness.clock.seconds;
    await first.recordImpression(uid, plan, at, { ...NO_CAPS, timesPerUser: 3 });
    await first.recordImpression(uid, plan, at + 5, { ...NO_CAPS, timesPerUser: 3 });
    await first.reserve(
      reservation({
        planId: plan,
        advertiserId: advertiser,
        micros: 1_000,
        day: harness.clock.day,
      }),
    );

    const keys = stateKeys(harness.prefix);
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.hget(keys.caps(uid), String(plan))).toBe(`${at},${at + 5}`);
      const capsTtl = await redis.ttl(keys.caps(uid));
      expect(capsTtl).toBeGreaterThan(24 * 3600);
      expect(capsTtl).toBeLessThanOrEqual(25 * 3600);
      const planTtl = await redis.ttl(keys.plan(plan, harness.clock.day));
      expect(planTtl).toBeGreaterThan(47 * 3600);
      expect(planTtl).toBeLessThanOrEqual(48 * 3600);
      expect(await redis.get(keys.pending(advertiser))).toBe('1000');
    } finally {
      await redis.quit();
    }
  });
});

describe('redis reservations of a process that crashed', () => {
  let harness: ReturnType<typeof redisHarness>;
  let crashed: StateStore;
  let survivor: StateStore;
  let plan: number;
  let advertiser: number;

  beforeEach(async () => {
    harness = redisHarness();
    crashed = harness.open();
    survivor = harness.open();
    plan = uniqueId();
    advertiser = uniqueId();
    harness.database.balances.set(advertiser, 10_000);
    await Promise.all([crashed.refresh(), survivor.refresh()]);
  });
  afterEach(async () => {
    await harness.close();
  });

  const tagged = (owner: string, event: string, micros: number) =>
    reservation({
      planId: plan,
      advertiserId: advertiser,
      budget: 1_000_000,
      micros,
      day: harness.clock.day,
      tag: `${owner}|${event}`,
    });
  const pending = async () => {
    const redis = new Redis(REDIS_URL);
    try {
      return Number((await redis.get(stateKeys(harness.prefix).pending(advertiser))) ?? 0);
    } finally {
      await redis.quit();
    }
  };

  it('gives back, once, what a dead instance reserved and no flush carried', async () => {
    const flushed = tagged('dead.1', 'imp:a', 1_000);
    expect(await crashed.reserve(flushed)).toBe(1_000);
    expect(await crashed.reserve(tagged('dead.1', 'imp:b', 2_000))).toBe(2_000);
    expect(await survivor.reserve(tagged('alive.2', 'imp:c', 3_000))).toBe(3_000);
    // imp:a reached the journal and was replayed: its flush settled and forgot it.
    await survivor.settleBatch({
      settled: new Map([[advertiser, 1_000]]),
      released: [],
      forgotten: [flushed],
    });

    expect(await survivor.releaseOrphaned('dead.1')).toBe(1);
    expect(await survivor.releaseOrphaned('dead.1')).toBe(0);
    // Only the live process's reservation is left.
    expect(await pending()).toBe(3_000);
  });

  it('settles a flush in one step: spend settled, the unpaid part released, its members forgotten', async () => {
    const paid = tagged('dead.5', 'imp:e', 1_000);
    const partly = tagged('dead.5', 'imp:f', 2_000);
    expect(await crashed.reserve(paid)).toBe(1_000);
    expect(await crashed.reserve(partly)).toBe(2_000);
    // The ledger took 2,500: imp:f was paid 1,500 of its 2,000.
    await survivor.settleBatch({
      settled: new Map([[advertiser, 2_500]]),
      released: [{ ...partly, micros: 500 }],
      forgotten: [paid, partly],
    });
    const redis = new Redis(REDIS_URL);
    const keys = stateKeys(harness.prefix);
    try {
      expect(await redis.get(keys.settled(advertiser))).toBe('2500');
      expect(await redis.get(keys.plan(plan, harness.clock.day))).toBe('2500');
      expect(await redis.zcard(keys.reserved())).toBe(0);
    } finally {
      await redis.quit();
    }
    expect(await pending()).toBe(0);
    // Nothing of it is given back again when its process is found dead.
    expect(await survivor.releaseOrphaned('dead.5')).toBe(0);
    expect(await pending()).toBe(0);
    // The survivor's mirror took the answers: 10,000 less the 2,500 settled since its read.
    expect(survivor.view().advertiserAvailable(advertiser)).toBe(7_500);
  });

  it('gives back by expiry a tracked reservation nobody settled', async () => {
    expect(await crashed.reserve(tagged('dead.3', 'clk:d', 1_500))).toBe(1_500);
    harness.clock.advance(3_600_000 + 1_000);
    expect(await survivor.releaseExpiredHolds()).toBe(1);
    expect(await pending()).toBe(0);
  });

  it('a claimed hold is tracked with its billed part, the rest given back', async () => {
    const held = reservation({
      planId: plan,
      advertiserId: advertiser,
      micros: 2_000,
      day: harness.clock.day,
    });
    expect(
      await crashed.hold({ id: 'h1', reservation: held, expiresAt: harness.clock.ms + 60_000 }),
    ).toBe(true);
    expect(await crashed.claimHold('h1', held, tagged('dead.4', 'bill:h1', 1_200))).toBe(true);
    expect(await pending()).toBe(1_200);
    expect(await survivor.releaseOrphaned('dead.4')).toBe(1);
    expect(await pending()).toBe(0);
  });
});

describe('redis state store without Redis', () => {
  it('serves on: empty history, no reservation, failures logged once a minute', async () => {
    const clock = new TestClock();
    const database = new TestDatabase();
    const warn = vi.fn();
    const advertiser = uniqueId();
    database.balances.set(advertiser, 5_000_000);
    // Nothing listens on port 1.
    const store = createRedisStateStore({
      source: database.source,
      url: 'redis://127.0.0.1:1',
      now: clock.now,
      logger: { warn },
    });
    try {
      await store.refresh();
      expect(store.view().advertiserAvailable(advertiser)).toBe(5_000_000);
      const spend = reservation({ advertiserId: advertiser, micros: 1_000, day: clock.day });
      expect(await store.reserve(spend)).toBe(0);
      expect((await store.userHistory('someone')).size).toBe(0);
      await store.recordImpression('someone', 1, clock.seconds, { ...NO_CAPS, timesPerUser: 1 });
      await store.release(spend);
      await store.settle(advertiser, 1_000);
      expect(warn).toHaveBeenCalledTimes(1);

      clock.advance(FAILURE_LOG_INTERVAL_MS);
      expect(await store.reserve(spend)).toBe(0);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      await store.close();
    }
  });
});
