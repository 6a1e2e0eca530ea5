/**
 * User syncs with demand partners (docs/decisions/partner-requests.md, buyeruid): /cookie_sync
 * sends the browser to an active partner's sync URL with our /setuid redirect, /setuid keeps
 * the partner's id of the browser in the uids cookie, and the partner's bid request carries it
 * as user.buyeruid — never on a child-directed (COPPA) request.
 */
import { randomUUID } from 'node:crypto';
import { Billing, SimpleStatus } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must } from '../test-kit.js';
import { PARTNER_UIDS_COOKIE } from './user-sync.js';

const SYNC_URL = 'https://sync.partner.example/usync?gdpr={{gdpr}}&redir={{redirect_url}}';

interface SyncAnswer {
  status: string;
  bidder_status: {
    bidder: string;
    no_cookie?: boolean;
    usersync?: { url: string; type: string };
  }[];
}

interface SentRequest {
  id: string;
  user?: { id?: string; buyeruid?: string };
  regs?: { coppa?: number };
}

let t: TestApp;
let partner: ScriptedDsp;
let bidder = '';
let slotId = 0;

beforeAll(async () => {
  // Records what it gets; bids nothing (what it receives is the point).
  partner = await startScriptedDsp(() => ({ status: 204 }));
  // /cookie_sync lists every active partner of the database: on PostgreSQL, not other files'.
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'partner-sync-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
  const dsp = await buildDsp(t.db, {
    requestUrl: partner.url('/rtb'),
    timeoutMs: 1000,
    config: { userSync: SYNC_URL },
  });
  // A paused partner with a sync URL is never synced.
  await buildDsp(t.db, {
    status: SimpleStatus.inactive,
    config: { userSync: 'https://paused.example/sync?r={{redirect_url}}' },
  });
  bidder = `dsp${dsp.id}`;
  const s = await buildServingScenario(t.db, { plan: { billing: Billing.cpm, bid: 1_000_000 } });
  await buildSspStrategy(t.db, s.slot.id, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
  slotId = s.slot.id;
  await t.app.delivery().sync();
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

async function cookieSync(payload: Record<string, unknown>, cookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/cookie_sync',
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as SyncAnswer;
}

/** The partner's uid as /setuid keeps it: the cookie to send back. */
async function setPartnerUid(uid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/setuid?bidder=${bidder}&gdpr=0&f=i&uid=${uid}`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/gif');
  const cookie = must(
    response.cookies.find((candidate) => candidate.name === PARTNER_UIDS_COOKIE),
    'the uids cookie',
  );
  expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
  return `${PARTNER_UIDS_COOKIE}=${cookie.value}`;
}

async function auction(cookie: string, regs?: Record<string, unknown>) {
  const id = `sync-${randomUUID()}`;
  await t.app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    headers: { cookie },
    payload: {
      id,
      imp: [{ id: '1', tagid: String(slotId), banner: { format: [{ w: 320, h: 50 }] } }],
      site: { domain: 'news.example.org', page: 'https://news.example.org/a' },
      device: { ua: 'Mozilla/5.0', ip: '198.51.100.23', geo: { country: 'USA' } },
      user: { id: 'caller-user-1', buyeruid: 'our-id-at-the-caller' },
      ...(regs ? { regs } : {}),
      tmax: 1500,
    },
  });
  return must(
    partner.requests.map((request) => request.body as SentRequest).find((body) => body.id === id),
    'the partner request',
  );
}

describe('user syncs with demand partners', () => {
  it('cookie_sync sends the browser to an active partner’s sync URL with our setuid redirect', async () => {
    const answer = await cookieSync({ gdpr: 0 });
    const status = must(
      answer.bidder_status.find((entry) => entry.bidder === bidder),
      'the partner’s status',
    );
    expect(status).toMatchObject({ no_cookie: true, usersync: { type: 'redirect' } });
    const url = new URL(must(status.usersync, 'a sync').url);
    expect(`${url.origin}${url.pathname}`).toBe('https://sync.partner.example/usync');
    expect(url.searchParams.get('gdpr')).toBe('0');
    const redirect = new URL(must(url.searchParams.get('redir'), 'our redirect'));
    expect(redirect.pathname).toBe('/setuid');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      bidder,
      gdpr: '0',
      f: 'i',
      uid: '$UID',
    });
    // Our own sync is still offered; the paused partner is not.
    expect(answer.bidder_status.map((entry) => entry.bidder).sort()).toEqual(
      ['adloom', bidder].sort(),
    );
  });

  it('cookie_sync of a child-directed request offers no partner sync', async () => {
    const answer = await cookieSync({ coppa: 1 });
    expect(answer.bidder_status.map((entry) => entry.bidder)).toEqual(['adloom']);
  });

  it('setuid keeps the partner’s uid in the uids cookie; the partner is then synced', async () => {
    const cookie = await setPartnerUid('partner-uid-42');
    const value = cookie.slice(PARTNER_UIDS_COOKIE.length + 1);
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual({
      [bidder]: 'partner-uid-42',
    });
    const answer = await cookieSync({ bidders: [bidder] }, cookie);
    expect(answer.bidder_status).toEqual([]);
  });

  it('setuid refuses a partner sync without a uid, an unfilled macro or an unknown partner', async () => {
    for (const query of [
      `bidder=${bidder}`,
      `bidder=${bidder}&uid=$UID`,
      'bidder=dsp999999&uid=u1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/setuid?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.cookies).toEqual([]);
    }
  });

  it('the partner’s bid request carries its own uid as user.buyeruid, never the caller’s', async () => {
    const cookie = await setPartnerUid('partner-uid-43');
    const sent = await auction(cookie);
    expect(sent.user).toEqual({ id: 'caller-user-1', buyeruid: 'partner-uid-43' });
  });

  it('a child-directed (COPPA) request carries no buyeruid nor any user', async () => {
    const cookie = await setPartnerUid('partner-uid-44');
    const sent = await auction(cookie, { coppa: 1 });
    expect(sent.regs).toEqual({ coppa: 1 });
    expect(sent.user).toBeUndefined();
  });
});
