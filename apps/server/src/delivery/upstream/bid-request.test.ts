/**
 * The BidRequest a partner gets: valid OpenRTB 2.6 by our own schema, the slot's impression
 * as the integration snippet shapes it, the request's device and user, and the config keys.
 */
import {
  AdForm,
  Network,
  OPENRTB_VERSION,
  Platform,
  ZBidRequest,
  openRtbBidRequest,
} from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { buildPartnerRequest, partnerCallHeaders, partnerFloor } from './bid-request.js';
import { buildDspConfig, buildServeRequest, buildSlot, buildSspStrategy } from './test-kit.js';

const build = (values: Partial<Parameters<typeof buildPartnerRequest>[0]> = {}) =>
  ZBidRequest.parse(
    buildPartnerRequest({
      request: buildServeRequest(),
      slot: buildSlot(),
      dsp: buildDspConfig(),
      strategy: null,
      floor: 1_500_000,
      tmaxMs: 180,
      ...values,
    }),
  );

describe('buildPartnerRequest', () => {
  it('builds one impression tagged with the slot, at our floor in currency units', () => {
    const body = build({
      request: buildServeRequest({ id: 'req-42' }),
      slot: buildSlot({ id: 9 }),
    });
    expect(body.id).toBe('req-42');
    expect(body.imp).toHaveLength(1);
    expect(body.imp[0]).toMatchObject({
      id: '1',
      tagid: '9',
      bidfloor: 1.5,
      bidfloorcur: 'USD',
      banner: { w: 320, h: 50 },
    });
    expect(body).toMatchObject({ at: 2, tmax: 180, cur: ['USD'] });
    expect(body.test).toBeUndefined();
  });

  it.each([
    [AdForm.banner, { banner: { w: 320, h: 50 } }],
    [AdForm.interstitial, { instl: 1, banner: { w: 320, h: 50 } }],
    [AdForm.splash, { instl: 1, banner: { w: 320, h: 50 } }],
    [AdForm.rewardedVideo, { instl: 1, rwdd: 1, video: { mimes: ['video/mp4'], plcmt: 3 } }],
  ])('shapes ad form %i as the integration snippet does', (adForm, expected) => {
    const slot = buildSlot({ adForm });
    const imp = build({ slot }).imp[0];
    expect(imp).toMatchObject(expected);
    // The same objects as the snippet's own request for this slot (one description).
    const snippet = openRtbBidRequest(
      { id: slot.id, ad_form: adForm, width: 320, height: 50, lowest_bid: 0 },
      { id: slot.mediaId, name: slot.mediaName, os: slot.mediaOs, bundle: slot.mediaBundle },
    ).imp[0] as Record<string, unknown> | undefined;
    for (const key of ['banner', 'video', 'native', 'instl', 'rwdd'] as const) {
      expect(imp?.[key]).toEqual(snippet?.[key]);
    }
  });

  it('asks a feed slot for Native 1.2 and leaves an unlimited size out', () => {
    const imp = build({ slot: buildSlot({ adForm: AdForm.feed, width: 0, height: 0 }) }).imp[0];
    expect(imp?.banner).toBeUndefined();
    expect(imp?.native?.ver).toBe('1.2');
    const native = JSON.parse(imp?.native?.request ?? '{}') as { assets: unknown[] };
    expect(native.assets.length).toBeGreaterThan(0);
    const unlimited = build({ slot: buildSlot({ adForm: AdForm.banner, width: 0, height: 0 }) });
    expect(unlimited.imp[0]?.banner).toEqual({});
  });

  it("carries the app, device and user of the request in OpenRTB's codes", () => {
    const body = build({
      request: buildServeRequest({
        os: Platform.ios,
        osv: '17.4',
        network: Network.g4,
        country: 'fr',
        brand: 'apple',
        model: 'iPhone15,2',
        app: 'com.example.news',
        appVersion: '2.3.1',
        uid: 'user-9',
        idfa: 'IDFA-1',
        oaid: 'OAID-1',
        lang: 'fr',
        ip: '198.51.100.4',
        ua: 'UA/1',
      }),
      slot: buildSlot({ mediaId: 3, mediaName: 'Daily News', mediaBundle: 'com.media' }),
    });
    expect(body.app).toEqual({
      id: '3',
      name: 'Daily News',
      bundle: 'com.example.news',
      ver: '2.3.1',
      publisher: { id: '1' },
    });
    expect(body.device).toEqual({
      ua: 'UA/1',
      ip: '198.51.100.4',
      os: 'ios',
      osv: '17.4',
      make: 'apple',
      model: 'iPhone15,2',
      language: 'fr',
      ifa: 'IDFA-1',
      connectiontype: 6,
      geo: { country: 'FRA' },
    });
    expect(body.user).toEqual({ id: 'user-9' });
  });

  it.each([
    [Network.wifi, 2],
    [Network.g2, 4],
    [Network.g3, 5],
    [Network.g4, 6],
    [Network.g5, 7],
  ])('maps network %i to connection type %i', (network, connectiontype) => {
    expect(build({ request: buildServeRequest({ network }) }).device?.connectiontype).toBe(
      connectiontype,
    );
  });

  it('leaves out what the request does not know, falling back to the media bundle', () => {
    const body = build({
      request: buildServeRequest({
        os: Platform.all,
        network: Network.all,
        country: '',
        app: '',
        appVersion: '',
        uid: '',
        idfa: '',
        oaid: 'OAID-7',
      }),
      slot: buildSlot({ mediaBundle: 'com.media' }),
    });
    expect(body.app).toEqual({
      id: '3',
      name: 'Daily News',
      bundle: 'com.media',
      publisher: { id: '1' },
    });
    expect(body.device?.os).toBeUndefined();
    expect(body.device?.connectiontype).toBeUndefined();
    expect(body.device?.geo).toBeUndefined();
    expect(body.device?.ifa).toBe('OAID-7');
    expect(body.user).toBeUndefined();
  });

  it("tells the partner the time it has: the request's, cut to the partner's timeout", () => {
    expect(build({ tmaxMs: 180, dsp: buildDspConfig({ timeoutMs: 300 }) }).tmax).toBe(180);
    expect(build({ tmaxMs: 180, dsp: buildDspConfig({ timeoutMs: 120 }) }).tmax).toBe(120);
  });

  it('marks test traffic, from the request or from the partner config', () => {
    expect(build({ request: buildServeRequest({ test: true }) }).test).toBe(1);
    expect(build({ dsp: buildDspConfig({ config: { test: true } }) }).test).toBe(1);
    expect(build({ dsp: buildDspConfig({ config: { test: 'yes' } }) }).test).toBeUndefined();
  });

  it("applies the partner's seat, badv and bcat and ignores unknown or ill-typed keys", () => {
    const body = build({
      dsp: buildDspConfig({
        config: { seat: 'seat-9', badv: ['bad.example'], bcat: 'IAB25', colour: 'blue' },
      }),
    });
    expect(body).toMatchObject({ wseat: ['seat-9'], badv: ['bad.example'], bcat: ['IAB25'] });
    expect(body).not.toHaveProperty('colour');
    const ignored = build({ dsp: buildDspConfig({ config: { seat: 42, badv: [] } }) });
    expect(ignored).not.toHaveProperty('wseat');
    expect(ignored).not.toHaveProperty('badv');
  });

  it("raises the floor to the SSP strategy's bidfloor, never lowers it", () => {
    const raised = buildSspStrategy({ config: { bidfloor: 2.25 } });
    expect(build({ strategy: raised, floor: 1_500_000 }).imp[0]?.bidfloor).toBe(2.25);
    const lower = buildSspStrategy({ config: { bidfloor: '0.5' } });
    expect(build({ strategy: lower, floor: 1_500_000 }).imp[0]?.bidfloor).toBe(1.5);
    expect(partnerFloor(1_500_000, buildSspStrategy({ config: { bidfloor: '3' } }))).toBe(
      3_000_000,
    );
    expect(partnerFloor(1_500_000, buildSspStrategy({ config: { bidfloor: 'high' } }))).toBe(
      1_500_000,
    );
  });
});

describe('partnerCallHeaders', () => {
  it('adds the configured headers, never replacing the protocol ones', () => {
    const dsp = buildDspConfig({
      config: {
        headers: {
          Authorization: 'Bearer s3cret',
          'X-Partner-Id': 77,
          'Content-Type': 'text/plain',
          'x-openrtb-version': '2.5',
          'Bad Name': 'x',
          'X-Injected': 'a\r\nSet-Cookie: b',
          'X-Object': { nested: true },
        },
      },
    });
    expect(partnerCallHeaders(dsp)).toEqual({
      authorization: 'Bearer s3cret',
      'x-partner-id': '77',
      'x-openrtb-version': OPENRTB_VERSION,
    });
    expect(partnerCallHeaders(buildDspConfig({ config: { headers: 'nope' } }))).toEqual({
      'x-openrtb-version': OPENRTB_VERSION,
    });
  });
});
