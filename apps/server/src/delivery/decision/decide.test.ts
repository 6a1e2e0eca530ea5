/**
 * The decision as a whole: creative rotation by the request id, ties, the diagnosis naming
 * every candidate with its reason, and the hot path walking only the slot's candidates.
 */
import { Billing, NoFillReason, PlanStatus, RejectReason } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { decideOwn, runAuction, settleFates } from './decide.js';
import {
  NOW,
  STYLE,
  contextOf,
  creativeConfig,
  partnerBid,
  planConfig,
  serveRequest,
  slotConfig,
  snapshotOf,
  stateOf,
  strategyConfig,
} from './test-kit.js';

describe('creative rotation', () => {
  const snapshot = snapshotOf({
    strategies: [strategyConfig({ creativeIds: [5001, 5002, 5003, 5004] })],
    creatives: [
      creativeConfig({ id: 5001 }),
      creativeConfig({ id: 5002 }),
      creativeConfig({ id: 5003, review: 1 }),
      creativeConfig({ id: 5004 }),
    ],
  });
  const chosen = (id: string) =>
    decideOwn(snapshot, serveRequest({ id }), contextOf()).ranked[0]?.creative.id;

  it('chooses the same creative for the same request id', () => {
    const first = ['a', 'b', 'c', 'd', 'e', 'f'].map(chosen);
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map(chosen)).toEqual(first);
    // Not one creative for everyone.
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('spreads requests evenly over the eligible creatives only', () => {
    const counts = new Map<number, number>();
    for (let index = 0; index < 3000; index += 1) {
      const id = chosen(`req-${index}`) ?? 0;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([5001, 5002, 5004]);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1150);
    }
  });

  it('says in the diagnosis which creative was chosen and why', () => {
    const explained = decideOwn(snapshot, serveRequest({ id: 'a' }), contextOf({ explain: true }));
    const [fate] = explained.candidates;
    expect(fate?.creativeId).toBe(chosen('a'));
    expect(fate?.detail).toMatch(/^creative \d+, [123] of 3 eligible, rotated by the request id$/);
  });
});

describe('ranking ties', () => {
  const snapshot = snapshotOf({
    plans: [planConfig({ id: 1 }), planConfig({ id: 2 }), planConfig({ id: 3 })],
    strategies: [
      strategyConfig({ id: 11, planId: 1 }),
      strategyConfig({ id: 21, planId: 2 }),
      strategyConfig({ id: 31, planId: 3, bid: 1_000_000 }),
    ],
  });

  it('orders equal bids by the request id: stable for one request, fair across requests', () => {
    const first = (id: string) =>
      decideOwn(snapshot, serveRequest({ id }), contextOf()).ranked.map((bid) => bid.strategy.id);
    expect(first('x')).toEqual(first('x'));
    const leaders = new Map<number, number>();
    for (let index = 0; index < 2000; index += 1) {
      const order = first(`r${index}`);
      expect(order[2]).toBe(31);
      leaders.set(order[0] ?? 0, (leaders.get(order[0] ?? 0) ?? 0) + 1);
    }
    expect(leaders.get(11)).toBeGreaterThan(850);
    expect(leaders.get(21)).toBeGreaterThan(850);
  });
});

describe('the diagnosis (explain)', () => {
  const OTHER_STYLE = STYLE + 1;
  const snapshot = snapshotOf({
    slots: [slotConfig({ lowestBid: 1_000_000 })],
    plans: [
      planConfig({ id: 1 }),
      planConfig({ id: 2, status: PlanStatus.unlive }),
      planConfig({ id: 3, billing: Billing.cpm }),
      planConfig({ id: 4, ownerId: 901 }),
      planConfig({ id: 5 }),
    ],
    strategies: [
      strategyConfig({ id: 11, planId: 1, bid: 3_000_000, creativeIds: [5001] }),
      strategyConfig({ id: 12, planId: 1, bid: 2_000_000, creativeIds: [5001] }),
      strategyConfig({ id: 13, planId: 1, status: 1, creativeIds: [5001] }),
      strategyConfig({ id: 21, planId: 2, creativeIds: [5001] }),
      strategyConfig({ id: 31, planId: 3, bid: 900_000, creativeIds: [5001] }),
      strategyConfig({ id: 41, planId: 4, creativeIds: [5001] }),
      // Only a creative of a style the slot does not take: outside the slot's index.
      strategyConfig({ id: 51, planId: 5, styleIds: new Set(), creativeIds: [5002] }),
      // Several creatives failing: the one that came furthest names the reason.
      strategyConfig({ id: 52, planId: 5, creativeIds: [5003, 5004] }),
    ],
    creatives: [
      creativeConfig({ id: 5001 }),
      creativeConfig({ id: 5002, styleId: OTHER_STYLE }),
      creativeConfig({ id: 5003, review: 1 }),
      creativeConfig({ id: 5004, os: 2 }),
    ],
    advertisers: [
      { id: 900, status: 0 },
      { id: 901, status: 0 },
    ],
  });
  const context = contextOf({ explain: true, state: stateOf({}, { 901: 0 }) });

  it('names every strategy of every plan with its fate', () => {
    const decision = decideOwn(snapshot, serveRequest(), context);
    const fates = decision.candidates.map((fate) => [
      fate.strategyId,
      fate.creativeId,
      fate.reason,
    ]);
    expect(fates).toEqual([
      [11, 5001, RejectReason.served],
      [12, 5001, RejectReason.outbid],
      [13, 0, RejectReason.strategyInactive],
      [21, 0, RejectReason.planNotLive],
      [31, 5001, RejectReason.bidBelowFloor],
      [41, 0, RejectReason.advertiserBalance],
      [51, 5002, RejectReason.creativeStyle],
      [52, 5004, RejectReason.creativeOs],
    ]);
    expect(decision.candidates.find((fate) => fate.strategyId === 52)?.detail).toBe(
      "creative 5003: review Auditing; creative 5004: os 2, the device's 1",
    );
    expect(decision.candidates.find((fate) => fate.strategyId === 51)?.detail).toBe(
      `creative 5002: style ${OTHER_STYLE} not in the slot's [${STYLE}]`,
    );
    expect(decision.ranked.map((bid) => bid.strategy.id)).toEqual([11, 12]);
  });

  it('decides the same without explaining, walking only the slot’s candidates', () => {
    const hot = decideOwn(snapshot, serveRequest(), { ...context, explain: false });
    expect(hot.candidates).toEqual([]);
    expect(hot.ranked.map((bid) => [bid.strategy.id, bid.creative.id])).toEqual([
      [11, 5001],
      [12, 5001],
    ]);
  });

  it('marks every strategy with the slot’s own failure', () => {
    const closed = snapshotOf({
      slots: [slotConfig({ mediaStatus: 1 })],
      plans: [planConfig({ id: 1 }), planConfig({ id: 2 })],
      strategies: [strategyConfig({ id: 11, planId: 1 }), strategyConfig({ id: 21, planId: 2 })],
    });
    const decision = decideOwn(closed, serveRequest(), context);
    expect(decision.noFill).toBe(NoFillReason.mediaInactive);
    expect(decision.candidates.map((fate) => [fate.strategyId, fate.reason])).toEqual([
      [11, RejectReason.mediaInactive],
      [21, RejectReason.mediaInactive],
    ]);
  });

  it('gives the ecpm of each candidate, CPC converted', () => {
    const cpc = snapshotOf({
      plans: [planConfig({ billing: Billing.cpc, status: PlanStatus.unlive })],
      strategies: [strategyConfig({ bid: 300_000 })],
    });
    const [fate] = decideOwn(cpc, serveRequest(), context).candidates;
    expect(fate).toMatchObject({ reason: RejectReason.planNotLive, ecpm: 3_000_000 });
  });

  it('hands the served fate to a partner that outbids us', () => {
    const decision = decideOwn(snapshot, serveRequest(), context);
    const auction = runAuction(decision.ranked, [partnerBid(50_000_000)], 1_000_000);
    settleFates(decision.candidates, auction.winner);
    const reasons = decision.candidates.map((fate) => fate.reason);
    expect(reasons.slice(0, 3)).toEqual([
      RejectReason.outbid,
      RejectReason.outbid,
      RejectReason.strategyInactive,
    ]);
    expect(reasons).not.toContain(RejectReason.served);
  });
});

describe('no fill', () => {
  it('says noCandidate when nothing passes, belowFloor when only the floor stopped bids', () => {
    const world = (lowestBid: number, status: number) =>
      snapshotOf({
        slots: [slotConfig({ lowestBid })],
        plans: [planConfig({ id: 1, status }), planConfig({ id: 2 })],
        strategies: [
          strategyConfig({ id: 11, planId: 1, bid: 9_000_000 }),
          strategyConfig({ id: 21, planId: 2, bid: 1_000_000 }),
        ],
      });
    const noFill = (lowestBid: number, status: number) =>
      decideOwn(world(lowestBid, status), serveRequest(), contextOf()).noFill;
    expect(noFill(2_000_000, PlanStatus.live)).toBeNull();
    expect(noFill(2_000_000, PlanStatus.unlive)).toBe(NoFillReason.belowFloor);
    expect(noFill(500_000, PlanStatus.unlive)).toBeNull();
    expect(noFill(10_000_000, PlanStatus.live)).toBe(NoFillReason.belowFloor);
  });

  it('checks each plan once per request for all its strategies', () => {
    const calls: number[] = [];
    const snapshot = snapshotOf({
      plans: [planConfig({ id: 1 }), planConfig({ id: 2 })],
      strategies: [
        strategyConfig({ id: 11, planId: 1 }),
        strategyConfig({ id: 12, planId: 1 }),
        strategyConfig({ id: 21, planId: 2 }),
      ],
    });
    const state = {
      planSpentToday: (planId: number) => {
        calls.push(planId);
        return 0;
      },
      advertiserAvailable: () => 1,
    };
    const decision = decideOwn(snapshot, serveRequest(), contextOf({ state, now: NOW }));
    expect(decision.ranked).toHaveLength(3);
    expect(calls.sort()).toEqual([1, 2]);
  });
});
