/**
 * /serve/ad under the page's consent (issue 17): the TCF, GPP and US privacy parameters the
 * SDK sends are read by the partner leg's rules (upstream/privacy.ts) for the ids our caps
 * count on, and passed on to partners as OpenRTB's regs and user.consent; its refusals carry
 * CORS so the page's SDK can read them.
 */
import { SERVE_AD_PATH, type ServeAdAnswer, type ServeFacts } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { buildServingScenario, createServingTestApp, must } from '../test-kit.js';
import { buildDspConfig, buildServeRequest, buildSlot, tcfString } from '../upstream/test-kit.js';
import { buildPartnerRequest } from '../upstream/bid-request.js';
import { consentOf } from './requests.js';
import { parseServeQuery } from './serve-query.js';

const OUR_VENDOR = 755;
let t: TestApp;

beforeAll(async () => {
  t = await createServingTestApp({ GVL_VENDOR_ID: String(OUR_VENDOR) });
});
afterAll(async () => {
  await t.close();
});

async function serve(query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await t.app.inject({ method: 'GET', url: `${SERVE_AD_PATH}?${search}` });
  return { response, body: response.json() as ServeAdAnswer };
}

/** Serves once and renders the ad (its impression fired); answers whether it filled. */
async function serveAndRender(query: Record<string, string | number>): Promise<boolean> {
  const { body } = await serve(query);
  if (!body.fill) return false;
  const url = new URL(must(body.impression_urls[0], 'an impression URL'));
  await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return true;
}

describe('/serve/ad consent and errors', () => {
  it('answers a bad request with 400 naming the field, readable from any page (CORS)', async () => {
    const { response } = await serve({ slot_id: 'x', os: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.stringify(response.json())).toContain('slot_id');
    const badGdpr = await serve({ slot_id: 1, os: 1, gdpr: 'yes' });
    expect(badGdpr.response.statusCode).toBe(400);
    expect(badGdpr.response.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.stringify(badGdpr.response.json())).toContain('gdpr');
  });

  it('caps count a user only when the consent allows it (GDPR, US opt-out)', async () => {
    // One ad a day per user: a second request of a counted user gets nothing.
    const s = await buildServingScenario(t.db, { plan: { timesPerUser: 1 } });
    await t.app.delivery().sync();
    const base = { slot_id: s.slot.id, os: 1, country: 'FR', uid: `reader-${s.slot.id}` };

    expect(await serveAndRender(base)).toBe(true);
    expect(await serveAndRender(base)).toBe(false);

    // GDPR without consent for our vendor id: no user counted, so no cap reached.
    const refused = tcfString({ purposes: [1, 2], vendors: [OUR_VENDOR + 1] });
    const noConsent = { ...base, gdpr: 1, gdpr_consent: refused };
    expect(await serveAndRender(noConsent)).toBe(true);
    expect(await serveAndRender(noConsent)).toBe(true);
    expect(await serveAndRender({ ...base, us_privacy: '1YYN' })).toBe(true);

    // With our consent the user counts again: capped as before.
    const given = tcfString({ purposes: [1, 2], vendors: [OUR_VENDOR] });
    expect(await serveAndRender({ ...base, gdpr: 1, gdpr_consent: given })).toBe(false);
    expect(await serveAndRender({ ...base, gdpr: 0 })).toBe(false);
  });
});

describe('the consent parameters', () => {
  const query = {
    slot_id: '3',
    os: '1',
    gdpr: '1',
    gdpr_consent: 'CPabc',
    us_privacy: '1YNN',
    gpp: 'DBABMA~CPabc',
    gpp_sid: '2, 6,x',
  };

  it('are read by the fast path and the schema alike', () => {
    const parsed = parseServeQuery(query);
    if (!parsed.success) throw new Error('refused');
    const facts: ServeFacts = parsed.data;
    expect(facts).toMatchObject({ gdpr: '1', gdpr_consent: 'CPabc', us_privacy: '1YNN' });
    const slow = parseServeQuery({ ...query, os: ['1'] });
    expect(slow.success).toBe(false);
    expect(consentOf(facts)).toEqual({
      gdpr: 1,
      consent: 'CPabc',
      usPrivacy: '1YNN',
      gpp: 'DBABMA~CPabc',
      gppSid: [2, 6],
    });
    expect(consentOf({ slot_id: 3, os: 1 })).toBeUndefined();
  });

  it('go to a partner as regs and user.consent, which strip what it may not have', () => {
    const given = tcfString({ purposes: [1, 2], vendors: [42] });
    const request = buildServeRequest({
      consent: { gdpr: 1, consent: given, gpp: 'DBABMA~x', gppSid: [2] },
    });
    const slot = buildSlot();
    const allowed = buildPartnerRequest({
      request,
      slot,
      dsp: buildDspConfig({ config: { gvlVendorId: 42 } }),
      strategy: null,
      floor: 0,
      tmaxMs: 300,
    });
    expect(allowed.regs).toMatchObject({ gdpr: 1, gpp: 'DBABMA~x', gpp_sid: [2] });
    expect(allowed.user).toMatchObject({ id: 'user-1', consent: given });
    expect(allowed.device?.ifa).toBe('oaid-1');

    const other = buildPartnerRequest({
      request,
      slot,
      dsp: buildDspConfig({ config: { gvlVendorId: 43 } }),
      strategy: null,
      floor: 0,
      tmaxMs: 300,
    });
    expect(other.user).toEqual({ consent: given });
    expect(other.device?.ifa).toBeUndefined();
    expect(other.device?.ip).toBe('203.0.113.0');
  });
});
