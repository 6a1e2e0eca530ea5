/**
 * Upstream demand through the real entry point: the slot's SSP strategy sends the request to
 * a partner on loopback, whose bid competes with our own plan; a partner that is late or
 * answers garbage is a no-bid and our own plan serves. Partner health is counted.
 */
import { Billing, type ServeAdAnswer } from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dspHealthHourly, statsHourly } from '../db/schema.js';
import { startFakeDsp, type FakeDsp } from '../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildDsp, buildSspStrategy } from '../test/supply-factories.js';
import { buildServingScenario, must, partnerHealthRows } from './test-kit.js';

let t: TestApp;
let fake: FakeDsp;

beforeAll(async () => {
  fake = await startFakeDsp();
  t = await createTestApp({
    env: {
      TRACKING_SECRET: 'upstream-test-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function scenarioWithPartner(path: string, timeoutMs = 300) {
  // Our own plan bids 1 unit CPM; the fake partner bids 1.25.
  const s = await buildServingScenario(t.db, {
    plan: { billing: Billing.cpm, bid: 1_000_000 },
    slot: { lowestBid: 500_000 },
  });
  const dsp = await buildDsp(t.db, { requestUrl: fake.url(path), timeoutMs, percent: 1000 });
  await buildSspStrategy(t.db, s.slot.id, {
    allocations: [{ dsp_id: dsp.id, permille: 1000 }],
  });
  await t.app.delivery().sync();
  return { ...s, dsp };
}

async function serve(slotId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/serve/ad?slot_id=${slotId}&os=1&country=US&uid=upstream-user`,
  });
  return response.json() as ServeAdAnswer;
}

async function healthOf(dspId: number) {
  const [row] = await t.db
    .select({
      calls: sql<number>`coalesce(sum(${dspHealthHourly.calls}), 0)`.mapWith(Number),
      bids: sql<number>`coalesce(sum(${dspHealthHourly.bids}), 0)`.mapWith(Number),
      timeouts: sql<number>`coalesce(sum(${dspHealthHourly.timeouts}), 0)`.mapWith(Number),
      errors: sql<number>`coalesce(sum(${dspHealthHourly.errors}), 0)`.mapWith(Number),
      wins: sql<number>`coalesce(sum(${dspHealthHourly.wins}), 0)`.mapWith(Number),
    })
    .from(dspHealthHourly)
    .where(eq(dspHealthHourly.dspId, dspId));
  return must(row, 'a stats row');
}

describe('upstream partners through /serve/ad', () => {
  it('lets a higher partner bid win, pays it the second price, counts its income', async () => {
    const s = await scenarioWithPartner('/bid');
    const answer = await serve(s.slot.id);
    if (!answer.fill) throw new Error(`no fill: ${answer.reason}`);
    expect(answer.ad.source).toBe('partner');
    // The partner's markup handles its clicks: no landing page of ours to send them to.
    expect(answer.ad.click_url).toBe('');
    expect(answer.ad.adm).toContain('https://example.com/ad.png');
    expect(answer.ad.adm).toContain('/track/imp?t=');
    const sent = fake.requests.at(-1)?.body as { imp: { tagid: string }[] };
    expect(must(sent.imp[0], 'an imp').tagid).toBe(String(s.slot.id));

    const impression = new URL(must(answer.impression_urls[0], 'an impression URL'));
    await t.app.inject({ method: 'GET', url: `${impression.pathname}${impression.search}` });
    await t.app.delivery().flush();
    const [stats] = await t.db
      .select({
        impressions: sql<number>`sum(${statsHourly.impressions})`.mapWith(Number),
        income: sql<number>`sum(${statsHourly.income})`.mapWith(Number),
        cost: sql<number>`sum(${statsHourly.cost})`.mapWith(Number),
      })
      .from(statsHourly)
      .where(eq(statsHourly.dspId, s.dsp.id));
    // Second price: our plan's 1.00 + 0.01 per mille, per impression.
    expect(stats).toEqual({ impressions: 1, income: 1010, cost: 0 });
    expect(await healthOf(s.dsp.id)).toMatchObject({ calls: 1, bids: 1, wins: 1 });
  });

  it('serves our own plan when the partner is late or answers garbage', async () => {
    const late = await scenarioWithPartner('/slow?ms=2000', 100);
    const lateAnswer = await serve(late.slot.id);
    expect(lateAnswer.fill && lateAnswer.ad.source).toBe('own');

    const garbage = await scenarioWithPartner('/malformed');
    const garbageAnswer = await serve(garbage.slot.id);
    expect(garbageAnswer.fill && garbageAnswer.ad.source).toBe('own');

    const silent = await scenarioWithPartner('/nobid');
    const silentAnswer = await serve(silent.slot.id);
    expect(silentAnswer.fill && silentAnswer.ad.source).toBe('own');

    await t.app.delivery().flush();
    expect(await healthOf(late.dsp.id)).toMatchObject({ calls: 1, timeouts: 1, wins: 0 });
    expect(await healthOf(garbage.dsp.id)).toMatchObject({ calls: 1, errors: 1, wins: 0 });
    expect(await healthOf(silent.dsp.id)).toMatchObject({ calls: 1, bids: 0, wins: 0 });

    const rows = await partnerHealthRows(t);
    expect(rows.find((row) => row.dsp_id === late.dsp.id)).toMatchObject({
      calls: 1,
      timeouts: 1,
      timeout_rate: 1,
      bid_rate: 0,
    });
  });

  it("fires a creative's third-party impression and click monitors from the server", async () => {
    const s = await buildServingScenario(t.db, {
      creative: {
        impressionMonitorUrls: [fake.url('/monitor/imp?c=1')],
        clickMonitorUrls: [fake.url('/monitor/clk?c=1')],
      },
    });
    await t.app.delivery().sync();
    const answer = await serve(s.slot.id);
    if (!answer.fill) throw new Error(`no fill: ${answer.reason}`);
    const impression = new URL(must(answer.impression_urls[0], 'an impression URL'));
    await t.app.inject({ method: 'GET', url: `${impression.pathname}${impression.search}` });
    const click = new URL(answer.ad.click_url);
    await t.app.inject({ method: 'GET', url: `${click.pathname}${click.search}` });
    await t.app.delivery().monitors.drain();
    const monitored = fake.requests.filter((request) => request.path.startsWith('/monitor/'));
    expect(monitored.map((request) => `${request.method} ${request.path}`).sort()).toEqual([
      'GET /monitor/clk',
      'GET /monitor/imp',
    ]);
  });
});
