/**
 * The no-notice fallback (docs/decisions/partner-pricing.md, no notice): an impression sold
 * in a caller's second-price auction whose billing notice never comes stays unbilled, and is
 * counted as an unbilled impression once the notice can no longer come (its token expired),
 * once — whichever way round the impression and a notice arrive, and never for an ad that
 * was not shown, nor for a notice refused for want of a price.
 */
import { randomUUID } from 'node:crypto';
import { Billing, TRACKING_TOKEN_TTL_SECONDS } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must, noticeHealthOf } from '../test-kit.js';

interface AnsweredBid {
  adm: string;
  burl?: string;
}

let t: TestApp;
let partner: ScriptedDsp;
/** Past every token made in this file. */
const AFTER_EXPIRY = () => Date.now() + (TRACKING_TOKEN_TTL_SECONDS + 60) * 1000;

beforeAll(async () => {
  partner = await startScriptedDsp(({ method, body }) => {
    if (method !== 'POST') return { status: 204 };
    const request = body as { id: string; imp: { id: string }[] };
    return {
      status: 200,
      body: {
        id: request.id,
        seatbid: [
          {
            bid: request.imp.map((imp) => ({
              id: `bid-${imp.id}`,
              impid: imp.id,
              price: 2,
              adm: `<div>partner ad ${imp.id}</div>`,
              crid: 'cr-1',
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
      TRACKING_SECRET: 'unbilled-secret-of-at-least-32-characters',
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

/** A slot with our own 1.20 CPM plan and a partner bidding 2.00 at this share (200‰: ours wins). */
async function slot(share: number) {
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

async function auction(slotId: number, at: number): Promise<AnsweredBid> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id: `unbilled-${randomUUID()}`,
      at,
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

async function show(adm: string) {
  const src = must(/src="([^"]*\/track\/imp\?t=[^"]*)"/.exec(adm)?.[1], 'our beacon');
  const url = new URL(src.replace(/&#38;/g, '&'));
  await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

async function notify(burl: string | undefined, price: string) {
  const url = new URL(must(burl, 'a burl'));
  const path = `${url.pathname}${url.search.replace('${AUCTION_PRICE}', price)}`;
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(204);
}

/** Sweeps past the tokens' expiry; answers what was counted, by kind. */
async function sweep() {
  const engine = t.app.delivery();
  const before = { ...engine.unbilledImpressions };
  const swept = await engine.sweepUnbilled(AFTER_EXPIRY());
  const after = engine.unbilledImpressions;
  return { swept, partner: after.partner - before.partner, own: after.own - before.own };
}

describe('impressions whose caller never sends a billing notice', () => {
  it('a partner ad shown without a notice is counted unbilled once, after its token expired', async () => {
    const bid = await auction(await slot(800), 2);
    expect(bid.adm).toContain('partner ad');
    await show(bid.adm);
    // Not before the notice can no longer come.
    expect(await t.app.delivery().sweepUnbilled(Date.now())).toBe(0);
    expect(await sweep()).toEqual({ swept: 1, partner: 1, own: 0 });
    expect(await sweep()).toEqual({ swept: 0, partner: 0, own: 0 });
    // Kept in the partner's health row, for the DSP screen.
    expect(await noticeHealthOf(t, partnerId)).toEqual({ callerLosses: 0, unbilled: 1 });
  });

  it('our own ad shown without a notice is counted unbilled; a refused notice does not count', async () => {
    const bid = await auction(await slot(200), 2);
    expect(bid.adm).not.toContain('partner ad');
    await show(bid.adm);
    await notify(bid.burl, '${AUCTION_PRICE}');
    expect(await sweep()).toEqual({ swept: 1, partner: 0, own: 1 });
  });

  it('a notice, before or after the impression, leaves nothing unbilled', async () => {
    const shownFirst = await auction(await slot(800), 2);
    await show(shownFirst.adm);
    await notify(shownFirst.burl, '1.31');
    const billedFirst = await auction(await slot(200), 2);
    await notify(billedFirst.burl, '0.9');
    await show(billedFirst.adm);
    expect(await sweep()).toEqual({ swept: 0, partner: 0, own: 0 });
  });

  it('an ad never shown is not an unbilled impression; at 1 nothing waits for a notice', async () => {
    await auction(await slot(800), 2);
    const firstPrice = await auction(await slot(800), 1);
    await show(firstPrice.adm);
    expect(await sweep()).toEqual({ swept: 0, partner: 0, own: 0 });
  });
});
