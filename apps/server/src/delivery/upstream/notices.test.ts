/**
 * Partner notices through the real entry points, with a fake partner on loopback that bids
 * with nurl, burl and lurl pointing back at itself: the win notice fired by the server once
 * when the bid wins our auction, the billing notice once when our impression beacon fires
 * (however often it is called), the loss notice with its reason code to a partner that lost;
 * every OpenRTB 2.6 macro filled. Own-DSP billing notices without a price bill nothing.
 */
import { randomUUID } from 'node:crypto';
import { Billing, type ServeAdAnswer } from '@adloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must } from '../test-kit.js';
import { NoticeQueue } from './notices.js';

const MACROS =
  'p=${AUCTION_PRICE}&id=${AUCTION_ID}&imp=${AUCTION_IMP_ID}&bid=${AUCTION_BID_ID}' +
  '&seat=${AUCTION_SEAT_ID}&ad=${AUCTION_AD_ID}&cur=${AUCTION_CURRENCY}&mbr=${AUCTION_MBR}' +
  '&loss=${AUCTION_LOSS}&min=${AUCTION_MIN_TO_WIN}';

let t: TestApp;
let partner: ScriptedDsp;
/** What the partner bids next, currency units CPM. */
let nextPrice = 3;

beforeAll(async () => {
  partner = await startScriptedDsp(({ method, body }) => {
    if (method !== 'POST') return { status: 204 };
    const request = body as { id: string; imp: { id: string }[] };
    const imp = must(request.imp[0], 'an imp');
    const notice = (path: string) => `${partner.url(path)}?${MACROS}`;
    return {
      status: 200,
      body: {
        id: request.id,
        bidid: 'response-7',
        cur: 'USD',
        seatbid: [
          {
            seat: 'seat-9',
            bid: [
              {
                id: 'bid-1',
                impid: imp.id,
                price: nextPrice,
                adid: 'ad-5',
                crid: 'cr-5',
                adm: '<div>partner ad ${AUCTION_PRICE}</div>',
                nurl: notice('/nurl'),
                burl: notice('/burl'),
                lurl: notice('/lurl'),
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
      TRACKING_SECRET: 'notices-test-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

/** A slot whose own plan bids 1.00 CPM over a 0.50 floor, all its traffic to the partner. */
async function slotWithPartner() {
  const s = await buildServingScenario(t.db, {
    plan: { billing: Billing.cpm, bid: 1_000_000 },
    slot: { lowestBid: 500_000 },
  });
  const dsp = await buildDsp(t.db, { requestUrl: partner.url('/rtb'), timeoutMs: 1000 });
  await buildSspStrategy(t.db, s.slot.id, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
  await t.app.delivery().sync();
  return s.slot.id;
}

async function serve(slotId: number, price: number) {
  nextPrice = price;
  const response = await t.app.inject({
    method: 'GET',
    url: `/serve/ad?slot_id=${slotId}&os=1&country=US&uid=u-${randomUUID()}`,
  });
  const answer = response.json() as ServeAdAnswer;
  const auctionId = answer.request_id;
  await t.app.delivery().notices.drain();
  return { answer, auctionId };
}

/** The notices the partner got for an auction, by path, as their query's values. */
function noticesOf(auctionId: string, path: string) {
  return partner.requests
    .filter((request) => request.method === 'GET' && request.path === path)
    .map((request) => new URLSearchParams(request.search))
    .filter((query) => query.get('id') === auctionId)
    .map((query) => Object.fromEntries(query));
}

describe('partner notices', () => {
  it('fires the win notice once from the server and the billing notice once on our beacon', async () => {
    const slotId = await slotWithPartner();
    const { answer, auctionId } = await serve(slotId, 3);
    if (!answer.fill) throw new Error(`no fill: ${answer.reason}`);
    expect(answer.ad.source).toBe('partner');
    // The device fires nothing of the partner's: the server did.
    expect(answer.notice_urls).toEqual([]);
    // Second price: our plan's 1.00 + 0.01, in the partner's terms (no share).
    const filled = {
      p: '1.01',
      id: auctionId,
      imp: '1',
      bid: 'response-7',
      seat: 'seat-9',
      ad: 'ad-5',
      cur: 'USD',
      mbr: '0.3367',
      loss: '0',
      min: '${AUCTION_MIN_TO_WIN}',
    };
    expect(noticesOf(auctionId, '/nurl')).toEqual([filled]);
    expect(answer.ad.adm).toContain('partner ad 1.01');
    expect(noticesOf(auctionId, '/burl')).toEqual([]);

    const beacon = new URL(must(answer.impression_urls[0], 'a beacon'));
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({ method: 'GET', url: `${beacon.pathname}${beacon.search}` });
    }
    await t.app.delivery().notices.drain();
    expect(noticesOf(auctionId, '/burl')).toEqual([filled]);
    expect(noticesOf(auctionId, '/lurl')).toEqual([]);
  });

  it('tells an outbid partner it lost (102), the price and what would have won', async () => {
    const slotId = await slotWithPartner();
    const { answer, auctionId } = await serve(slotId, 0.6);
    if (!answer.fill) throw new Error(`no fill: ${answer.reason}`);
    expect(answer.ad.source).not.toBe('partner');
    // Our plan won at the partner's 0.60 + 0.01.
    expect(noticesOf(auctionId, '/lurl')).toEqual([
      expect.objectContaining({ p: '0.61', loss: '102', min: '0.61', imp: '1', seat: 'seat-9' }),
    ]);
    expect(noticesOf(auctionId, '/nurl')).toEqual([]);
    expect(noticesOf(auctionId, '/burl')).toEqual([]);
  });

  it('tells a partner below the floor it lost (100)', async () => {
    const slotId = await slotWithPartner();
    const { auctionId } = await serve(slotId, 0.3);
    expect(noticesOf(auctionId, '/lurl')).toEqual([
      expect.objectContaining({ loss: '100', p: '0.51', min: '0.51' }),
    ]);
  });
});

describe("the own DSP's billing notice", () => {
  it('bills nothing on a notice without a numeric price, then the price it names', async () => {
    // Outbids every other plan in this file's database on the own DSP.
    const s = await buildServingScenario(t.db, { plan: { bid: 50_000_000 } });
    await t.app.delivery().sync();
    const response = await t.app.inject({
      method: 'POST',
      url: '/dsp/openrtb2',
      payload: {
        id: `own-${randomUUID()}`,
        imp: [{ id: '1', tagid: 'exchange-17', banner: { w: 320, h: 50 }, bidfloor: 0.2 }],
        app: { bundle: 'com.exchange.app' },
        device: { os: 'Android', geo: { country: 'USA' } },
      },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { seatbid: { bid: { burl: string }[] }[] };
    const burl = new URL(must(must(answer.seatbid[0], 'a seat').bid[0], 'a bid').burl);
    const at = (price: string) =>
      `${burl.pathname}${burl.search.replace('${AUCTION_PRICE}', encodeURIComponent(price))}`;
    for (const price of ['', '${AUCTION_PRICE}', 'abc', '-1', '1e3']) {
      await t.app.inject({ method: 'GET', url: at(price) });
    }
    await t.app.delivery().flush();
    const costOf = async () => {
      const [row] = await t.db
        .select({ cost: sql<number>`coalesce(sum(${statsHourly.cost}), 0)`.mapWith(Number) })
        .from(statsHourly)
        .where(and(eq(statsHourly.planId, s.plan.id), eq(statsHourly.slotId, 0)));
      return row?.cost ?? 0;
    };
    expect(await costOf()).toBe(0);
    await t.app.inject({ method: 'GET', url: at('0.15') });
    await t.app.delivery().flush();
    expect(await costOf()).toBe(150);
  });
});

describe('the notice queue', () => {
  it('retries a failing notice and gives up after its last attempt', async () => {
    let calls = 0;
    const failing = await startScriptedDsp(() => {
      calls += 1;
      return { status: calls < 2 ? 503 : 200 };
    });
    try {
      const queue = new NoticeQueue({ allowPrivate: true, retryDelaysMs: [1, 1] });
      queue.fire(failing.url('/n'));
      await queue.drain();
      expect(calls).toBe(2);
      expect(queue.stats).toMatchObject({ sent: 1, retried: 1, failed: 0 });
      calls = -10;
      queue.fire(failing.url('/n'));
      await queue.drain();
      expect(calls).toBe(-7);
      expect(queue.stats).toMatchObject({ sent: 1, retried: 3, failed: 1 });
    } finally {
      await failing.close();
    }
  });

  it('refuses a private address without private networks allowed, without retrying', async () => {
    const queue = new NoticeQueue({ allowPrivate: false, retryDelaysMs: [1, 1] });
    queue.fire('http://127.0.0.1:9/n');
    await queue.drain();
    expect(queue.stats).toMatchObject({ sent: 0, retried: 0, failed: 1 });
  });
});
