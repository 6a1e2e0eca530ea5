/**
 * One behaviour suite for every state store: memory.test.ts and redis.test.ts run it, so
 * both stores are held to the same rules (reservations against budget and balance, release,
 * settle, caps history).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CapRule, StateStore } from '../ports.js';
import { NO_CAPS, reservation, uniqueId, type StoreHarness, type TestClock } from './test-kit.js';

const HOUR_S = 3600;

export function describeStoreBehaviour(kind: string, createHarness: () => StoreHarness): void {
  describe(`${kind} state store: shared behaviour`, () => {
    let harness: StoreHarness;
    let store: StateStore;
    let plan: number;
    let advertiser: number;
    let clock: TestClock;

    beforeEach(() => {
      harness = createHarness();
      store = harness.open();
      clock = harness.clock;
      plan = uniqueId();
      advertiser = uniqueId();
    });
    afterEach(async () => {
      await harness.close();
    });

    const reserveOf = (micros: number, budget = 1_000_000) =>
      store.reserve(
        reservation({ planId: plan, advertiserId: advertiser, budget, micros, day: clock.day }),
      );

    it('is of its kind', () => {
      expect(store.kind).toBe(kind);
    });

    it('reserves up to the plan budget left after the database spend, then 0', async () => {
      harness.database.balances.set(advertiser, 50_000_000);
      harness.database.spentToday.set(plan, 200_000);
      await store.refresh();
      expect(store.view().planSpentToday(plan)).toBe(200_000);

      expect(await reserveOf(300_000)).toBe(300_000);
      expect(await reserveOf(300_000)).toBe(300_000);
      expect(await reserveOf(300_000)).toBe(200_000);
      expect(await reserveOf(300_000)).toBe(0);
      expect(store.view().planSpentToday(plan)).toBe(1_000_000);
      expect(store.view().advertiserAvailable(advertiser)).toBe(50_000_000 - 800_000);
    });

    it('reserves nothing without a balance or with a spent budget', async () => {
      harness.database.spentToday.set(plan, 1_000_000);
      await store.refresh();
      expect(await reserveOf(1_000)).toBe(0);
      harness.database.balances.set(advertiser, 5_000_000);
      await store.refresh();
      expect(await reserveOf(1_000)).toBe(0);
      expect(await reserveOf(1_000, 1_000_500)).toBe(500);
    });

    it('limits reservations to the balance minus what is pending, across plans', async () => {
      const otherPlan = uniqueId();
      harness.database.balances.set(advertiser, 500_000);
      await store.refresh();

      expect(await reserveOf(300_000, 10_000_000)).toBe(300_000);
      expect(store.view().advertiserAvailable(advertiser)).toBe(200_000);
      const other = reservation({
        planId: otherPlan,
        advertiserId: advertiser,
        budget: 10_000_000,
        micros: 300_000,
        day: clock.day,
      });
      expect(await store.reserve(other)).toBe(200_000);
      expect(await store.reserve(other)).toBe(0);
      expect(store.view().advertiserAvailable(advertiser)).toBe(0);
      expect(store.view().planSpentToday(otherPlan)).toBe(200_000);
    });

    describe('serve-time holds', () => {
      const heldOf = (micros: number, budget = 1_000_000) =>
        reservation({ planId: plan, advertiserId: advertiser, budget, micros, day: clock.day });
      const holdOf = (id: string, micros: number, budget?: number) =>
        store.hold({ id, reservation: heldOf(micros, budget), expiresAt: clock.ms + 60_000 });

      it('holds a whole price or nothing, against the budget and the balance', async () => {
        harness.database.balances.set(advertiser, 2_500);
        await store.refresh();
        expect(await holdOf('a', 1_000)).toBe(true);
        expect(await holdOf('b', 1_000)).toBe(true);
        // 500 left: a third ad is not served (no partial hold).
        expect(await holdOf('c', 1_000)).toBe(false);
        expect(store.view().advertiserAvailable(advertiser)).toBe(500);
        expect(store.view().planSpentToday(plan)).toBe(2_000);
        expect(await holdOf('d', 1_000, 2_500)).toBe(false);
      });

      it('is claimed once by its billed event, and then never given back', async () => {
        harness.database.balances.set(advertiser, 10_000);
        await store.refresh();
        expect(await holdOf('a', 1_000)).toBe(true);
        expect(await store.claimHold('a', heldOf(1_000), heldOf(1_000))).toBe(true);
        expect(await store.claimHold('a', heldOf(1_000), heldOf(1_000))).toBe(false);
        clock.advance(61_000);
        expect(await store.releaseExpiredHolds()).toBe(0);
        // Still reserved: the claimed event's flush settles it.
        expect(store.view().advertiserAvailable(advertiser)).toBe(9_000);
      });

      it('gives back the holds nobody claimed once they expire', async () => {
        harness.database.balances.set(advertiser, 3_000);
        await store.refresh();
        for (const id of ['a', 'b', 'c']) expect(await holdOf(id, 1_000)).toBe(true);
        expect(await holdOf('d', 1_000)).toBe(false);
        expect(await store.claimHold('b', heldOf(1_000), heldOf(1_000))).toBe(true);
        clock.advance(59_000);
        expect(await store.releaseExpiredHolds()).toBe(0);
        clock.advance(2_000);
        expect(await store.releaseExpiredHolds()).toBe(2);
        await store.refresh();
        expect(store.view().advertiserAvailable(advertiser)).toBe(2_000);
        expect(store.view().planSpentToday(plan)).toBe(1_000);
        // An expired hold's late event finds nothing to claim (it reserves anew).
        expect(await store.claimHold('a', heldOf(1_000), heldOf(1_000))).toBe(false);
        expect(await holdOf('e', 1_000)).toBe(true);
      });
    });

    it('release gives back the plan spend and the pending amount', async () => {
      harness.database.balances.set(advertiser, 5_000_000);
      await store.refresh();
      expect(await reserveOf(600_000)).toBe(600_000);
      expect(await reserveOf(600_000)).toBe(400_000);

      await store.release(
        reservation({ planId: plan, advertiserId: advertiser, micros: 400_000, day: clock.day }),
      );
      expect(store.view().planSpentToday(plan)).toBe(600_000);
      expect(store.view().advertiserAvailable(advertiser)).toBe(4_400_000);
      expect(await reserveOf(600_000)).toBe(400_000);
    });

    it('settle moves pending spend into the balance at once, and the ledger agrees after refresh', async () => {
      harness.database.balances.set(advertiser, 1_000_000);
      await store.refresh();
      expect(await reserveOf(700_000, 5_000_000)).toBe(700_000);
      await store.settle(advertiser, 700_000);
      expect(store.view().advertiserAvailable(advertiser)).toBe(300_000);

      harness.database.balances.set(advertiser, 300_000);
      harness.database.spentToday.set(plan, 700_000);
      await store.refresh();
      expect(store.view().advertiserAvailable(advertiser)).toBe(300_000);
      expect(store.view().planSpentToday(plan)).toBe(700_000);
      expect(await reserveOf(500_000, 5_000_000)).toBe(300_000);
      expect(await reserveOf(500_000, 5_000_000)).toBe(0);
    });

    it('does not count spend settled during a ledger read as available (read before it)', async () => {
      harness.database.balances.set(advertiser, 1_000_000);
      await store.refresh();
      expect(await reserveOf(600_000, 5_000_000)).toBe(600_000);

      // The ledger read takes the balance before the flush commits; settle lands meanwhile.
      const read = harness.database.holdNextRead();
      const refreshing = store.refresh();
      await read.reached;
      await store.settle(advertiser, 600_000);
      read.resume();
      await refreshing;
      expect(store.view().advertiserAvailable(advertiser)).toBe(400_000);
      expect(await reserveOf(1_000_000, 5_000_000)).toBe(400_000);
    });

    it('understates, for one refresh only, spend settled during a ledger read that holds it', async () => {
      harness.database.balances.set(advertiser, 1_000_000);
      await store.refresh();
      expect(await reserveOf(600_000, 5_000_000)).toBe(600_000);

      // This time the read sees the flush's ledger entry: the store cannot tell, so it is safe.
      harness.database.balances.set(advertiser, 400_000);
      const read = harness.database.holdNextRead();
      const refreshing = store.refresh();
      await read.reached;
      await store.settle(advertiser, 600_000);
      read.resume();
      await refreshing;
      expect(store.view().advertiserAvailable(advertiser)).toBeLessThanOrEqual(0);
      expect(await reserveOf(1_000_000, 5_000_000)).toBe(0);

      await store.refresh();
      expect(store.view().advertiserAvailable(advertiser)).toBe(400_000);
    });

    it('counts each UTC day on its own', async () => {
      harness.database.balances.set(advertiser, 50_000_000);
      harness.database.spentToday.set(plan, 400_000);
      await store.refresh();
      expect(await reserveOf(1_000_000)).toBe(600_000);

      clock.advance(24 * HOUR_S * 1000);
      harness.database.spentToday.clear();
      await store.refresh();
      expect(store.view().planSpentToday(plan)).toBe(0);
      expect(await reserveOf(1_000_000)).toBe(1_000_000);
      expect(await reserveOf(1_000_000)).toBe(0);
    });

    describe('caps history', () => {
      const daily = (timesPerUser: number): CapRule => ({ ...NO_CAPS, timesPerUser });
      const interval = (frequencyPerUser: number, intervalSeconds: number): CapRule => ({
        ...NO_CAPS,
        frequencyPerUser,
        intervalSeconds,
      });

      it('keeps today only for a daily cap, and no more than the cap', async () => {
        const uid = `user-${uniqueId()}`;
        const midnight = Math.floor(Date.UTC(2026, 10, 22) / 1000);
        await store.recordImpression(uid, plan, midnight - HOUR_S, daily(2));
        expect((await store.userHistory(uid)).get(plan)).toEqual([midnight - HOUR_S]);

        await store.recordImpression(uid, plan, midnight + HOUR_S, daily(2));
        expect((await store.userHistory(uid)).get(plan)).toEqual([midnight + HOUR_S]);

        await store.recordImpression(uid, plan, midnight + 3 * HOUR_S, daily(2));
        await store.recordImpression(uid, plan, midnight + 2 * HOUR_S, daily(2));
        expect((await store.userHistory(uid)).get(plan)).toEqual([
          midnight + 2 * HOUR_S,
          midnight + 3 * HOUR_S,
        ]);
      });

      it('keeps the last interval for a per-interval cap, across midnight', async () => {
        const uid = `user-${uniqueId()}`;
        const midnight = Math.floor(Date.UTC(2026, 10, 23) / 1000);
        const caps = interval(5, 600);
        await store.recordImpression(uid, plan, midnight - 500, caps);
        await store.recordImpression(uid, plan, midnight - 100, caps);
        await store.recordImpression(uid, plan, midnight + 200, caps);
        expect((await store.userHistory(uid)).get(plan)).toEqual([midnight - 100, midnight + 200]);
      });

      it('keeps the union of both caps', async () => {
        const uid = `user-${uniqueId()}`;
        const midnight = Math.floor(Date.UTC(2026, 10, 22) / 1000);
        const caps: CapRule = {
          timesPerUser: 10,
          frequencyPerUser: 2,
          intervalSeconds: 2 * HOUR_S,
        };
        await store.recordImpression(uid, plan, midnight - HOUR_S, caps);
        await store.recordImpression(uid, plan, midnight + HOUR_S, caps);
        expect((await store.userHistory(uid)).get(plan)).toEqual([
          midnight - HOUR_S,
          midnight + HOUR_S,
        ]);
        await store.recordImpression(uid, plan, midnight + 5 * HOUR_S, caps);
        expect((await store.userHistory(uid)).get(plan)).toEqual([
          midnight + HOUR_S,
          midnight + 5 * HOUR_S,
        ]);
      });

      it('answers every plan of the user, and other users apart', async () => {
        const uid = `user-${uniqueId()}`;
        const otherPlan = uniqueId();
        await store.recordImpression(uid, plan, clock.seconds, daily(3));
        await store.recordImpression(uid, otherPlan, clock.seconds + 1, interval(1, 60));
        const history = await store.userHistory(uid);
        expect([...history.entries()].sort((a, b) => a[0] - b[0])).toEqual(
          [
            [plan, [clock.seconds]],
            [otherPlan, [clock.seconds + 1]],
          ].sort((a, b) => Number(a[0]) - Number(b[0])),
        );
        expect((await store.userHistory(`${uid}-other`)).size).toBe(0);
      });

      it('keeps nothing for a plan without caps', async () => {
        const uid = `user-${uniqueId()}`;
        await store.recordImpression(uid, plan, clock.seconds, NO_CAPS);
        await store.recordImpression(uid, plan, clock.seconds, interval(3, 0));
        expect((await store.userHistory(uid)).size).toBe(0);
      });

      it('answers an empty history for an empty uid and records nothing for it', async () => {
        await store.recordImpression('', plan, clock.seconds, daily(3));
        expect((await store.userHistory('')).size).toBe(0);
      });
    });
  });
}
