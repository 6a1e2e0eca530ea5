/**
 * Currencies through the real entry points (docs/decisions/currencies.md), with rates an
 * operator set: EUR 0.92 and JPY 150 per US dollar. A caller allowing only euros is answered
 * in euros; a floor in euros is held in dollars (rounded up); a partner bidding in yen is
 * converted and told its prices in yen; a currency without a rate is declined with its
 * reason, and a partner's refused bids are counted by reason in its health.
 */
import { randomUUID } from 'node:crypto';
import { Billing, ENDPOINTS, NO_BID_REASON, type PartnerHealth } from '@adloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, statsHourly } from '../../db/schema.js';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildActor, call, type Actor } from '../../test/settings.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must } from '../test-kit.js';

const MACROS = 'p=${AUCTION_PRICE}&cur=${AUCTION_CURRENCY}&mbr=${AUCTION_MBR}';

let t: TestApp;
let admin: Actor;
let partner: ScriptedDsp;
/** How the partner answers next: its currency, price and whether it names a creative. */
let answer = { cur: 'JPY', price: 300, crid: 'cr-1' as string | undefined };

interface Body {
  seatbid?: { bid: { price: number; adm: string; nurl?: string; burl?: string }[] }[];
  cur?: string;
  nbr?: number;
}

beforeAll(async () => {
  partner = await startScriptedDsp(({ method, body }) => {
    if (method !== 'POST') return { status: 204 };
    const request = body as { id: string; imp: { id: string }[] };
    const imp = must(request.imp[0], 'an imp');
    return {
      status: 200,
      body: {
        id: request.id,
        cur: answer.cur,
        seatbid: [
          {
            seat: 'seat-1',
            bid: [
              {
                id: 'bid-1',
                impid: imp.id,
                price: answer.price,
                ...(answer.crid ? { crid: answer.crid } : {}),
                adm: '<div>partner ad</div>',
                nurl: `${partner.url('/nurl')}?${MACROS}`,
                w: 320,
                h: 50,
              },
            ],
          },
        ],
      },
    };
  });
  // The own DSP bids with every live plan in the database: on PostgreSQL, not other files'.
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'currency-test-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
  admin = await buildActor(t.db);
  await t.db.insert(currencyRates).values([
    { code: 'EUR', perUsdMicros: 920_000 },
    { code: 'JPY', perUsdMicros: 150_000_000 },
    // An inactive rate converts nothing.
    { code: 'GBP', perUsdMicros: 790_000, status: 1 },
  ]);
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

const bidRequest = (slotId: number, extra: Record<string, unknown> = {}) => ({
  id: `req-${randomUUID()}`,
  imp: [{ id: '1', tagid: String(slotId), banner: { w: 320, h: 50 } }],
  app: { bundle: 'com.test.app', ver: '1.0.0' },
  device: { os: 'Android', geo: { country: 'USA' } },
  user: { id: `u-${randomUUID()}` },
  tmax: 800,
  ...extra,
});

async function auction(path: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: path, payload });
  const body = response.body ? (response.json() as Body) : undefined;
  const bid = body?.seatbid?.[0]?.bid[0];
  return { status: response.statusCode, body, bid };
}

const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('an OpenRTB caller in another currency', () => {
  it('answers a caller allowing only euros in euros, our dollar price converted', async () => {
    const s = await buildServingScenario(t.db, { plan: { billing: Billing.cpm, bid: 510_000 } });
    await t.app.delivery().sync();
    const usd = await auction('/openrtb2/auction', bidRequest(s.slot.id, { cur: ['USD'] }));
    const eur = await auction('/openrtb2/auction', bidRequest(s.slot.id, { cur: ['EUR'] }));
    expect(usd.body?.cur).toBe('USD');
    expect(eur.status).toBe(200);
    expect(eur.body?.cur).toBe('EUR');
    const dollars = must(usd.bid, 'a dollar bid').price;
    // Worked example: our offer (the plan's 0.51 USD) × 0.92 EUR/USD = 0.4692 EUR (rounded
    // down to a micro).
    expect(dollars).toBeCloseTo(0.51, 6);
    expect(must(eur.bid, 'a euro bid').price).toBeCloseTo(0.4692, 6);
  });

  it('holds a floor in euros in dollars, rounded up, and never answers under it', async () => {
    const s = await buildServingScenario(t.db, { plan: { billing: Billing.cpm, bid: 2_000_000 } });
    await t.app.delivery().sync();
    const floored = (bidfloor: number) =>
      bidRequest(s.slot.id, {
        cur: ['EUR'],
        imp: [
          {
            id: '1',
            tagid: String(s.slot.id),
            banner: { w: 320, h: 50 },
            bidfloor,
            bidfloorcur: 'EUR',
          },
        ],
      });
    // 1.00 EUR = 1.086957 USD (rounded up), under our 2.00 USD offer (the caller runs the final
    // auction: it is offered our winner's worth), 1.84 EUR back in its currency.
    const under = await auction('/openrtb2/auction', floored(1));
    expect(must(under.bid, 'a bid').price).toBeCloseTo(1.84, 6);
    // 2.00 EUR = 2.173913 USD: above our plan's 2.00 USD bid, so no bid.
    const over = await auction('/openrtb2/auction', floored(2));
    expect(over.status).toBe(204);
  });

  it('declines a request allowing only currencies without an active rate, with its reason', async () => {
    const s = await buildServingScenario(t.db, { plan: { billing: Billing.cpm, bid: 2_000_000 } });
    await t.app.delivery().sync();
    for (const cur of [['SEK'], ['GBP'], ['XYZ']]) {
      const declined = await auction('/openrtb2/auction', bidRequest(s.slot.id, { cur }));
      expect(declined.status).toBe(200);
      expect(declined.body?.nbr).toBe(NO_BID_REASON.unsupportedCurrency);
      expect(declined.body?.seatbid).toEqual([]);
    }
    // A floor in a currency without a rate cannot be held: that impression gets no bid.
    const unpriced = await auction(
      '/openrtb2/auction',
      bidRequest(s.slot.id, {
        imp: [
          {
            id: '1',
            tagid: String(s.slot.id),
            banner: { w: 320, h: 50 },
            bidfloor: 1,
            bidfloorcur: 'SEK',
          },
        ],
      }),
    );
    expect(unpriced.status).toBe(204);
  });

  it("bills an own-DSP sale in euros at the exchange's price, in dollars", async () => {
    const s = await buildServingScenario(t.db, { plan: { billing: Billing.cpm, bid: 30_000_000 } });
    await t.app.delivery().sync();
    const payload = bidRequest(s.slot.id, { cur: ['EUR'] });
    const sold = await auction('/dsp/openrtb2', {
      ...payload,
      imp: [{ id: '1', tagid: 'exchange-placement-3', banner: { w: 320, h: 50 } }],
    });
    expect(sold.body?.cur).toBe('EUR');
    const burl = must(sold.bid?.burl, 'a billing notice');
    expect(burl).toContain('&c=EUR&p=${AUCTION_PRICE}');
    // The exchange cleared at 0.46 EUR = 0.5 USD CPM: 500 micros for the impression.
    const billed = await t.app.inject({
      method: 'GET',
      url: local(burl.replace('${AUCTION_PRICE}', '0.46')),
    });
    expect(billed.statusCode).toBe(204);
    await t.app.delivery().flush();
    const [row] = await t.db
      .select({ cost: sql<number>`coalesce(sum(${statsHourly.cost}), 0)`.mapWith(Number) })
      .from(statsHourly)
      .where(and(eq(statsHourly.planId, s.plan.id), eq(statsHourly.slotId, 0)));
    expect(row?.cost).toBe(500);
  });
});

describe('a partner bidding in another currency', () => {
  async function slotWithPartner(config: Record<string, unknown>) {
    const s = await buildServingScenario(t.db, {
      plan: { billing: Billing.cpm, bid: 1_000_000 },
      slot: { lowestBid: 500_000 },
    });
    const dsp = await buildDsp(t.db, { requestUrl: partner.url('/rtb'), timeoutMs: 1000, config });
    await buildSspStrategy(t.db, s.slot.id, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
    await t.app.delivery().sync();
    return { slotId: s.slot.id, dspId: dsp.id };
  }

  async function healthOf(dspId: number): Promise<PartnerHealth> {
    await t.app.delivery().flush();
    const result = await call<PartnerHealth[]>(t.app, ENDPOINTS.partnerHealth, admin.token, {
      query: 'hours=1',
    });
    return must(
      result.body.data.find((row) => row.dsp_id === dspId),
      'the partner',
    );
  }

  it('offers the partner its own currency, takes its yen bid converted and tells it prices in yen', async () => {
    answer = { cur: 'JPY', price: 300, crid: 'cr-1' };
    const { slotId } = await slotWithPartner({ currency: 'jpy' });
    const before = partner.requests.length;
    const won = await auction('/openrtb2/auction', bidRequest(slotId, { cur: ['USD'] }));
    const sent = partner.requests.slice(before).find((request) => request.method === 'POST');
    expect((sent?.body as { cur?: string[] }).cur).toEqual(['USD', 'JPY']);
    // 300 JPY ÷ 150 = 2.00 USD: above our own plan's 1.00, so the partner wins.
    expect(must(won.bid, 'a bid').adm).toContain('partner ad');
    expect(won.body?.cur).toBe('USD');
    // Offered its 2.00 USD; the caller's second price (its billing notice) is 1.50 USD.
    expect(must(won.bid, 'a bid').price).toBe(2);
    const burl = must(won.bid?.burl, 'our billing notice');
    await t.app.inject({ method: 'GET', url: local(burl.replace('${AUCTION_PRICE}', '1.5')) });
    await t.app.delivery().notices.drain();
    const nurl = partner.requests.slice(before).find((request) => request.path === '/nurl');
    const query = new URLSearchParams(must(nurl, 'a win notice').search);
    expect(query.get('cur')).toBe('JPY');
    // The price it pays, in yen: 1.50 USD × 150 = 225 JPY, three quarters of its bid.
    expect(query.get('p')).toBe('225');
    expect(query.get('mbr')).toBe('0.75');
  });

  it('refuses bids in a currency without a rate and counts every refusal by reason', async () => {
    const { slotId, dspId } = await slotWithPartner({});
    answer = { cur: 'CHF', price: 5, crid: 'cr-2' };
    const first = await auction('/openrtb2/auction', bidRequest(slotId));
    // Our own plan serves instead.
    expect(must(first.bid, 'a bid').adm).not.toContain('partner ad');
    answer = { cur: 'USD', price: 5, crid: undefined };
    await auction('/openrtb2/auction', bidRequest(slotId));
    answer = { cur: 'CHF', price: 5, crid: 'cr-3' };
    await auction('/openrtb2/auction', bidRequest(slotId));
    const health = await healthOf(dspId);
    expect(health.calls).toBe(3);
    expect(health.rejections).toEqual([
      { reason: 'currency', bids: 2 },
      { reason: 'noCreativeId', bids: 1 },
    ]);
  });

  it('counts a bid under the floor', async () => {
    const { slotId, dspId } = await slotWithPartner({});
    answer = { cur: 'USD', price: 0.2, crid: 'cr-4' };
    await auction('/openrtb2/auction', bidRequest(slotId));
    expect((await healthOf(dspId)).rejections).toEqual([{ reason: 'belowFloor', bids: 1 }]);
  });
});
