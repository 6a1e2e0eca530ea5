/**
 * Partner pricing end to end (docs/decisions/partner-pricing.md, worked example 1): a fake
 * partner bids 2.00 and passes on 800‰ (our take 20 %), our own demand bids 1.20, the slot's
 * floor is 0.50. Through /openrtb2/auction the caller is offered what its `at` says (at 2:
 * 1.21; at 1: the net bid 1.60), the partner is told the same `at`, and the impression
 * records what the partner pays, our take and the publisher's share.
 */
import { randomUUID } from 'node:crypto';
import { Billing } from '@adloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { startScriptedDsp, type ScriptedDsp } from '../../modules/dsp/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must } from '../test-kit.js';

interface SentRequest {
  id: string;
  at?: number;
  imp: { id: string }[];
}

interface Answer {
  seatbid?: { bid: { impid: string; adm: string; price: number }[] }[];
}

let t: TestApp;
let partner: ScriptedDsp;

beforeAll(async () => {
  // The partner bids 2.00 on every impression it gets.
  partner = await startScriptedDsp(({ body }) => {
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

async function auction(slotId: number, at: number) {
  const id = `pricing-${randomUUID()}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id,
      at,
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
  return { bid, sent };
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
  it('at 2: offers 1.21, tells the partner at 2, records 1513 paid, 303 taken, 1210 shared', async () => {
    const { slotId, dspId } = await pricedSlot({ dsp: 800 });
    const { bid, sent } = await auction(slotId, 2);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.at).toBe(2);
    expect(bid.adm).toContain('partner ad');
    expect(bid.price).toBe(1.21);
    await renderImpression(bid.adm);
    // 1.21 grossed up by the 800‰ share: 1.5125 per mille, 1513 micros an impression.
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 1,
      income: 1_210,
      revenue: 1_513,
      take: 303,
    });
  });

  it('at 1: offers the net bid 1.60, tells the partner at 1, records its full bid', async () => {
    const { slotId, dspId } = await pricedSlot({ dsp: 800 });
    const { bid, sent } = await auction(slotId, 1);
    expect(sent[0]?.at).toBe(1);
    expect(bid.adm).toContain('partner ad');
    expect(bid.price).toBe(1.6);
    await renderImpression(bid.adm);
    expect(await recorded(slotId, dspId)).toEqual({
      impressions: 1,
      income: 1_600,
      revenue: 2_000,
      take: 400,
    });
  });

  it('an SSP strategy’s share overrides the partner’s: at 500‰ its 2.00 counts 1.00 and our 1.20 wins at first price', async () => {
    const { slotId } = await pricedSlot({ dsp: 1000, strategy: 500 });
    const { bid } = await auction(slotId, 1);
    expect(bid.adm).not.toContain('partner ad');
    expect(bid.price).toBe(1.2);
  });
});
