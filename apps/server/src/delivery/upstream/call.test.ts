/**
 * Calling a partner for real, over loopback, against the fake DSP: it bids, passes, is late
 * or answers garbage, and callPartner turns each into the right outcome without throwing.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  DspType,
  OPENRTB_VERSION,
  RejectReason,
  ZBidRequest,
  type BidRequest,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ADM,
  fakeBidResponse,
  startFakeDsp,
  startScriptedDsp,
  type FakeDsp,
  type ScriptedAnswer,
} from '../../test/fake-dsp.js';
import type { DspConfig } from '../types.js';
import { buildPartnerRequest } from './bid-request.js';
import { callPartner } from './call.js';
import { buildDspConfig, buildServeRequest, buildSlot } from './test-kit.js';

let fake: FakeDsp;
beforeAll(async () => {
  fake = await startFakeDsp();
});
afterAll(async () => {
  await fake.close();
});

function bodyFor(dsp: DspConfig, id = 'req-1'): BidRequest {
  return buildPartnerRequest({
    request: buildServeRequest({ id, country: 'DE' }),
    slot: buildSlot({ id: 9 }),
    dsp,
    strategy: null,
    floor: 800_000,
    tmaxMs: 250,
  });
}

function call(dsp: DspConfig, deadlineMs = 1_000, body = bodyFor(dsp)) {
  return callPartner({ dsp, body, deadlineMs, allowPrivate: true, permille: 400 });
}

/** A fake that answers every request with `answer(request body)`. */
async function scripted(answer: (body: BidRequest) => ScriptedAnswer) {
  const dsp = await startScriptedDsp((received) => answer(received.body as BidRequest));
  return { dsp, url: dsp.url('/rtb') };
}

describe('a partner that bids', () => {
  it("turns the bid into a PartnerBid priced after the partner's share", async () => {
    const dsp = buildDspConfig({ id: 31, requestUrl: fake.url('/bid'), percent: 900 });
    const answered = await call(dsp);
    expect(answered.outcome).toBe('bid');
    expect(answered.bid).toEqual({
      kind: 'partner',
      dsp,
      ecpm: 1_125_000,
      rawPrice: 1_250_000,
      adm: FAKE_ADM,
      nurl: '',
      burl: '',
      lurl: '',
      crid: 'creative-42',
      adomain: ['example.com'],
      w: 320,
      h: 50,
      // What the notice macros name.
      impId: '1',
      seat: 'seat-1',
    });
    expect(answered.fate).toMatchObject({
      dspId: 31,
      permille: 400,
      reason: RejectReason.outbid,
      latencyMs: answered.latencyMs,
    });
    expect(answered.fate.detail).toContain('Bid 1.25 USD CPM');
  });

  it('prices a fixed-CPM partner at its CPM, not at its bid', async () => {
    const dsp = buildDspConfig({
      requestUrl: fake.url('/bid'),
      type: DspType.fixed,
      cpm: 10_000_000,
      percent: 500,
    });
    const answered = await call(dsp);
    expect(answered.bid).toMatchObject({ ecpm: 5_000_000, rawPrice: 1_250_000 });
  });

  it('takes the highest of several bids, with its notice URLs', async () => {
    const { dsp: bidder, url } = await scripted((body) => ({
      status: 200,
      body: {
        id: body.id,
        cur: 'USD',
        seatbid: [
          {
            seat: 's1',
            bid: [{ id: 'low', impid: '1', price: 0.9, crid: 'c-low', adm: '<div></div>' }],
          },
          {
            seat: 's2',
            bid: [
              {
                id: 'high',
                impid: '1',
                price: 2.5,
                crid: 'c-high',
                adm: '<div></div>',
                nurl: 'https://win.example/n?p=${AUCTION_PRICE}',
                burl: 'https://win.example/b?p=${AUCTION_PRICE}',
              },
              { id: 'mid', impid: '1', price: 1.7, crid: 'c-mid', adm: '<div></div>' },
            ],
          },
        ],
      },
    }));
    try {
      const answered = await call(buildDspConfig({ requestUrl: url }));
      expect(answered.bid).toMatchObject({
        crid: 'c-high',
        rawPrice: 2_500_000,
        ecpm: 2_500_000,
        nurl: 'https://win.example/n?p=${AUCTION_PRICE}',
        burl: 'https://win.example/b?p=${AUCTION_PRICE}',
      });
    } finally {
      await bidder.close();
    }
  });

  it('sends a valid OpenRTB 2.6 request with the protocol and configured headers', async () => {
    const dsp = buildDspConfig({
      requestUrl: fake.url('/bid'),
      config: { headers: { Authorization: 'Bearer token-1' }, seat: ['buyer-1'] },
    });
    const before = fake.requests.length;
    await call(dsp, 1_000, bodyFor(dsp, 'req-headers'));
    const received = fake.requests.slice(before);
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.method).toBe('POST');
    expect(got?.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers.authorization).toBe('Bearer token-1');
    const body = ZBidRequest.parse(got?.body);
    expect(body.id).toBe('req-headers');
    expect(body.imp[0]).toMatchObject({ tagid: '9', bidfloor: 0.8, banner: { w: 320, h: 50 } });
    expect(body.device?.geo?.country).toBe('DEU');
    expect(body).toMatchObject({ wseat: ['buyer-1'], tmax: 250 });
  });
});

describe('a partner that passes', () => {
  it.each([
    ['/nobid', 'HTTP 204'],
    ['/nobid-200', 'reason 2'],
  ])('%s is a no-bid', async (path, detail) => {
    const answered = await call(buildDspConfig({ requestUrl: fake.url(path) }));
    expect(answered.outcome).toBe('noBid');
    expect(answered.bid).toBeNull();
    expect(answered.fate.reason).toBe(RejectReason.partnerNoBid);
    expect(answered.fate.detail).toContain(detail);
  });

  it('200 with an empty seatbid is a no-bid', async () => {
    const { dsp: bidder, url } = await scripted((body) => ({
      status: 200,
      body: { id: body.id, seatbid: [] },
    }));
    try {
      const answered = await call(buildDspConfig({ requestUrl: url }));
      expect(answered.outcome).toBe('noBid');
      expect(answered.fate.reason).toBe(RejectReason.partnerNoBid);
    } finally {
      await bidder.close();
    }
  });
});

describe('a partner that is late', () => {
  /** A fake whose answer waits until the test lets it go. */
  async function heldBidder() {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bidder = await startScriptedDsp(async (received) => {
      await gate;
      return { status: 200, body: fakeBidResponse(received.body as BidRequest) };
    });
    return { bidder, release };
  }

  it('times out at its own timeout, before the partner answered', async () => {
    const { bidder, release } = await heldBidder();
    try {
      const dsp = buildDspConfig({ requestUrl: bidder.url('/rtb'), timeoutMs: 60 });
      const answered = await call(dsp, 5_000);
      expect(bidder.requests).toHaveLength(1);
      expect(bidder.answered).toBe(0);
      expect(answered.outcome).toBe('timeout');
      expect(answered.bid).toBeNull();
      expect(answered.fate.reason).toBe(RejectReason.partnerTimeout);
      expect(answered.fate.detail).toBe('No answer within 60 ms');
    } finally {
      release();
      await bidder.close();
    }
  });

  it("is cut to the request's deadline when that comes first", async () => {
    const { bidder, release } = await heldBidder();
    try {
      const dsp = buildDspConfig({ requestUrl: bidder.url('/rtb'), timeoutMs: 5_000 });
      const answered = await call(dsp, 40);
      expect(bidder.answered).toBe(0);
      expect(answered.outcome).toBe('timeout');
      expect(answered.fate.detail).toBe('No answer within 40 ms');
    } finally {
      release();
      await bidder.close();
    }
  });

  it('is not called at all when no time is left', async () => {
    const before = fake.requests.length;
    const answered = await call(buildDspConfig({ requestUrl: fake.url('/bid') }), 0);
    expect(answered.outcome).toBe('timeout');
    expect(fake.requests.length).toBe(before);
  });
});

describe('a partner that answers garbage', () => {
  it.each([
    ['/malformed', 'Not JSON'],
    ['/wrong-shape', 'Not an OpenRTB 2.6 BidResponse'],
    ['/wrong-id', `is not the request's id`],
    ['/error', 'HTTP 500'],
    ['/redirect', 'redirect'],
    ['/huge', 'larger than'],
  ])('%s is an error', async (path, detail) => {
    const answered = await call(buildDspConfig({ requestUrl: fake.url(path) }));
    expect(answered.outcome).toBe('error');
    expect(answered.bid).toBeNull();
    expect(answered.fate.reason).toBe(RejectReason.partnerError);
    expect(answered.fate.detail).toContain(detail);
  });

  const badBids: [string, (body: BidRequest) => Record<string, unknown>, string][] = [
    ['a bid for another impid', (body) => fakeBidResponseWith(body, { impid: '2' }), 'impid "2"'],
    ['a negative price', (body) => fakeBidResponseWith(body, { price: -1 }), 'bid.0.price'],
    ['an absurd price', (body) => fakeBidResponseWith(body, { price: 1000.01 }), 'absurd price'],
    [
      'a currency without a rate',
      (body) => ({ ...fakeBidResponse(body), cur: 'EUR' }),
      'priced in EUR, which has no rate in the currency table',
    ],
  ];
  it.each(badBids)('%s is an error', async (_, answer, detail) => {
    const { dsp: bidder, url } = await scripted((body) => ({ status: 200, body: answer(body) }));
    try {
      const answered = await call(buildDspConfig({ requestUrl: url }));
      expect(answered.outcome).toBe('error');
      expect(answered.bid).toBeNull();
      expect(answered.fate.detail).toContain(detail);
    } finally {
      await bidder.close();
    }
  });

  it('accepts the highest believable price', async () => {
    const { dsp: bidder, url } = await scripted((body) => ({
      status: 200,
      body: fakeBidResponseWith(body, { price: 1000 }),
    }));
    try {
      const answered = await call(buildDspConfig({ requestUrl: url }));
      expect(answered.bid?.rawPrice).toBe(1_000_000_000);
    } finally {
      await bidder.close();
    }
  });

  it('a refused connection is an error', async () => {
    const answered = await call(
      buildDspConfig({ requestUrl: `http://127.0.0.1:${await closedPort()}/` }),
    );
    expect(answered.outcome).toBe('error');
    expect(answered.fate.detail).toContain('Connection refused');
  });

  it('a private address is refused when private networks are not allowed, nothing sent', async () => {
    const before = fake.requests.length;
    const dsp = buildDspConfig({ requestUrl: fake.url('/bid') });
    const answered = await callPartner({
      dsp,
      body: bodyFor(dsp),
      deadlineMs: 1_000,
      allowPrivate: false,
    });
    expect(answered.outcome).toBe('error');
    expect(answered.fate.detail).toMatch(/^Not called: /);
    expect(fake.requests.length).toBe(before);
  });

  it('a request URL that does not parse is an error, not an exception', async () => {
    const answered = await call(buildDspConfig({ requestUrl: 'not a url' }));
    expect(answered.outcome).toBe('error');
    expect(answered.fate.reason).toBe(RejectReason.partnerError);
  });
});

function fakeBidResponseWith(body: BidRequest, bid: Record<string, unknown>) {
  const response = fakeBidResponse(body);
  const [seat] = response.seatbid;
  return { ...response, seatbid: [{ ...seat, bid: [{ ...seat?.bid[0], ...bid }] }] };
}

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a partner whose bids are refused', () => {
  it('is an error naming the reason, and a valid bid among refused ones is taken', async () => {
    const refused = { id: 'zero', impid: '1', price: 0, crid: 'c0', adm: '<div></div>' };
    const { dsp: bidder, url } = await scripted((body) => ({
      status: 200,
      body: { id: body.id, cur: 'USD', seatbid: [{ bid: [refused] }] },
    }));
    try {
      const answered = await call(buildDspConfig({ requestUrl: url }));
      expect(answered.outcome).toBe('error');
      expect(answered.bid).toBeNull();
      expect(answered.fate.detail).toBe('Bid "zero" refused: it has no price above 0');
    } finally {
      await bidder.close();
    }
    const good = { id: 'ok', impid: '1', price: 0.8, crid: 'c1', adm: '<div></div>' };
    const mixed = await scripted((body) => ({
      status: 200,
      body: {
        id: body.id,
        cur: 'USD',
        seatbid: [{ bid: [{ ...refused, price: 9, crid: '' }, good] }],
      },
    }));
    try {
      const answered = await call(buildDspConfig({ requestUrl: mixed.url }));
      expect(answered.outcome).toBe('bid');
      expect(answered.bid).toMatchObject({ crid: 'c1', rawPrice: 800_000 });
    } finally {
      await mixed.dsp.close();
    }
  });
});
