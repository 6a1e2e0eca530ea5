/**
 * The delivery engine end to end through its HTTP entry points: a plan built in the database
 * serves on its slot, the impression and the click it reports are counted in stats_hourly
 * and billed in the ledger exactly once, replays and forged tokens count nothing, and the
 * OpenRTB entry points answer as the protocol says.
 */
import { Billing, OPENRTB_VERSION, PlanStatus, type ServeAdAnswer } from '@adloom/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, plans, statsHourly } from '../db/schema.js';
import type { TestApp } from '../test/app.js';
import { multipartBody } from '../test/http.js';
import { buildServingScenario, createServingTestApp, must } from './test-kit.js';

let t: TestApp;

beforeAll(async () => {
  t = await createServingTestApp();
});
afterAll(async () => {
  await t.close();
});

const engine = () => t.app.delivery();

async function serve(query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await t.app.inject({ method: 'GET', url: `/serve/ad?${search}` });
  return { status: response.statusCode, body: response.json() as ServeAdAnswer };
}

/** The path and query of one of our tracking URLs, for app.inject. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A scenario's stats: by plan and slot (other test files write rows with made-up plan ids). */
async function statsOf(scenario: { plan: { id: number }; slot: { id: number } }) {
  const [row] = await t.db
    .select({
      fills: sql<number>`coalesce(sum(${statsHourly.fills}), 0)`.mapWith(Number),
      impressions: sql<number>`coalesce(sum(${statsHourly.impressions}), 0)`.mapWith(Number),
      clicks: sql<number>`coalesce(sum(${statsHourly.clicks}), 0)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${statsHourly.cost}), 0)`.mapWith(Number),
    })
    .from(statsHourly)
    .where(and(eq(statsHourly.planId, scenario.plan.id), eq(statsHourly.slotId, scenario.slot.id)));
  return must(row, 'a stats row');
}

async function requestsOf(slotId: number) {
  const [row] = await t.db
    .select({ requests: sql<number>`coalesce(sum(${statsHourly.requests}), 0)`.mapWith(Number) })
    .from(statsHourly)
    .where(eq(statsHourly.slotId, slotId));
  return must(row, 'a stats row').requests;
}

async function spendOf(userId: number) {
  const rows = await t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'spend')))
    .orderBy(desc(ledgerEntries.id));
  return { total: -rows.reduce((sum, row) => sum + row.amount, 0), latest: rows[0] };
}

describe('serving an own plan through /serve/ad', () => {
  it('serves, and counts and bills its impression and click exactly once', async () => {
    const s = await buildServingScenario(t.db, {
      plan: { billing: Billing.cpm, bid: 2_000_000 },
      slot: { lowestBid: 500_000 },
    });
    await engine().sync();

    const { status, body } = await serve({
      slot_id: s.slot.id,
      os: 1,
      country: 'US',
      uid: 'user-e2e',
      app: 'com.test.app',
      app_version: '1.2.0',
    });
    expect(status).toBe(200);
    if (!body.fill) throw new Error(`no fill: ${body.reason}`);
    expect(body.ad.source).toBe('own');
    expect(body.ad.creative_id).toBe(s.creative.id);
    expect(body.ad.title).toBe(s.creative.title);
    expect(body.impression_urls).toHaveLength(1);

    const impression = local(must(body.impression_urls[0], 'an impression URL'));
    const first = await t.app.inject({ method: 'GET', url: impression });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    // A replay of the same impression (the device retried, or someone copied the URL).
    await t.app.inject({ method: 'GET', url: impression });

    const click = await t.app.inject({ method: 'GET', url: local(body.ad.click_url) });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/landing');
    await t.app.inject({ method: 'GET', url: local(body.ad.click_url) });

    await engine().flush();
    // A second process flushing the same ids later must not count them again either.
    await t.app.inject({ method: 'GET', url: impression });
    await engine().flush();

    const stats = await statsOf(s);
    expect(stats.fills).toBe(1);
    expect(stats.impressions).toBe(1);
    expect(stats.clicks).toBe(1);
    // Lone bidder: floor + 1 cent per mille, capped at its bid: (0.5 + 0.01) / 1000 units.
    expect(stats.cost).toBe(510);
    expect(await requestsOf(s.slot.id)).toBe(1);
    const spend = await spendOf(s.advertiser.id);
    expect(spend.total).toBe(510);
    expect(spend.latest?.balanceAfter).toBe(1_000_000_000 - 510);
  });

  it('bills a CPC plan on the click, not the impression', async () => {
    const s = await buildServingScenario(t.db, {
      plan: { billing: Billing.cpc, bid: 300_000 },
      slot: { lowestBid: 100_000 },
    });
    await engine().sync();
    const { body } = await serve({ slot_id: s.slot.id, os: 2, uid: 'cpc-user' });
    if (!body.fill) throw new Error(`no fill: ${body.reason}`);
    await t.app.inject({
      method: 'GET',
      url: local(must(body.impression_urls[0], 'an impression URL')),
    });
    await engine().flush();
    expect((await statsOf(s)).cost).toBe(0);
    await t.app.inject({ method: 'GET', url: local(body.ad.click_url) });
    await engine().flush();
    const stats = await statsOf(s);
    expect(stats.clicks).toBe(1);
    expect(stats.cost).toBeGreaterThan(0);
    expect(stats.cost).toBeLessThanOrEqual(300_000);
    expect((await spendOf(s.advertiser.id)).total).toBe(stats.cost);
  });

  it('counts nothing for a forged or foreign token', async () => {
    const s = await buildServingScenario(t.db);
    await engine().sync();
    const { body } = await serve({ slot_id: s.slot.id, os: 1, uid: 'forger' });
    if (!body.fill) throw new Error(`no fill: ${body.reason}`);
    const url = new URL(must(body.impression_urls[0], 'an impression URL'));
    const token = url.searchParams.get('t') ?? '';
    const dot = token.lastIndexOf('.');
    const fields = token.slice(0, dot).split('~');
    fields[1] = 'another-impression-id';
    const forged = `${fields.join('~')}${token.slice(dot)}`;
    await t.app.inject({ method: 'GET', url: `/track/imp?t=${encodeURIComponent(forged)}` });
    await t.app.inject({ method: 'GET', url: '/track/imp?t=garbage' });
    const click = await t.app.inject({ method: 'GET', url: '/track/clk?t=garbage' });
    expect(click.statusCode).toBe(404);
    await engine().flush();
    expect((await statsOf(s)).impressions).toBe(0);
  });

  it('answers a no-fill with its reason, and a bad request naming the field', async () => {
    const unknown = await serve({ slot_id: 987_654_321, os: 1 });
    expect(unknown.body).toMatchObject({ fill: false, reason: 'unknownSlot' });

    const s = await buildServingScenario(t.db, { slot: { countries: ['GB'] } });
    await engine().sync();
    const elsewhere = await serve({ slot_id: s.slot.id, os: 1, country: 'US' });
    expect(elsewhere.body).toMatchObject({ fill: false, reason: 'slotCountry' });

    const bad = await t.app.inject({ method: 'GET', url: `/serve/ad?slot_id=${s.slot.id}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: -120, data: { fields: [{ path: 'os' }] } });
  });

  it('stops serving a plan switched off in the console at the next sync', async () => {
    const s = await buildServingScenario(t.db);
    await engine().sync();
    expect((await serve({ slot_id: s.slot.id, os: 1 })).body.fill).toBe(true);
    await t.db.update(plans).set({ status: PlanStatus.unlive }).where(eq(plans.id, s.plan.id));
    await engine().sync();
    expect((await serve({ slot_id: s.slot.id, os: 1 })).body).toMatchObject({ fill: false });
  });
});

describe('OpenRTB entry points', () => {
  const bidRequest = (slotId: number, extra: Record<string, unknown> = {}) => ({
    id: `req-${slotId}`,
    imp: [{ id: '1', tagid: String(slotId), banner: { w: 320, h: 50 }, bidfloor: 0.2 }],
    app: { bundle: 'com.test.app', ver: '1.0.0' },
    device: { os: 'Android', geo: { country: 'USA' }, ifa: 'b3f1c7f2-0000-4000-8000-000000000001' },
    user: { id: 'rtb-user' },
    tmax: 200,
    ...extra,
  });

  it('refuses a malformed request with 400 and answers no-bid with 204', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: { id: 'x', imp: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
    const none = await t.app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: bidRequest(987_654_321),
    });
    expect(none.statusCode).toBe(204);
  });

  it('takes JSON only: the console’s form handling is no part of the ad routes', async () => {
    const form = multipartBody({ id: '1' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(415);
    // The console's routes still take forms.
    const signInForm = multipartBody({ username: 'nobody' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/svc/sys/user/login',
      headers: { 'content-type': signInForm.contentType },
      payload: signInForm.payload,
    });
    expect(signIn.statusCode).not.toBe(415);
  });

  it('answers a bid with markup that carries our impression beacon', async () => {
    const s = await buildServingScenario(t.db);
    await engine().sync();
    const response = await t.app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: bidRequest(s.slot.id),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      id: string;
      seatbid: { bid: { impid: string; price: number; adm: string; crid: string }[] }[];
    };
    expect(body.id).toBe(`req-${s.slot.id}`);
    const bid = must(must(body.seatbid[0], 'a seat').bid[0], 'a bid');
    expect(bid.impid).toBe('1');
    expect(bid.crid).toBe(String(s.creative.id));
    // The caller runs the final auction: it is offered our winner's worth, its 2.00 CPM bid
    // (docs/decisions/partner-pricing.md), over the floor max(0.5 slot, 0.2 caller).
    expect(bid.price).toBeCloseTo(2, 6);
    expect(bid.adm).toContain('/track/imp?t=');
  });

  it('bills an own-DSP sale once, at the exchange price from the billing notice', async () => {
    // The own DSP bids with every plan of ours: this one outbids the file's other scenarios.
    const s = await buildServingScenario(t.db, { plan: { bid: 20_000_000 } });
    await engine().sync();
    // An exchange's own tagid: the own DSP needs no slot of ours.
    const payload = bidRequest(s.slot.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/dsp/openrtb2',
      payload: { ...payload, imp: [{ ...payload.imp[0], tagid: 'exchange-placement-17' }] },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { seatbid: { bid: { nurl: string; burl: string }[] }[] };
    const bid = must(must(answer.seatbid[0], 'a seat').bid[0], 'a bid');
    expect(bid.burl).toContain('${AUCTION_PRICE}');
    // The exchange cleared below our bid (the runner-up's, or the floor 0.2, + 0.01).
    const burl = local(bid.burl.replace('${AUCTION_PRICE}', '0.15'));
    expect((await t.app.inject({ method: 'GET', url: burl })).statusCode).toBe(204);
    await t.app.inject({ method: 'GET', url: burl });
    await t.app.inject({ method: 'GET', url: local(bid.nurl.replace('${AUCTION_PRICE}', '0.15')) });
    await engine().flush();
    // Exchange sales are counted on the exchange stand-in slot, 0.
    const stats = await statsOf({ plan: s.plan, slot: { id: 0 } });
    expect(stats.cost).toBe(150);
    expect((await spendOf(s.advertiser.id)).total).toBe(150);
  });
});
