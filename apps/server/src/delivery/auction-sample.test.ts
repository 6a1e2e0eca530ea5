/**
 * An advertiser's requests as the engine counts them (docs/decisions/advertiser-requests.md):
 * a fill counts its winner's auction, the strategies that entered and lost are counted on a
 * sample of requests weighing the requests since the previous one, and the sample's sums
 * match the true counts.
 */
import { Billing, PlanStatus, PlanStep } from '@adloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../db/schema.js';
import { buildCreative, buildPlan, buildStrategy } from '../test/ad-factories.js';
import type { TestApp } from '../test/app.js';
import { buildLedgerEntry, buildUser } from '../test/factories.js';
import { AuctionSample, LOSSES_PER_REQUEST } from './auction-sample.js';
import { buildServingScenario, createServingTestApp } from './test-kit.js';

describe('the auction sample', () => {
  it('samples the first request, then waits longer the more losers a sample had', () => {
    const sample = new AuctionSample(0.25);
    expect(sample.take(1)).toBe(1);
    sample.spent(2); // 2 losers at 0.25 loser rows a request: the next sample 8 requests on
    const weights = Array.from({ length: 8 }, () => sample.take(1));
    expect(weights).toEqual([0, 0, 0, 0, 0, 0, 0, 8]);
    sample.spent(0);
    expect(sample.take(3)).toBe(3);
  });

  it('estimates the losers of a stream without bias', () => {
    // A deterministic stream of requests with 0 to 40 losers each.
    let state = 7;
    const losersOf = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % 41;
    };
    const sample = new AuctionSample(0.5);
    let truth = 0;
    let estimate = 0;
    for (let request = 0; request < 200_000; request += 1) {
      const losers = losersOf();
      truth += losers;
      const weight = sample.take(1);
      if (weight === 0) continue;
      estimate += losers * weight;
      sample.spent(losers);
    }
    expect(Math.abs(estimate - truth) / truth).toBeLessThan(0.02);
  });
});

describe('counting the auctions an advertiser’s strategies entered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createServingTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every entrant once a request on its own row, the winner on its fill', async () => {
    const s = await buildServingScenario(t.db, {
      plan: { billing: Billing.cpm, bid: 3_000_000 },
      slot: { lowestBid: 500_000 },
    });
    // Two more advertisers whose strategies enter the same auctions and lose them.
    const losers: number[] = [];
    for (const bid of [2_000_000, 1_000_000]) {
      const advertiser = await buildUser(t.db);
      await buildLedgerEntry(t.db, {
        userId: advertiser.id,
        amount: 1_000_000_000,
        balanceAfter: 1_000_000_000,
      });
      const creative = await buildCreative(t.db, advertiser.id, {
        styleId: s.style.id,
        review: 0,
        clickUrl: 'https://example.com/other',
      });
      const plan = await buildPlan(t.db, advertiser.id, {
        status: PlanStatus.live,
        creationStep: PlanStep.complete,
        publishedAt: new Date(),
        billing: Billing.cpm,
        bid,
      });
      const strategy = await buildStrategy(t.db, plan.id, advertiser.id, {
        styleIds: [s.style.id],
        languages: [],
        creativeIds: [creative.id],
      });
      losers.push(strategy.id);
    }
    await t.app.delivery().sync();

    // 21 requests: the first is sampled (2 losers: the next sample 20 requests later, at
    // LOSSES_PER_REQUEST 0.1), so the 21st counts the losers of the 20 since.
    expect(LOSSES_PER_REQUEST).toBe(0.1);
    for (let request = 0; request < 21; request += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/serve/ad?slot_id=${s.slot.id}&os=1&country=US&uid=u${request}`,
      });
      expect(response.json()).toMatchObject({ fill: true, ad: { creative_id: s.creative.id } });
    }
    await t.app.delivery().flush();

    const rows = await t.db
      .select({
        strategyId: statsHourly.strategyId,
        advertiserId: statsHourly.advertiserId,
        requests: sql<number>`sum(${statsHourly.requests})`.mapWith(Number),
        fills: sql<number>`sum(${statsHourly.fills})`.mapWith(Number),
        auctions: sql<number>`sum(${statsHourly.auctions})`.mapWith(Number),
      })
      .from(statsHourly)
      .where(and(eq(statsHourly.slotId, s.slot.id)))
      .groupBy(statsHourly.strategyId, statsHourly.advertiserId)
      .orderBy(statsHourly.strategyId);
    expect(rows).toEqual([
      // The slot's row: the platform's requests, no auction.
      { strategyId: 0, advertiserId: 0, requests: 21, fills: 0, auctions: 0 },
      {
        strategyId: s.strategy.id,
        advertiserId: s.advertiser.id,
        requests: 0,
        fills: 21,
        auctions: 21,
      },
      ...losers.map((strategyId) => ({
        strategyId,
        advertiserId: expect.any(Number) as number,
        requests: 0,
        fills: 0,
        auctions: 21,
      })),
    ]);
  });
});
