/**
 * An own CPC plan sold in an OpenRTB caller's auction (docs/decisions/partner-pricing.md,
 * worked example 5): bidding 0.20 a click at the prior 1 % CTR it is worth, and offered,
 * 2.00 per mille. Under `at` 2 (or none) the supply side's share is the caller's notified
 * price per impression, once and at most our offer; the advertiser pays per click its click
 * price, never more than its bid, and the click earns the supply side nothing more. Under
 * `at` 1 nothing changes: the click is the money, for both sides.
 */
import { randomUUID } from 'node:crypto';
import { Billing } from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildServingScenario, must } from '../test-kit.js';

interface AnsweredBid {
  adm: string;
  price: number;
  burl?: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRACKING_SECRET: 'own-cpc-notice-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** A slot (floor 0.50) served only by a CPC plan bidding 0.20 a click. */
async function cpcSlot() {
  const s = await buildServingScenario(t.db, {
    plan: { billing: Billing.cpc, bid: 200_000 },
    strategy: { bid: 200_000 },
  });
  await t.app.delivery().sync();
  return s.slot.id;
}

async function auction(slotId: number, at: number | undefined): Promise<AnsweredBid> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id: `cpc-${randomUUID()}`,
      ...(at === undefined ? {} : { at }),
      imp: [{ id: 'a', tagid: String(slotId), banner: { format: [{ w: 320, h: 50 }] } }],
      app: { bundle: 'com.example.game' },
      device: { ua: 'Mozilla/5.0', ip: '198.51.100.23', geo: { country: 'USA' } },
      tmax: 1500,
    },
  });
  expect(response.statusCode).toBe(200);
  const answer = JSON.parse(response.body) as { seatbid?: { bid: AnsweredBid[] }[] };
  return must(answer.seatbid?.[0]?.bid[0], 'a bid');
}

/** Fetches a tracking URL found in the markup (the impression pixel or the click link). */
async function follow(adm: string, pattern: RegExp) {
  const found = must(pattern.exec(adm)?.[1], 'a tracking URL in the markup');
  const url = new URL(found.replace(/&#38;/g, '&'));
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode).toBeLessThan(400);
}
const IMPRESSION = /src="([^"]*\/track\/imp\?t=[^"]*)"/;
const CLICK = /href="([^"]*\/track\/clk\?t=[^"]*)"/;

async function billingNotice(burl: string | undefined, price: string) {
  const url = new URL(must(burl, 'a burl'));
  const path = `${url.pathname}${url.search.replace('${AUCTION_PRICE}', price)}`;
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(204);
}

async function recorded(slotId: number) {
  await t.app.delivery().flush();
  const [row] = await t.db
    .select({
      impressions: sql<number>`coalesce(sum(${statsHourly.impressions}), 0)`.mapWith(Number),
      clicks: sql<number>`coalesce(sum(${statsHourly.clicks}), 0)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${statsHourly.cost}), 0)`.mapWith(Number),
      income: sql<number>`coalesce(sum(${statsHourly.income}), 0)`.mapWith(Number),
    })
    .from(statsHourly)
    .where(eq(statsHourly.slotId, slotId));
  return row;
}

describe('an own CPC plan winning a caller’s auction', () => {
  it('at 2: the share is the caller’s 1.30 per mille once; the click costs its 0.20 bid', async () => {
    const slotId = await cpcSlot();
    const bid = await auction(slotId, 2);
    expect(bid.price).toBe(2);
    expect(bid.burl).toContain('/track/bill?');
    await follow(bid.adm, IMPRESSION);
    expect(await recorded(slotId)).toEqual({ impressions: 1, clicks: 0, cost: 0, income: 0 });
    await billingNotice(bid.burl, 'abc');
    await billingNotice(bid.burl, '1.3');
    await billingNotice(bid.burl, '1.9');
    expect(await recorded(slotId)).toEqual({ impressions: 1, clicks: 0, cost: 0, income: 1_300 });
    await follow(bid.adm, CLICK);
    await follow(bid.adm, CLICK);
    expect(await recorded(slotId)).toEqual({
      impressions: 1,
      clicks: 1,
      cost: 200_000,
      income: 1_300,
    });
  });

  it('no at: a notice above our offer is held to it (2,000 micros)', async () => {
    const slotId = await cpcSlot();
    const bid = await auction(slotId, undefined);
    await billingNotice(bid.burl, '2.5');
    expect(await recorded(slotId)).toEqual({ impressions: 0, clicks: 0, cost: 0, income: 2_000 });
  });

  it('at 1: no billing notice; the click is charged and earned as on /serve/ad', async () => {
    const slotId = await cpcSlot();
    const bid = await auction(slotId, 1);
    expect(bid.burl).toBeUndefined();
    await follow(bid.adm, IMPRESSION);
    await follow(bid.adm, CLICK);
    expect(await recorded(slotId)).toEqual({
      impressions: 1,
      clicks: 1,
      cost: 200_000,
      income: 200_000,
    });
  });
});
