/**
 * Losses at the caller (docs/decisions/partner-pricing.md, worked example 4): every bid we
 * answer on /openrtb2/auction carries an lurl with OpenRTB 2.6's loss macros. A fake partner
 * bids 2.00 at an 800‰ share (offered 1.60); when the caller says we lost (code 102, cleared
 * at 1.90, 1.70 would have won), the partner's own lurl is fired once with that code and the
 * prices in its terms (× 2.00 / 1.60). An own bid's loss is counted once. Forged, unfilled
 * or repeated notices are refused.
 */
import { randomUUID } from 'node:crypto';
import { Billing, OWN_DEMAND_DSP_ID } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must, noticeHealthOf, partnerHealthRows } from '../test-kit.js';

interface SentRequest {
  id: string;
  imp: { id: string }[];
}

interface AnsweredBid {
  adm: string;
  price: number;
  lurl?: string;
}

const LOSS_MACROS =
  'loss=${AUCTION_LOSS}&p=${AUCTION_PRICE}&m=${AUCTION_MIN_TO_WIN}&id=${AUCTION_ID}';

let t: TestApp;
let partner: ScriptedDsp;

beforeAll(async () => {
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
            bid: request.imp.map((imp) => ({
              id: `bid-${imp.id}`,
              impid: imp.id,
              price: 2,
              adm: `<div>partner ad ${imp.id}</div>`,
              crid: `cr-${imp.id}`,
              lurl: `${partner.url('/lurl')}?${LOSS_MACROS}`,
              w: 320,
              h: 50,
            })),
          },
        ],
      },
    };
  });
  // Its own database: the partner health it reads sums every file's rows of our own demand.
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'caller-loss-secret-of-at-least-32-chars!!',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

/** The partner of the last slot made. */
let partnerId = 0;

/** A slot with our own 1.20 CPM bid and all its traffic offered to a partner of this share. */
async function slotWithPartner(share: number) {
  const dsp = await buildDsp(t.db, {
    requestUrl: partner.url('/rtb'),
    timeoutMs: 1000,
    percent: share,
  });
  const s = await buildServingScenario(t.db, {
    plan: { billing: Billing.cpm, bid: 1_200_000 },
    strategy: { bid: 1_200_000 },
  });
  await buildSspStrategy(t.db, s.slot.id, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
  await t.app.delivery().sync();
  partnerId = dsp.id;
  return s.slot.id;
}

async function auction(slotId: number, at?: number) {
  const id = `loss-${randomUUID()}`;
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
  const answer = JSON.parse(response.body) as { seatbid?: { bid: AnsweredBid[] }[] };
  return { id, bid: must(answer.seatbid?.[0]?.bid[0], 'a bid') };
}

/** Our lurl as the caller fires it: its macros replaced by these values (absent: left as is). */
async function fireLoss(lurl: string, values: { r?: string; p?: string; m?: string }) {
  let url = lurl;
  if (values.r !== undefined) url = url.replace('${AUCTION_LOSS}', encodeURIComponent(values.r));
  if (values.p !== undefined) url = url.replace('${AUCTION_PRICE}', encodeURIComponent(values.p));
  if (values.m !== undefined) {
    url = url.replace('${AUCTION_MIN_TO_WIN}', encodeURIComponent(values.m));
  }
  const parsed = new URL(url);
  const response = await t.app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}` });
  expect(response.statusCode).toBe(204);
  await t.app.delivery().notices.drain();
}

function partnerLosses(auctionId: string) {
  return partner.requests
    .filter((request) => request.method === 'GET' && request.path === '/lurl')
    .map((request) => Object.fromEntries(new URLSearchParams(request.search)))
    .filter((query) => query.id === auctionId);
}

describe('a loss notice from the caller', () => {
  it('our bid carries an lurl with the loss code, the clearing price and the price to win', async () => {
    const slotId = await slotWithPartner(800);
    const { bid } = await auction(slotId, 2);
    const lurl = new URL(must(bid.lurl, 'an lurl'));
    expect(lurl.pathname).toBe('/track/loss');
    expect(must(lurl.searchParams.get('t'), 'a token').length).toBeGreaterThan(40);
    expect(lurl.searchParams.get('r')).toBe('${AUCTION_LOSS}');
    expect(lurl.searchParams.get('p')).toBe('${AUCTION_PRICE}');
    expect(lurl.searchParams.get('m')).toBe('${AUCTION_MIN_TO_WIN}');
  });

  it('a resold partner bid: the partner’s lurl fires once, code 102, prices in its terms', async () => {
    const slotId = await slotWithPartner(800);
    const { id, bid } = await auction(slotId, 2);
    expect(bid.price).toBe(1.6);
    const lurl = must(bid.lurl, 'an lurl');
    // Nothing was told the partner before the caller's notice (it won our auction).
    expect(partnerLosses(id)).toEqual([]);
    const before = { ...t.app.delivery().callerLosses };
    await fireLoss(lurl, { r: '102', p: '1.9', m: '1.7' });
    // 1.90 × 2.00 / 1.60 = 2.375; 1.70 × 2.00 / 1.60 = 2.125.
    expect(partnerLosses(id)).toEqual([{ loss: '102', p: '2.375', m: '2.125', id }]);
    // Once: a repeated notice (another code even) tells the partner nothing more.
    await fireLoss(lurl, { r: '102', p: '1.9', m: '1.7' });
    await fireLoss(lurl, { r: '104', p: '1', m: '1' });
    expect(partnerLosses(id)).toHaveLength(1);
    expect(t.app.delivery().callerLosses).toEqual({
      partner: before.partner + 1,
      own: before.own,
      refused: before.refused + 2,
    });
    // Kept in the partner's health row, for the DSP screen.
    expect(await noticeHealthOf(t, partnerId)).toEqual({ callerLosses: 1, unbilled: 0 });
  });

  it('at 1 too; without prices the partner is told the code and a price of 0', async () => {
    const slotId = await slotWithPartner(800);
    const { id, bid } = await auction(slotId, 1);
    await fireLoss(must(bid.lurl, 'an lurl'), { r: '103' });
    expect(partnerLosses(id)).toEqual([{ loss: '103', p: '0', m: '${AUCTION_MIN_TO_WIN}', id }]);
  });

  it('refuses a forged token, an unfilled or zero loss code: nothing is relayed', async () => {
    const slotId = await slotWithPartner(800);
    const { id, bid } = await auction(slotId, 2);
    const lurl = must(bid.lurl, 'an lurl');
    const forged = lurl.replace(/t=([^&]+)/, (_all, token: string) => `t=${token.slice(0, -2)}AA`);
    await fireLoss(forged, { r: '102', p: '1.9', m: '1.7' });
    await fireLoss(lurl, { p: '1.9', m: '1.7' });
    await fireLoss(lurl, { r: '0', p: '1.9', m: '1.7' });
    await fireLoss(lurl, { r: 'abc', p: '1.9', m: '1.7' });
    expect(partnerLosses(id)).toEqual([]);
    // The genuine notice still relays afterwards.
    await fireLoss(lurl, { r: '102', p: '1.9', m: '1.7' });
    expect(partnerLosses(id)).toHaveLength(1);
  });

  it('our own bid’s loss is counted once', async () => {
    // A 200‰ share nets the partner's 2.00 to 0.40, under the floor: our own 1.20 wins.
    const slotId = await slotWithPartner(200);
    const { bid } = await auction(slotId, 2);
    expect(bid.adm).not.toContain('partner ad');
    const before = { ...t.app.delivery().callerLosses };
    const ownBefore = await noticeHealthOf(t, 0);
    const lurl = must(bid.lurl, 'an lurl');
    await fireLoss(lurl, { r: '102', p: '1.5', m: '1.3' });
    await fireLoss(lurl, { r: '102', p: '1.5', m: '1.3' });
    expect(t.app.delivery().callerLosses).toEqual({
      partner: before.partner,
      own: before.own + 1,
      refused: before.refused + 1,
    });
    expect((await noticeHealthOf(t, 0)).callerLosses).toBe(ownBefore.callerLosses + 1);

    // On the DSP screen's partner health: our own demand's row, after the partners'.
    const rows = await partnerHealthRows(t);
    expect(rows.at(-1)).toEqual({
      dsp_id: OWN_DEMAND_DSP_ID,
      dsp_name: '',
      calls: 0,
      bids: 0,
      timeouts: 0,
      errors: 0,
      wins: 0,
      bid_rate: null,
      timeout_rate: null,
      avg_latency_ms: null,
      caller_losses: ownBefore.callerLosses + 1,
      unbilled: ownBefore.unbilled,
      rejections: [],
    });
    expect(rows.filter((row) => row.dsp_id === OWN_DEMAND_DSP_ID)).toHaveLength(1);
  });
});
