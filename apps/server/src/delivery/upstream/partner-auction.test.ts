/**
 * A caller's auction through /openrtb2/auction with a fake partner on loopback that records
 * what it receives and bids on every impression: one request per partner per auction,
 * every impression in it with its own id, each bid mapped back to the caller's impression;
 * privacy and the supply chain applied on the way out.
 */
import { randomUUID } from 'node:crypto';
import { Billing } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { eq } from 'drizzle-orm';
import { dsps } from '../../db/schema.js';
import { buildServingScenario } from '../test-kit.js';
import { tcfString } from './test-kit.js';

interface SentRequest {
  id: string;
  imp: { id: string; tagid: string; banner?: unknown; video?: unknown }[];
  site?: Record<string, unknown>;
  device?: Record<string, unknown>;
  user?: Record<string, unknown>;
  regs?: Record<string, unknown>;
  source?: { tid?: string; schain?: { nodes: Record<string, unknown>[] } };
}

interface Answer {
  seatbid?: { bid: { impid: string; adm: string; price: number }[] }[];
}

let t: TestApp;
let partner: ScriptedDsp;
const slotIds: number[] = [];
let ownerId = 0;
let dspId = 0;

beforeAll(async () => {
  // The partner bids 3.00 + 0.10 per impression index on every impression it gets.
  partner = await startScriptedDsp(({ body }) => {
    const request = body as SentRequest;
    return {
      status: 200,
      body: {
        id: request.id,
        cur: 'USD',
        seatbid: [
          {
            seat: 'seat-9',
            bid: request.imp.map((imp, index) => ({
              id: `bid-${imp.id}`,
              impid: imp.id,
              price: 3 + index / 10,
              adm: `<div>partner ad for imp ${imp.id}</div>`,
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
      TRACKING_SECRET: 'partner-auction-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
      SELLER_DOMAIN: 'adloom.example.com',
    },
  });
  const dsp = await buildDsp(t.db, { requestUrl: partner.url('/rtb'), timeoutMs: 1000 });
  dspId = dsp.id;
  for (let index = 0; index < 2; index += 1) {
    const s = await buildServingScenario(t.db, { plan: { billing: Billing.cpm, bid: 1_000_000 } });
    await buildSspStrategy(t.db, s.slot.id, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
    slotIds.push(s.slot.id);
    // Our node names the first impression's media owner.
    if (index === 0) ownerId = s.publisher.id;
  }
  await t.app.delivery().sync();
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

async function auction(extra: Record<string, unknown> = {}) {
  const id = `auction-${randomUUID()}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id,
      imp: [
        { id: 'a', tagid: String(slotIds[0]), banner: { format: [{ w: 320, h: 50 }] } },
        { id: 'b', tagid: String(slotIds[1]), banner: { w: 320, h: 50 } },
      ],
      site: { domain: 'news.example.org', page: 'https://news.example.org/a' },
      device: { ua: 'Mozilla/5.0', ip: '198.51.100.23', ifa: 'ifa-1', geo: { country: 'USA' } },
      user: { id: 'u-1', eids: [{ source: 'id5-sync.com', uids: [{ id: 'x' }] }] },
      source: { tid: 'tid-9' },
      tmax: 800,
      ...extra,
    },
  });
  const sent = partner.requests
    .map((request) => request.body as SentRequest)
    .filter((body) => body.id === id);
  return {
    status: response.statusCode,
    answer: response.body ? (JSON.parse(response.body) as Answer) : undefined,
    sent,
  };
}

describe('a caller auction with a demand partner', () => {
  it('sends one request with every impression and maps each bid back', async () => {
    const { status, answer, sent } = await auction();
    expect(sent).toHaveLength(1);
    const [body] = sent;
    expect(body?.imp.map((imp) => [imp.id, imp.tagid])).toEqual([
      ['1', String(slotIds[0])],
      ['2', String(slotIds[1])],
    ]);
    expect(body?.imp[0]?.banner).toEqual({ format: [{ w: 320, h: 50 }] });
    expect(body?.site).toEqual({ domain: 'news.example.org', page: 'https://news.example.org/a' });
    expect(body?.source).toEqual({
      tid: 'tid-9',
      schain: {
        ver: '1.0',
        complete: 0,
        nodes: [{ asi: 'adloom.example.com', sid: String(ownerId), hp: 1, rid: body?.id ?? '' }],
      },
    });
    expect(status).toBe(200);
    const bids = answer?.seatbid?.flatMap((seat) => seat.bid) ?? [];
    const byImp = Object.fromEntries(bids.map((bid) => [bid.impid, bid.adm]));
    expect(byImp.a).toContain('partner ad for imp 1');
    expect(byImp.b).toContain('partner ad for imp 2');
  });

  it('strips personal data of a COPPA request before it leaves', async () => {
    const { sent } = await auction({ regs: { coppa: 1 } });
    expect(sent).toHaveLength(1);
    const [body] = sent;
    expect(body?.regs).toEqual({ coppa: 1 });
    expect(body?.user).toBeUndefined();
    expect(body?.device).toEqual({
      ua: 'Mozilla/5.0',
      ip: '198.51.100.0',
      geo: { country: 'USA' },
    });
  });

  it('GDPR without consent for the partner: no personal data, the consent string stays', async () => {
    const consent = tcfString({ purposes: [1, 2], vendors: [33] });
    const { sent } = await auction({ regs: { gdpr: 1 }, user: { id: 'u-1', consent } });
    const [body] = sent;
    expect(body?.regs).toEqual({ gdpr: 1 });
    expect(body?.user).toEqual({ consent });
    expect(body?.device).toEqual({
      ua: 'Mozilla/5.0',
      ip: '198.51.100.0',
      geo: { country: 'USA' },
    });
  });

  it('GDPR with consent for the partner’s vendor id: personal data goes', async () => {
    await t.db
      .update(dsps)
      .set({ config: { gvlVendorId: 32 } })
      .where(eq(dsps.id, dspId));
    await t.app.delivery().sync();
    try {
      const consent = tcfString({ purposes: [1, 2], vendors: [32] });
      const { sent } = await auction({ regs: { gdpr: 1 }, user: { id: 'u-1', consent } });
      const [body] = sent;
      expect(body?.user).toEqual({ id: 'u-1', consent });
      expect(body?.device).toEqual({
        ua: 'Mozilla/5.0',
        ip: '198.51.100.23',
        ifa: 'ifa-1',
        geo: { country: 'USA' },
      });
    } finally {
      await t.db.update(dsps).set({ config: {} }).where(eq(dsps.id, dspId));
      await t.app.delivery().sync();
    }
  });

  it('US privacy: an opt-out of sale strips personal data, none keeps it', async () => {
    const optedOut = (await auction({ regs: { us_privacy: '1YYN' } })).sent[0];
    expect(optedOut?.regs).toEqual({ us_privacy: '1YYN' });
    expect(optedOut?.user).toBeUndefined();
    expect(optedOut?.device).toEqual({
      ua: 'Mozilla/5.0',
      ip: '198.51.100.0',
      geo: { country: 'USA' },
    });
    const kept = (await auction({ regs: { us_privacy: '1YNN' } })).sent[0];
    expect(kept?.user).toEqual({
      id: 'u-1',
      eids: [{ source: 'id5-sync.com', uids: [{ id: 'x' }] }],
    });
    expect(kept?.device).toMatchObject({ ifa: 'ifa-1', ip: '198.51.100.23' });
  });

  it('passes a multi-format impression, its deals and the caller’s chain with our node appended', async () => {
    const native = JSON.stringify({ ver: '1.2', assets: [{ id: 1, title: { len: 25 } }] });
    const pmp = { private_auction: 0, deals: [{ id: 'deal-7', bidfloor: 2, wseat: ['seat-9'] }] };
    const schain = {
      ver: '1.0',
      complete: 1,
      nodes: [{ asi: 'exchange.example', sid: '42', hp: 1 }],
    };
    const { sent } = await auction({
      imp: [
        {
          id: 'a',
          tagid: String(slotIds[0]),
          banner: {
            format: [
              { w: 320, h: 50 },
              { w: 300, h: 250 },
            ],
          },
          native: { request: native, ver: '1.2' },
          pmp,
        },
      ],
      source: { tid: 'tid-9', schain },
    });
    const [body] = sent;
    expect(body?.imp).toHaveLength(1);
    expect(body?.imp[0]).toMatchObject({
      id: '1',
      banner: {
        format: [
          { w: 320, h: 50 },
          { w: 300, h: 250 },
        ],
      },
      native: { request: native, ver: '1.2' },
      pmp,
    });
    expect(body?.source?.schain).toEqual({
      ...schain,
      nodes: [
        ...schain.nodes,
        { asi: 'adloom.example.com', sid: String(ownerId), hp: 1, rid: body?.id ?? '' },
      ],
    });
  });
});
