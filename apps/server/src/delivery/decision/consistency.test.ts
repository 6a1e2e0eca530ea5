/**
 * The hot path (rank.ts) and the diagnosis (diagnose.ts) are two walks over the same rules:
 * over many random worlds and requests they must reach the same bids, creatives and order,
 * the same no-fill reason, and `depth` must keep exactly the best of the full ranking.
 */
import { Billing, PlanStatus, RejectReason } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../rules.js';
import type { CreativeConfig, PlanConfig, ServeRequest, StrategyConfig } from '../types.js';
import { decideOwn, runAuction } from './decide.js';
import {
  NOW,
  NOW_SECONDS,
  contextOf,
  creativeConfig,
  planConfig,
  serveRequest,
  slotConfig,
  snapshotOf,
  strategyConfig,
} from './test-kit.js';

/** mulberry32: a seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, pick, chance };
}

const COUNTRIES = ['US', 'GB', 'FR', ''];
const STYLES = [1, 2, 3];
const SIZES: [number, number][] = [
  [320, 50],
  [300, 250],
  [0, 0],
];
const BIDS = [500_000, 1_000_000, 2_000_000, 2_000_000, 3_000_000];

function randomWorld(seed: number) {
  const { next, pick, chance } = generator(seed);
  const plans: PlanConfig[] = [];
  const strategies: StrategyConfig[] = [];
  const creatives: CreativeConfig[] = [];
  const advertisers = [900, 901, 902].map((id) => ({ id, status: chance(0.15) ? 1 : 0 }));
  const spent: Record<number, number> = {};
  const histories = new Map<number, number[]>();
  for (let planId = 1; planId <= 25; planId += 1) {
    plans.push(
      planConfig({
        id: planId,
        ownerId: pick(advertisers).id,
        billing: pick([Billing.cpm, Billing.cpm, Billing.cpc, Billing.cpt]),
        status: chance(0.85) ? PlanStatus.live : pick([PlanStatus.unlive, PlanStatus.outOfTime]),
        startAt: chance(0.9) ? NOW - 86_400_000 : NOW + 1,
        endAt: chance(0.9) ? null : NOW,
        scheduleMasks: Array.from({ length: 7 }, () => (chance(0.9) ? 0xffffff : 0)),
        timesPerUser: chance(0.3) ? 2 : 0,
        frequencyPerUser: chance(0.3) ? 1 : 0,
        intervalSeconds: 600,
      }),
    );
    if (chance(0.1)) spent[planId] = 50_000_000;
    if (chance(0.3)) histories.set(planId, [NOW_SECONDS - Math.floor(next() * 2000)]);
    const strategyCount = 1 + Math.floor(next() * 4);
    for (let index = 0; index < strategyCount; index += 1) {
      const id = planId * 10 + index;
      const creativeIds: number[] = [];
      const creativeCount = Math.floor(next() * 4);
      for (let c = 0; c < creativeCount; c += 1) {
        const [width, height] = pick(SIZES);
        const creativeId = id * 10 + c;
        creativeIds.push(creativeId);
        creatives.push(
          creativeConfig({
            id: creativeId,
            styleId: pick(STYLES),
            review: chance(0.85) ? 0 : pick([1, 2]),
            status: chance(0.9) ? 0 : 1,
            width,
            height,
            os: pick([0, 0, 1, 2]),
          }),
        );
      }
      strategies.push(
        strategyConfig({
          id,
          planId,
          bid: pick(BIDS),
          status: chance(0.9) ? 0 : 1,
          styleIds: new Set(chance(0.5) ? [] : [pick(STYLES), pick(STYLES)]),
          languages: new Set(chance(0.6) ? [] : [pick(['en', 'fr'])]),
          targeting: compileRules([
            ...(chance(0.5)
              ? [
                  {
                    key: 'country',
                    mode: pick(['include', 'exclude']),
                    values: [pick(COUNTRIES.slice(0, 3))],
                  },
                ]
              : []),
            // Booked placements name their slot (slots 1-4 below).
            ...(chance(0.2)
              ? [
                  {
                    key: 'slot',
                    mode: pick(['include', 'exclude']),
                    values: [String(pick([1, 2, 3, 4]))],
                  },
                ]
              : []),
          ]),
          creativeIds,
          impressions: Math.floor(next() * 5000),
          clicks: Math.floor(next() * 100),
        }),
      );
    }
  }
  const slots = [1, 2, 3, 4].map((id) => {
    const [width, height] = pick(SIZES);
    return slotConfig({
      id,
      styleIds: new Set([pick(STYLES), pick(STYLES)]),
      width,
      height,
      lowestBid: pick([0, 500_000, 1_500_000, 2_500_000]),
      status: chance(0.9) ? 0 : 1,
      countries: new Set(chance(0.8) ? [] : ['US', 'GB']),
    });
  });
  const snapshot = snapshotOf({ slots, plans, strategies, creatives, advertisers });
  const available = Object.fromEntries(
    advertisers.map((advertiser) => [advertiser.id, chance(0.1) ? 0 : 1_000_000_000]),
  );
  const state = {
    planSpentToday: (planId: number) => spent[planId] ?? 0,
    advertiserAvailable: (advertiserId: number) => available[advertiserId] ?? 0,
  };
  const requests: ServeRequest[] = Array.from({ length: 40 }, (_, index) =>
    serveRequest({
      id: `${seed}-${index}`,
      slotId: pick(slots).id,
      country: pick(COUNTRIES),
      os: pick([0, 1, 2]),
      lang: pick(['en', 'fr', '']),
      uid: chance(0.8) ? 'user-1' : '',
      bidFloor: chance(0.8) ? 0 : 2_000_000,
    }),
  );
  return { snapshot, state, histories, requests };
}

const summary = (
  bids: readonly { strategy: { id: number }; creative: { id: number }; ecpm: number }[],
) => bids.map((bid) => [bid.strategy.id, bid.creative.id, bid.ecpm]);

describe('hot path and diagnosis agree', () => {
  it.each(Array.from({ length: 40 }, (_, index) => index + 1))('world %i', (seed) => {
    const { snapshot, state, histories, requests } = randomWorld(seed);
    for (const request of requests) {
      const base = contextOf({ state, history: histories });
      const hot = decideOwn(snapshot, request, base);
      const explained = decideOwn(snapshot, request, { ...base, explain: true });
      expect(summary(hot.ranked)).toEqual(summary(explained.ranked));
      expect(hot.noFill).toBe(explained.noFill);

      // Every strategy has exactly one fate; the ranked ones are served / outbid.
      if (explained.noFill !== 'unknownSlot') {
        expect(explained.candidates.map((fate) => fate.strategyId).sort()).toEqual(
          [...snapshot.strategies.keys()].sort(),
        );
      }
      const eligible = explained.candidates.filter(
        (fate) => fate.reason === RejectReason.served || fate.reason === RejectReason.outbid,
      );
      expect(eligible.map((fate) => fate.strategyId).sort()).toEqual(
        explained.ranked.map((bid) => bid.strategy.id).sort(),
      );
      const winner = explained.candidates.find((fate) => fate.reason === RejectReason.served);
      expect(winner?.strategyId).toBe(explained.ranked[0]?.strategy.id);

      // The best two decide the auction exactly as the whole ranking does.
      const shallow = decideOwn(snapshot, request, { ...base, depth: 2 });
      expect(summary(shallow.ranked)).toEqual(summary(hot.ranked.slice(0, 2)));
      const floor = request.bidFloor;
      const full = runAuction(hot.ranked, [], floor);
      const short = runAuction(shallow.ranked, [], floor);
      expect([short.winner, short.runnerUp, short.price]).toEqual([
        full.winner,
        full.runnerUp,
        full.price,
      ]);
    }
  });

  it('covers serving and refusing alike across the worlds', () => {
    let served = 0;
    let refused = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const { snapshot, state, histories, requests } = randomWorld(seed);
      for (const request of requests) {
        const { ranked } = decideOwn(snapshot, request, contextOf({ state, history: histories }));
        if (ranked.length > 0) served += 1;
        else refused += 1;
      }
    }
    expect(served).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });
});
