/**
 * eCPM per billing, CPT precedence, and the price rule: second price plus the increment, at
 * least the floor, never above the winner's own eCPM; partners below the floor left out.
 */
import { Billing, PRICE_INCREMENT_MICROS } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { decideOwn } from './decide.js';
import { ecpmOf, expectedCtr, runAuction } from './pricing.js';
import {
  contextOf,
  ownBid,
  partnerBid,
  planConfig,
  serveRequest,
  snapshotOf,
  strategyConfig,
} from './test-kit.js';

const INC = PRICE_INCREMENT_MICROS;

describe('eCPM', () => {
  it('is the bid for CPM', () => {
    expect(ecpmOf({ billing: Billing.cpm }, { bid: 2_500_000, impressions: 0, clicks: 0 })).toBe(
      2_500_000,
    );
  });

  it('converts a CPC bid with the 1 % prior for a new strategy', () => {
    const fresh = { bid: 500_000, impressions: 0, clicks: 0 };
    expect(expectedCtr(fresh)).toBeCloseTo(0.01, 12);
    // 0.50 per click × 1 % × 1000 = 5.00 per mille.
    expect(ecpmOf({ billing: Billing.cpc }, fresh)).toBe(5_000_000);
  });

  it('moves a CPC strategy toward its own click rate as impressions accrue', () => {
    // (190 + 10) / (9000 + 1000) = 2 %.
    const proven = { bid: 500_000, impressions: 9_000, clicks: 190 };
    expect(ecpmOf({ billing: Billing.cpc }, proven)).toBe(10_000_000);
    const poor = { bid: 500_000, impressions: 99_000, clicks: 0 };
    expect(ecpmOf({ billing: Billing.cpc }, poor)).toBe(50_000);
  });

  it('lets a CPC bid outrank a CPM bid when its expected value is higher', () => {
    const snapshot = snapshotOf({
      plans: [planConfig({ id: 1 }), planConfig({ id: 2, billing: Billing.cpc })],
      strategies: [
        strategyConfig({ id: 11, planId: 1, bid: 4_000_000 }),
        strategyConfig({ id: 21, planId: 2, bid: 500_000 }),
      ],
    });
    const decision = decideOwn(snapshot, serveRequest(), contextOf());
    expect(decision.ranked.map((bid) => [bid.strategy.id, bid.ecpm])).toEqual([
      [21, 5_000_000],
      [11, 4_000_000],
    ]);
  });
});

describe('CPT precedence', () => {
  const world = () =>
    snapshotOf({
      plans: [
        planConfig({ id: 1, billing: Billing.cpm }),
        planConfig({ id: 2, billing: Billing.cpt }),
        planConfig({ id: 3, billing: Billing.cpt }),
      ],
      strategies: [
        strategyConfig({ id: 11, planId: 1, bid: 90_000_000 }),
        strategyConfig({ id: 21, planId: 2, bid: 3_000_000 }),
        strategyConfig({ id: 31, planId: 3, bid: 5_000_000 }),
      ],
    });

  it('ranks booked placements first, the higher daily bid first, whatever the CPM bids', () => {
    const decision = decideOwn(world(), serveRequest(), contextOf());
    expect(decision.ranked.map((bid) => bid.strategy.id)).toEqual([31, 21, 11]);
    // The CPT eCPM is its daily bid, for display.
    expect(decision.ranked[0]?.ecpm).toBe(5_000_000);
  });

  it('wins the auction over a higher partner bid and pays its own eCPM', () => {
    const decision = decideOwn(world(), serveRequest(), contextOf());
    const auction = runAuction(decision.ranked, [partnerBid(200_000_000)], 500_000);
    expect(auction.winner).toMatchObject({ kind: 'own', strategy: { id: 31 } });
    expect(auction.price).toBe(5_000_000);
    expect(auction.runnerUp).toMatchObject({ kind: 'own', strategy: { id: 21 } });
  });
});

describe('the price rule', () => {
  it('charges the second-highest eCPM plus the increment', () => {
    const auction = runAuction([ownBid(3_000_000, {}, 1), ownBid(2_000_000, {}, 2)], [], 500_000);
    expect(auction.winner).toMatchObject({ strategy: { id: 1 } });
    expect(auction.runnerUp).toMatchObject({ strategy: { id: 2 } });
    expect(auction.price).toBe(2_000_000 + INC);
  });

  it('charges a lone bidder the floor plus the increment', () => {
    const auction = runAuction([ownBid(3_000_000)], [], 500_000);
    expect(auction.runnerUp).toBeNull();
    expect(auction.price).toBe(500_000 + INC);
  });

  it('charges a lone bidder without a floor just the increment', () => {
    expect(runAuction([ownBid(3_000_000)], [], 0).price).toBe(INC);
  });

  it('never charges more than the winner bid', () => {
    // Equal bids: second + increment would pass the winner's own eCPM.
    const tie = runAuction([ownBid(2_000_000, {}, 1), ownBid(2_000_000, {}, 2)], [], 500_000);
    expect(tie.winner).toMatchObject({ strategy: { id: 1 } });
    expect(tie.price).toBe(2_000_000);
    // A bid at the floor: floor + increment would pass it.
    expect(runAuction([ownBid(500_000)], [], 500_000).price).toBe(500_000);
  });

  it('keeps bids below the floor out of the auction and out of the price', () => {
    const auction = runAuction([ownBid(3_000_000)], [partnerBid(400_000)], 500_000);
    expect(auction.runnerUp).toBeNull();
    expect(auction.price).toBe(500_000 + INC);
    expect(runAuction([], [partnerBid(400_000)], 500_000)).toEqual({
      winner: null,
      runnerUp: null,
      price: 0,
    });
  });

  it('lets a higher partner beat our own demand, priced by our bid', () => {
    const auction = runAuction([ownBid(3_000_000)], [partnerBid(4_000_000)], 500_000);
    expect(auction.winner).toMatchObject({ kind: 'partner', ecpm: 4_000_000 });
    expect(auction.runnerUp).toMatchObject({ kind: 'own' });
    expect(auction.price).toBe(3_000_000 + INC);
  });

  it('prices our winner by the best partner bid', () => {
    const auction = runAuction(
      [ownBid(5_000_000)],
      [partnerBid(1_000_000, 70), partnerBid(4_200_000, 71)],
      500_000,
    );
    expect(auction.winner).toMatchObject({ kind: 'own' });
    expect(auction.runnerUp).toMatchObject({ kind: 'partner', dsp: { id: 71 } });
    expect(auction.price).toBe(4_200_000 + INC);
  });

  it('keeps a tie with a partner for our own demand', () => {
    const auction = runAuction([ownBid(3_000_000)], [partnerBid(3_000_000)], 0);
    expect(auction.winner?.kind).toBe('own');
  });

  it('answers no winner for no bids', () => {
    expect(runAuction([], [], 0)).toEqual({ winner: null, runnerUp: null, price: 0 });
  });
});
