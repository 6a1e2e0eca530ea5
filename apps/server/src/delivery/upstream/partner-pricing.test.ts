/**
 * Partner pricing end to end (docs/decisions/partner-pricing.md, worked example 1): a fake
 * partner bids 2.00 and passes on 800‰ (our take 20 %), our own demand bids 1.20, the slot's
 * floor is 0.50. Through /openrtb2/auction the caller is offered what the winner is worth
 * (the net bid 1.60) whatever its `at`; the partner is told the caller's `at`. Under `at` 1
 * the impression records what the partner pays (its bid), our take and the publisher's
 * share; under `at` 2 (stated or not) they wait for the caller's billing notice, are settled
 * once at its price (at most our offer), and the partner's nurl and burl carry its price.
 */
import { randomUUID } from 'node:crypto';
import { Billing } from '@adloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must } from '../test-kit.js';

interface SentRequest {
  id: string;
  at?: number;
  imp: { id: string }[];
}

interface Answer {
  seatbid?: {
    bid: { impid: string; adm: string; price: number; nurl?: string; burl?: string }[];
  }[];
}

const MACROS = 'p=${AUCTION_PRICE}&id=${AUCTION_ID}&mbr=${AUCTION_MBR}&loss=${AUCTION_LOSS}';

let t: TestApp;
let partner: ScriptedDsp;

beforeAll(async () => {
  // The partner bids 2.00 on every impression it gets.
  partner = await startScriptedDsp(({ method, body }) => {
    if (method !== 'POST') return { status: 204 };
    const request = body as SentRequest;
    return {
      status: 200,
      body: {
        id: request.id,
        cur: 'USD',
        seatbid: [
          {
            seat: 'seat-1',
            bid: request.imp.map((imp) => ({
              id: `bid-${imp.id}`,
              impid: imp.id,
              price: 2,
              adm: `<div>partner ad ${imp.id}</div>`,
              crid: `cr-${imp.id}`,
              nurl: `${partner.url('/nurl')}?${MACROS}`,
              burl: `${partner.url('/burl')}?${MACROS}`,
              w: 320,
              h: 50,
            })),
          },
        ],
      },
    };
  });
  t = await createTestApp({
    env: {
      TRACKING_SECRET: 'partner-pricing-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

/** A slot with our own 1.20 CPM bid, a 0.50 floor, all its traffic offered to a new partner. */
async function pricedSlot(share: { dsp: number; strategy?: number | null }) {
  const dsp = await buildDsp(t.db, {
    requestUrl: partner.url('/rtb'),
    timeoutMs: 1000,
    percent: share.dsp,
  });
  const s = await buildServingScenario(t.db, {
    plan: { billing: Billing.cpm, bid: 1_200_000 },
    strategy: { bid: 1_200_000 },
  });
  await buildSspStrategy(t.db, s.slot.id, {
    allocations: [{ dsp_id: dsp.id, permille: 1000 }],
    percent: share.strategy ?? null,
  });
  await t.app.delivery().sync();
  return { slotId: s.slot.id, dspId: dsp.id };
}

async function auction(slotId: number, at: number | undefined) {
  const id = `pricing-${randomUUID()}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id,
      ...(at === undefined ? {} : { at }),
      imp: [{ id: 'a', tagid: String(slotId), banner: { format: [{ w: 320, h: 50 }] } }],
      app: { bundle: 'com.example.game' },
      device: { ua: 'Mozilla/5.0', ip: '198.51.100.23', geo: { country: 'USA' } },
      tmax: 1500,
    },
  });
  expect(response.statusCode).toBe(200);
  const answer = JSON.parse(response.body) as Answer;
  const bid = must(answer.seatbid?.[0]?.bid[0], 'a bid');
  const sent = partner.requests
    .map((request) => request.body as SentRequest)
    .filter((body) => body.id === id);
  await t.app.delivery().notices.drain();
  return { id, bid, sent };
}

/** Our billing notice of a bid as the caller fires it, with its price in the macro. */
async function fireBillingNotice(burl: string | undefined, price: string) {
  const url = new URL(must(burl, 'a burl on our bid'));
  const path = `${url.pathname}${url.search.replace('${AUCTION_PRICE}', encodeURIComponent(price))}`;
  const response = await t.app.inject({ method: 'GET', url: path });
  expect(response.statusCode).toBe(204);
  await t.app.delivery().notices.drain();
}

/** The partner's notices of an auction on a path, as their query's values. */
function partnerNotices(auctionId: string, path: string) {
  return partner.requests
    .filter((request) => request.method === 'GET' && request.path === path)
    .map((request) => Object.fromEntries(new URLSearchParams(request.search)))
    .filter((query) => query.id === auctionId);
}

/** Fires our impression beacon inside the partner's markup. */
async function renderImpression(adm: string) {
  const src = must(/src="([^"]*\/track\/imp\?t=[^"]*)"/.exec(adm)?.[1], 'our beacon');
  const beacon = new URL(src.replace(/&#38;/g, '&'));
  const response = await t.app.inject({ method: 'GET', url: `${beacon.pathname}${beacon.search}` });
  expect(response.statusCode).toBeLessThan(400);
}

async function recorded(slotId: number, dspId: number) {
  await t.app.delivery().flush();
  const [row] = await t.db
    .select({
      impressions: sql<number>`coalesce(sum(${statsHourly.impressions}), 0)`.mapWith(Number),
      income: sql<number>`coalesce(sum(${statsHourly.income}), 0)`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${statsHourly.partnerRevenue}), 0)`.mapWith(Number),
      take: sql<number>`coalesce(sum(${statsHourly.partnerTake}), 0)`.mapWith(Number),
    })
    .from(statsHourly)
    .where(and(eq(statsHourly.slotId, slotId), eq(statsHourly.dspId, dspId)));
  return row;
}

describe('a partner winning a caller’s auction', () => {
  it('at 1: offers the net bid 1.60 without notices, tells the partner at 1, records its full bid', async () => {
    const { slotId, dspId } = await pricedSlot({ dsp: 800 });
    const { id, bid, sent } = await auction(slotId, 1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.at).toBe(1);
    expect(bid.adm).toContain('partner ad');
    expect(bid.price).toBe(1.6);
    // The caller charges what we bid: nothing to learn from a notice.
    expect(bid.burl).toBeUndefined();
    expect(bid.nurl).toBeUndefined();
    // The partner's win notice goes when it wins: it pays its bid.
    expect(partnerNotices(id, '/nurl')).toEqual([{ p: '2', id, mbr: '1', loss: '0' }]);
    await renderImpression(bid.adm);
    await t.app.delivery().notices.drain();
    expect(partnerNotices(id, '/burl')).toEqual([{ p: '2', id, mbr: '1', loss: '0' }]);
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 1,
      income: 1_600,
      revenue: 2_000,
      take: 400,
    });
  });

  it('at 2: offers 1.60, settles once on the caller’s notice of 1.31 (1638 paid, 328 taken, 1310 shared)', async () => {
    const { slotId, dspId } = await pricedSlot({ dsp: 800 });
    const { id, bid, sent } = await auction(slotId, 2);
    expect(sent[0]?.at).toBe(2);
    expect(bid.price).toBe(1.6);
    expect(bid.burl).toContain('/track/bill?');
    expect(bid.burl).toContain('p=${AUCTION_PRICE}');
    expect(bid.nurl).toContain('/track/win?');
    // Nothing is told the partner before the caller names its price.
    expect(partnerNotices(id, '/nurl')).toEqual([]);
    await renderImpression(bid.adm);
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 1,
      income: 0,
      revenue: 0,
      take: 0,
    });
    // A notice without a price is refused: nothing billed, nothing told.
    for (const price of ['', '${AUCTION_PRICE}', 'abc', '-1'])
      await fireBillingNotice(bid.burl, price);
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 1,
      income: 0,
      revenue: 0,
      take: 0,
    });
    expect(partnerNotices(id, '/burl')).toEqual([]);
    // 1.31 grossed up by the 800‰ share: 1.6375 per mille; once, whatever comes after.
    await fireBillingNotice(bid.burl, '1.31');
    await fireBillingNotice(bid.burl, '1.5');
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 1,
      income: 1_310,
      revenue: 1_638,
      take: 328,
    });
    const told = { p: '1.6375', id, mbr: '0.8188', loss: '0' };
    expect(partnerNotices(id, '/nurl')).toEqual([told]);
    expect(partnerNotices(id, '/burl')).toEqual([told]);
  });

  it('with no at (OpenRTB’s default 2): the same offer, a notice above it held to 1.60', async () => {
    const { slotId, dspId } = await pricedSlot({ dsp: 800 });
    const { id, bid, sent } = await auction(slotId, undefined);
    expect(sent[0]?.at).toBe(2);
    expect(bid.price).toBe(1.6);
    await fireBillingNotice(bid.burl, '1.75');
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 0,
      income: 1_600,
      revenue: 2_000,
      take: 400,
    });
    expect(partnerNotices(id, '/burl')).toEqual([{ p: '2', id, mbr: '1', loss: '0' }]);
  });

  it('our own ad at 2: offered its 1.20 eCPM, charged the caller’s 0.90 on its billing notice, once', async () => {
    // A share of 200‰ nets the partner's 2.00 to 0.40, under the floor: our own plan wins.
    const { slotId } = await pricedSlot({ dsp: 200 });
    const { bid } = await auction(slotId, 2);
    expect(bid.adm).not.toContain('partner ad');
    expect(bid.price).toBe(1.2);
    const costOf = async () => {
      await t.app.delivery().flush();
      const [row] = await t.db
        .select({ cost: sql<number>`coalesce(sum(${statsHourly.cost}), 0)`.mapWith(Number) })
        .from(statsHourly)
        .where(eq(statsHourly.slotId, slotId));
      return row?.cost ?? 0;
    };
    await renderImpression(bid.adm);
    expect(await costOf()).toBe(0);
    await fireBillingNotice(bid.burl, 'abc');
    expect(await costOf()).toBe(0);
    await fireBillingNotice(bid.burl, '0.9');
    await fireBillingNotice(bid.burl, '1.1');
    expect(await costOf()).toBe(900);
  });

  it('an SSP strategy’s share overrides the partner’s: at 500‰ its 2.00 counts 1.00 and our 1.20 wins at first price', async () => {
    const { slotId } = await pricedSlot({ dsp: 1000, strategy: 500 });
    const { bid } = await auction(slotId, 1);
    expect(bid.adm).not.toContain('partner ad');
    expect(bid.price).toBe(1.2);
  });
});
