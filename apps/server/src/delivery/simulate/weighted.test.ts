/**
 * The demo backfill's weights (ServeOptions.weight, TrackOptions.weight): a sampled request
 * the engine counts, holds and bills as `weight` alike ones. A weighted fill, impression and
 * click bill exactly weight × what one would; a daily budget stops weighted delivery within
 * one sample of where unweighted delivery stops; frequency caps hold per sampled user; and
 * what the stats count costs what the ledger charged.
 */
import { Billing, TRACK_PATHS } from '@adloom/domain';
import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ledgerSpend } from '../accounting/test-kit.js';
import { answerOf } from '../engine.js';
import { fromServeFacts } from '../http/requests.js';
import { buildServingScenario, must } from '../test-kit.js';
import { backfillDemoTraffic, tokenOf } from './backfill.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'weighted-test-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
});
afterAll(async () => {
  await t.close();
});

const engine = () => t.app.delivery();
const ORIGIN = 'http://weighted.adloom.invalid';
type Scenario = Awaited<ReturnType<typeof buildServingScenario>>;

/** What the ledger charged the advertiser, micros. */
const spentBy = (userId: number) => ledgerSpend(t.db, userId);

/** The scenario's stats: requests on its slot, the rest of its plan. */
async function statsOf(s: Scenario) {
  const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [slot] = await t.db
    .select({ requests: sum(statsHourly.requests) })
    .from(statsHourly)
    .where(eq(statsHourly.slotId, s.slot.id));
  const [plan] = await t.db
    .select({
      fills: sum(statsHourly.fills),
      impressions: sum(statsHourly.impressions),
      clicks: sum(statsHourly.clicks),
      cost: sum(statsHourly.cost),
    })
    .from(statsHourly)
    .where(eq(statsHourly.planId, s.plan.id));
  return { requests: slot?.requests ?? 0, ...must(plan, 'stats of the plan') };
}

/** Serves one request of `uid` on the scenario's slot; answers the tokens of the ad, if any. */
async function serveOne(s: Scenario, uid: string, weight: number, now: number) {
  const request = fromServeFacts(
    { slot_id: s.slot.id, os: 1, uid, country: 'US', lang: 'en' },
    { ip: '', ua: 'weighted-test', headerCountry: '' },
  );
  const served = await engine().serve(request, { origin: ORIGIN, now, weight });
  const answer = answerOf(served);
  if (!answer.fill) return null;
  return {
    claims: must(served.claims, 'the claims'),
    impression: must(tokenOf(answer.impression_urls, TRACK_PATHS.imp), 'an impression token'),
    click: must(tokenOf([answer.ad.click_url], TRACK_PATHS.clk), 'a click token'),
  };
}

/** Serves and renders until nothing fills (or `limit`); answers the impressions counted. */
async function renderUntilStopped(s: Scenario, weight: number, limit: number, now: number) {
  let impressions = 0;
  for (let index = 0; index < limit; index += 1) {
    const ad = await serveOne(s, `user-${weight}-${index}`, weight, now + index);
    if (!ad) break;
    const outcome = await engine().track('imp', ad.impression, { now: now + index, weight });
    if (outcome.counted) impressions += weight;
  }
  await engine().flush();
  return impressions;
}

const plan = (values: Record<string, number>) => ({
  startAt: new Date('2020-01-01'),
  ...values,
});

describe('weighted serving and tracking (the demo backfill)', () => {
  it('counts and bills a weighted fill, impression and click as weight × one', async () => {
    const now = Date.now();
    const one = await buildServingScenario(t.db, { plan: plan({ billing: Billing.cpm }) });
    const many = await buildServingScenario(t.db, { plan: plan({ billing: Billing.cpm }) });
    await engine().sync();
    const single = must(await serveOne(one, 'single', 1, now), 'a fill');
    await engine().track('imp', single.impression, { now });
    const weighted = must(await serveOne(many, 'weighted', 25, now), 'a weighted fill');
    expect(weighted.claims.price).toBe(single.claims.price);
    await engine().track('imp', weighted.impression, { now, weight: 25 });

    const cpc = await buildServingScenario(t.db, { plan: plan({ billing: Billing.cpc }) });
    await engine().sync();
    const clicked = must(await serveOne(cpc, 'clicker', 30, now), 'a CPC fill');
    await engine().track('imp', clicked.impression, { now, weight: 30 });
    await engine().track('clk', clicked.click, { now: now + 5_000, weight: 4 });
    await engine().flush();

    const unit = await spentBy(one.advertiser.id);
    expect(unit).toBe(Math.round(single.claims.price / 1000));
    expect(await spentBy(many.advertiser.id)).toBe(25 * unit);
    expect(await statsOf(many)).toEqual({
      requests: 25,
      fills: 25,
      impressions: 25,
      clicks: 0,
      cost: 25 * unit,
    });
    expect(clicked.claims.clickPrice).toBeGreaterThan(0);
    expect(await spentBy(cpc.advertiser.id)).toBe(4 * clicked.claims.clickPrice);
    expect(await statsOf(cpc)).toEqual({
      requests: 30,
      fills: 30,
      impressions: 30,
      clicks: 4,
      cost: 4 * clicked.claims.clickPrice,
    });
  });

  it('stops at a daily budget within one sample of where unweighted delivery stops', async () => {
    // The unit price first (nothing counted), then a budget of 40.5 impressions a day.
    const probe = await buildServingScenario(t.db, { plan: plan({ billing: Billing.cpm }) });
    await engine().sync();
    const request = fromServeFacts(
      { slot_id: probe.slot.id, os: 1, uid: 'probe' },
      { ip: '', ua: 'weighted-test', headerCountry: '' },
    );
    const { decision } = await engine().diagnose(request, Date.now());
    const unit = Math.round(decision.price / 1000);
    expect(unit).toBeGreaterThan(0);
    const budget = Math.round(40.5 * unit);
    const now = Date.now();
    const weight = 7;
    const unweighted = await buildServingScenario(t.db, {
      plan: plan({ billing: Billing.cpm, budget }),
    });
    const weighted = await buildServingScenario(t.db, {
      plan: plan({ billing: Billing.cpm, budget }),
    });
    await engine().sync();
    const plain = await renderUntilStopped(unweighted, 1, 100, now);
    const sampled = await renderUntilStopped(weighted, weight, 100, now);

    // Unweighted: 40 impressions fit. Weighted: whole samples of 7 — 35, the next one's hold
    // (7 × the price) no longer fits. Never more than the budget, never a sample short.
    expect(plain).toBe(40);
    expect(sampled).toBe(35);
    expect(Math.abs(sampled - plain)).toBeLessThan(weight);
    expect(await spentBy(unweighted.advertiser.id)).toBe(40 * unit);
    expect(await spentBy(weighted.advertiser.id)).toBe(35 * unit);
    expect((await statsOf(weighted)).cost).toBe(35 * unit);
  });

  it('holds frequency caps per sampled user: each stands for users alike', async () => {
    const s = await buildServingScenario(t.db, {
      plan: plan({ billing: Billing.cpm, timesPerUser: 3 }),
    });
    await engine().sync();
    const now = Date.now();
    let fills = 0;
    for (let index = 0; index < 5; index += 1) {
      const ad = await serveOne(s, 'capped-user', 10, now + index * 1000);
      if (!ad) break;
      fills += 1;
      await engine().track('imp', ad.impression, { now: now + index * 1000, weight: 10 });
    }
    await engine().flush();
    expect(fills).toBe(3);
    expect((await statsOf(s)).impressions).toBe(30);
  });

  it('makes weighted history whose stats cost what the ledger charged', async () => {
    const s = await buildServingScenario(t.db, { plan: plan({ billing: Billing.cpm }) });
    const result = await backfillDemoTraffic(engine(), t.db, {
      days: 2,
      seed: 21,
      requestsPerDay: 3000,
      samplesPerDay: 100,
      slotIds: [s.slot.id],
    });
    expect(result.weight).toBe(30);
    expect(result.sampled).toBeGreaterThan(150);
    expect(result.requests).toBe(result.sampled * 30);
    const stats = await statsOf(s);
    expect(stats.requests).toBe(result.requests);
    expect(stats.impressions).toBe(result.impressions);
    expect(stats.impressions % 30).toBe(0);
    expect(stats.cost).toBeGreaterThan(0);
    expect(await spentBy(s.advertiser.id)).toBe(stats.cost);
  });
});
