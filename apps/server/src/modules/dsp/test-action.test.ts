/**
 * The test action against a real fake DSP on 127.0.0.1: every way a partner can answer is
 * shown as it should be, and with private networks not allowed nothing is sent at all.
 */
import { randomBytes } from 'node:crypto';
import {
  Ability,
  AdForm,
  ENDPOINTS,
  OPENRTB_VERSION,
  ZBidRequest,
  type DspTestResult,
  MESSAGES,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { buildActor, call, changeCountBy, type Actor } from '../../test/settings.js';
import { buildDsp } from '../../test/supply-factories.js';
import { FAKE_ADM, FAKE_BID_PRICE, startFakeDsp, type FakeDsp } from '../../test/fake-dsp.js';

const SSP_ABILITY = Ability.login | Ability.ssp;

let lab: TestApp;
let fake: FakeDsp;
let actor: Actor;
beforeAll(async () => {
  [lab, fake] = await Promise.all([
    createTestApp({ env: { DSP_ALLOW_PRIVATE_NETWORKS: 'true' } }),
    startFakeDsp(),
  ]);
  actor = await buildActor(lab.db, SSP_ABILITY);
});
afterAll(async () => {
  await Promise.all([lab.close(), fake.close()]);
});

const unique = () => `Fake DSP ${randomBytes(5).toString('hex')}`;

/** Runs the test action of a new partner whose test URL is `path` of the fake DSP. */
async function runTest(
  path: string,
  values: Parameters<typeof buildDsp>[1] = {},
  app: TestApp = lab,
  token = actor.token,
): Promise<DspTestResult> {
  const dsp = await buildDsp(app.db, {
    name: unique(),
    requestUrl: 'https://bidder.example.com/never-used',
    testUrl: fake.url(path),
    ...values,
  });
  const result = await call<DspTestResult>(app.app, ENDPOINTS.testDsp, token, {
    body: { id: dsp.id },
  });
  expectCode(result, 200, 200);
  expect(ENDPOINTS.testDsp.response.safeParse(result.body.data).success).toBe(true);
  return result.body.data;
}

const lastRequestTo = (path: string) => fake.requests.filter((r) => r.path === path).at(-1);

describe('the DSP test action', () => {
  it('sends a well-formed OpenRTB 2.6 request and shows the bid', async () => {
    const result = await runTest('/bid', { timeoutMs: 1500 });
    expect(result).toMatchObject({
      outcome: 'bid',
      url: fake.url('/bid'),
      http_status: 200,
      price: FAKE_BID_PRICE * 1_000_000,
      timeout_ms: 1500,
      bid: {
        id: 'bid-1',
        impid: '1',
        price: 1_250_000,
        crid: 'creative-42',
        seat: 'seat-1',
        adomain: ['example.com'],
        adm_size: Buffer.byteLength(FAKE_ADM),
        bid_count: 1,
      },
      response_truncated: false,
    });
    expect(result.message).toMatch(/Bid 1\.25 USD CPM from seat seat-1/);
    expect(result.latency_ms).toBeGreaterThanOrEqual(0);
    expect(result.latency_ms).toBeLessThan(1500);
    expect(JSON.parse(result.response_body)).toMatchObject({ id: result.request.id });

    const received = lastRequestTo('/bid');
    expect(received?.method).toBe('POST');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
    // What the partner got is what the screen shows, and it is a valid 2.6 BidRequest.
    expect(received?.body).toEqual(result.request);
    const request = ZBidRequest.parse(received?.body);
    expect(request).toMatchObject({
      at: 1,
      tmax: 1500,
      test: 1,
      cur: ['USD'],
      app: { bundle: expect.any(String) },
      device: { ua: expect.any(String), ip: expect.any(String), os: expect.any(String) },
    });
    expect(request.imp).toHaveLength(1);
    expect(request.imp[0]).toMatchObject({
      id: '1',
      tagid: expect.any(String),
      bidfloor: expect.any(Number),
      banner: { w: 320, h: 50 },
    });
  });

  it('offers native for a feed partner and rewarded video for a rewarded one', async () => {
    await runTest('/bid', { slotType: AdForm.feed });
    const feed = ZBidRequest.parse(lastRequestTo('/bid')?.body);
    expect(feed.imp[0]?.native?.ver).toBe('1.2');
    expect(JSON.parse(feed.imp[0]?.native?.request ?? '')).toMatchObject({
      assets: expect.arrayContaining([expect.objectContaining({ title: { len: 90 } })]),
    });
    expect(feed.imp[0]?.banner).toBeUndefined();
    await runTest('/bid', { slotType: AdForm.rewardedVideo });
    const rewarded = ZBidRequest.parse(lastRequestTo('/bid')?.body);
    expect(rewarded.imp[0]).toMatchObject({ rwdd: 1, video: { mimes: ['video/mp4'] } });
    await runTest('/bid', { slotType: AdForm.interstitial });
    expect(ZBidRequest.parse(lastRequestTo('/bid')?.body).imp[0]).toMatchObject({
      instl: 1,
      banner: { w: 320, h: 480 },
    });
  });

  it('uses the request URL when there is no test URL', async () => {
    const dsp = await buildDsp(lab.db, { name: unique(), requestUrl: fake.url('/nobid') });
    const result = await call<DspTestResult>(lab.app, ENDPOINTS.testDsp, actor.token, {
      body: { id: dsp.id },
    });
    expect(result.body.data).toMatchObject({ outcome: 'noBid', url: fake.url('/nobid') });
  });

  it('shows HTTP 204 as a no-bid', async () => {
    const result = await runTest('/nobid');
    expect(result).toMatchObject({
      outcome: 'noBid',
      http_status: 204,
      price: null,
      bid: null,
      message: 'No bid (HTTP 204)',
    });
  });

  it('shows a BidResponse without seatbid as a no-bid with its reason', async () => {
    const result = await runTest('/nobid-200');
    expect(result).toMatchObject({ outcome: 'noBid', http_status: 200, bid: null });
    expect(result.message).toMatch(/no seatbid \(reason 2: Invalid Request\)/);
  });

  it('stops waiting at the partner’s timeout', async () => {
    const result = await runTest('/slow?ms=3000', { timeoutMs: 200 });
    expect(result).toMatchObject({
      outcome: 'timeout',
      http_status: null,
      price: null,
      timeout_ms: 200,
      message: 'No answer within 200 ms',
    });
    expect(result.latency_ms).toBeGreaterThanOrEqual(190);
    expect(result.latency_ms).toBeLessThan(1000);
  });

  it('says what is wrong with an answer that is not JSON', async () => {
    const result = await runTest('/malformed');
    expect(result).toMatchObject({ outcome: 'invalid', http_status: 200, price: null });
    expect(result.message).toMatch(/^Not JSON: /);
    expect(result.response_body).toBe('{"id": "x", "seatbid": [');
  });

  it('says which fields of a wrong-shaped BidResponse are wrong', async () => {
    const result = await runTest('/wrong-shape');
    expect(result.outcome).toBe('invalid');
    expect(result.message).toMatch(/^Not an OpenRTB 2\.6 BidResponse: /);
    expect(result.message).toContain('seatbid.0.bid.0.impid');
    expect(result.message).toContain('seatbid.0.bid.0.price');
  });

  it('refuses a bid answering another request', async () => {
    const result = await runTest('/wrong-id');
    expect(result.outcome).toBe('invalid');
    expect(result.message).toMatch(/id "another-request" is not the request's id/);
  });

  it('shows HTTP 500 as an error with the body', async () => {
    const result = await runTest('/error');
    expect(result).toMatchObject({
      outcome: 'error',
      http_status: 500,
      message: 'HTTP 500',
      response_body: 'internal error',
    });
  });

  it('never follows a redirect', async () => {
    const before = fake.requests.filter((r) => r.path === '/bid').length;
    const result = await runTest('/redirect');
    expect(result).toMatchObject({ outcome: 'error', http_status: 302 });
    expect(result.message).toMatch(/redirect to \/bid not followed/);
    expect(fake.requests.filter((r) => r.path === '/bid').length).toBe(before);
  });

  it('reads at most 256 KB of an answer', async () => {
    const result = await runTest('/huge');
    expect(result).toMatchObject({ outcome: 'invalid', response_truncated: true });
    expect(result.message).toBe('The answer is larger than 256 KB');
    expect(result.response_body.length).toBeLessThanOrEqual(16 * 1024);
  });

  it('shows a refused connection as an error', async () => {
    const result = await runTest('/bid', { testUrl: 'http://127.0.0.1:1/bid' });
    expect(result).toMatchObject({ outcome: 'error', http_status: null });
    expect(result.message).toMatch(/Connection refused/);
  });

  it('answers -150 for an unknown partner', async () => {
    expectCode(
      await call(lab.app, ENDPOINTS.testDsp, actor.token, { body: { id: 999_999_999 } }),
      -150,
      404,
    );
  });
});

describe('the test action with private networks not allowed (the default)', () => {
  let guarded: TestApp;
  let operator: Actor;
  beforeAll(async () => {
    guarded = await createTestApp();
    operator = await buildActor(guarded.db, SSP_ABILITY);
  });
  afterAll(async () => {
    await guarded.close();
  });

  it('refuses 127.0.0.1 and sends nothing; nothing is stored', async () => {
    const before = fake.requests.length;
    const result = await runTest('/bid', {}, guarded, operator.token);
    expect(result).toMatchObject({ outcome: 'error', http_status: null, price: null });
    expect(result.message).toContain(MESSAGES['dsp.privateAddress'].en);
    expect(result.message).toContain('127.0.0.1 is a loopback address');
    expect(fake.requests.length).toBe(before);
    expect(await changeCountBy(guarded.db, operator.user.id)).toBe(0);
  });

  it('refuses a name that resolves to loopback (localhost) and sends nothing', async () => {
    const before = fake.requests.length;
    const port = new URL(fake.url('/')).port;
    const result = await runTest(
      '/bid',
      { testUrl: `http://localhost:${port}/bid` },
      guarded,
      operator.token,
    );
    expect(result.outcome).toBe('error');
    expect(result.message).toContain(MESSAGES['dsp.privateAddress'].en);
    expect(fake.requests.length).toBe(before);
  });
});
