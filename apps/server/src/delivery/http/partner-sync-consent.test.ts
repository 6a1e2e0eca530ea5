/**
 * Partner user syncs under consent and Prebid's filters (docs/decisions/partner-privacy.md,
 * user syncs): with the GDPR applying only partners whose GVL vendor has TCF purpose 1 and
 * vendor consent are offered a sync; a US opt-out offers none; iframe partners sync in an
 * iframe; filterSettings include or exclude a sync type. Real TCF strings (@iabtechlabtcf/core).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp } from '../../test/supply-factories.js';
import { must } from '../test-kit.js';
import { tcfString } from '../upstream/test-kit.js';

interface BidderStatus {
  bidder: string;
  no_cookie?: boolean;
  usersync?: { url: string; type: string; supportCORS: boolean };
  error?: string;
}

let t: TestApp;
/** Vendor 755, image redirect. */
let imageBidder = '';
/** Vendor 32, iframe. */
let iframeBidder = '';
/** No vendor id, image redirect. */
let anonymousBidder = '';

beforeAll(async () => {
  // /cookie_sync lists every active partner of the database: on PostgreSQL, not other files'.
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'partner-sync-consent-secret-of-32-chars!!',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
  const image = await buildDsp(t.db, {
    config: { userSync: 'https://img.example/sync?r={{redirect_url}}', gvlVendorId: 755 },
  });
  const iframe = await buildDsp(t.db, {
    config: {
      userSync: 'https://frame.example/sync?gdpr={{gdpr}}&r={{redirect_url}}',
      userSyncType: 'iframe',
      gvlVendorId: 32,
    },
  });
  const anonymous = await buildDsp(t.db, {
    config: { userSync: 'https://anon.example/sync?r={{redirect_url}}' },
  });
  imageBidder = `dsp${image.id}`;
  iframeBidder = `dsp${iframe.id}`;
  anonymousBidder = `dsp${anonymous.id}`;
  await t.app.delivery().sync();
});
afterAll(async () => {
  await t.close();
});

async function cookieSync(payload: Record<string, unknown>): Promise<BidderStatus[]> {
  const response = await t.app.inject({ method: 'POST', url: '/cookie_sync', payload });
  expect(response.statusCode).toBe(200);
  return (response.json() as { bidder_status: BidderStatus[] }).bidder_status;
}

const bidders = () => [imageBidder, iframeBidder, anonymousBidder];
const byBidder = (statuses: BidderStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status.bidder, status]));

describe('partner syncs under TCF consent', () => {
  it('gdpr=1: only the vendor with purpose 1 and vendor consent is synced; the others say why', async () => {
    const consent = tcfString({ purposes: [1, 2], vendors: [755] });
    const statuses = byBidder(
      await cookieSync({ bidders: bidders(), gdpr: 1, gdpr_consent: consent }),
    );
    expect(statuses[imageBidder]).toMatchObject({
      no_cookie: true,
      usersync: { type: 'redirect' },
    });
    expect(statuses[iframeBidder]).toEqual({ bidder: iframeBidder, error: 'Rejected by TCF' });
    expect(statuses[anonymousBidder]).toEqual({
      bidder: anonymousBidder,
      error: 'Rejected by TCF',
    });
    // The consent goes on to the partner and back to our setuid.
    const url = new URL(must(statuses[imageBidder]?.usersync, 'a sync').url);
    const redirect = new URL(must(url.searchParams.get('r'), 'our redirect'));
    expect(redirect.searchParams.get('gdpr')).toBe('1');
    expect(redirect.searchParams.get('gdpr_consent')).toBe(consent);
  });

  it('gdpr=1 with vendor consent but no purpose 1 (storage) consent syncs nobody', async () => {
    const consent = tcfString({ purposes: [2, 3, 4], vendors: [755, 32] });
    const statuses = await cookieSync({ bidders: bidders(), gdpr: '1', gdpr_consent: consent });
    expect(statuses.map((status) => status.error)).toEqual([
      'Rejected by TCF',
      'Rejected by TCF',
      'Rejected by TCF',
    ]);
  });

  it('gdpr=1 with no consent string, or one that does not decode, syncs nobody', async () => {
    for (const payload of [{ gdpr: 1 }, { gdpr: 1, gdpr_consent: 'not-a-tc-string' }]) {
      const statuses = await cookieSync({ bidders: bidders(), ...payload });
      expect(statuses.every((status) => status.error === 'Rejected by TCF')).toBe(true);
    }
  });

  it('gdpr=0 syncs every partner, vendor id or not', async () => {
    const statuses = await cookieSync({ bidders: bidders(), gdpr: 0 });
    expect(statuses.map((status) => status.no_cookie)).toEqual([true, true, true]);
  });

  it('a US opt-out of sale syncs no partner (Rejected by CCPA)', async () => {
    const statuses = await cookieSync({ bidders: bidders(), us_privacy: '1YYN' });
    expect(statuses.map((status) => status.error)).toEqual([
      'Rejected by CCPA',
      'Rejected by CCPA',
      'Rejected by CCPA',
    ]);
    const notOptedOut = await cookieSync({ bidders: bidders(), us_privacy: '1YNN' });
    expect(notOptedOut.every((status) => status.no_cookie === true)).toBe(true);
  });

  it('without bidders named, a refused partner is simply absent (debug lists it with why)', async () => {
    const consent = tcfString({ purposes: [1], vendors: [32] });
    const quiet = await cookieSync({ gdpr: 1, gdpr_consent: consent });
    expect(quiet.map((status) => status.bidder).sort()).toEqual(['adloom', iframeBidder].sort());
    const debug = byBidder(await cookieSync({ gdpr: 1, gdpr_consent: consent, debug: true }));
    expect(debug[imageBidder]).toEqual({ bidder: imageBidder, error: 'Rejected by TCF' });
    expect(debug[iframeBidder]?.usersync?.type).toBe('iframe');
  });

  it('setuid keeps no partner id when the consent it carries does not cover the partner (451)', async () => {
    const consent = tcfString({ purposes: [1], vendors: [32] });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/setuid?bidder=${imageBidder}&gdpr=1&gdpr_consent=${consent}&f=i&uid=u-1`,
    });
    expect(refused.statusCode).toBe(451);
    expect(refused.cookies).toEqual([]);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/setuid?bidder=${iframeBidder}&gdpr=1&gdpr_consent=${consent}&f=b&uid=u-2`,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(kept.cookies.map((cookie) => cookie.name)).toEqual(['adloom_uids']);
  });
});

describe('iframe syncs and filterSettings', () => {
  it('answers each sync in Prebid Server’s format; an iframe’s redirect asks for a blank page', async () => {
    const statuses = byBidder(await cookieSync({ bidders: bidders(), gdpr: 0 }));
    const iframe = must(statuses[iframeBidder], 'the iframe partner');
    expect(Object.keys(iframe).sort()).toEqual(['bidder', 'no_cookie', 'usersync']);
    expect(iframe.usersync).toMatchObject({ type: 'iframe', supportCORS: false });
    const url = new URL(must(iframe.usersync, 'a sync').url);
    expect(`${url.origin}${url.pathname}`).toBe('https://frame.example/sync');
    const redirect = new URL(must(url.searchParams.get('r'), 'our redirect'));
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      bidder: iframeBidder,
      gdpr: '0',
      f: 'b',
      uid: '$UID',
    });
    expect(statuses[imageBidder]?.usersync).toMatchObject({ type: 'redirect', supportCORS: false });
    expect(new URL(must(statuses[imageBidder]?.usersync, 'a sync').url).host).toBe('img.example');
  });

  it('iframe excluded for every bidder: the iframe partner is refused, image syncs stay', async () => {
    const statuses = byBidder(
      await cookieSync({
        bidders: bidders(),
        filterSettings: { iframe: { bidders: '*', filter: 'exclude' } },
      }),
    );
    expect(statuses[iframeBidder]).toEqual({
      bidder: iframeBidder,
      error: 'Rejected by request filter',
    });
    expect(statuses[imageBidder]?.usersync?.type).toBe('redirect');
    expect(statuses[anonymousBidder]?.usersync?.type).toBe('redirect');
  });

  it('image included for one bidder only: the other image partners are refused; iframe unmentioned stays', async () => {
    const statuses = byBidder(
      await cookieSync({
        bidders: bidders(),
        filterSettings: { image: { bidders: [imageBidder], filter: 'include' } },
      }),
    );
    expect(statuses[imageBidder]?.usersync?.type).toBe('redirect');
    expect(statuses[anonymousBidder]?.error).toBe('Rejected by request filter');
    expect(statuses[iframeBidder]?.usersync?.type).toBe('iframe');
  });

  it('refuses a malformed filterSettings naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cookie_sync',
      payload: { filterSettings: { iframe: { filter: 'sometimes' } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('filterSettings.iframe.filter');
  });
});
