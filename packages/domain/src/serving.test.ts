import { describe, expect, it } from 'vitest';
import { AdForm, Platform } from './enums.js';
import { ZBidRequest } from './openrtb.js';
import {
  OPENRTB_AUCTION_PATH,
  SERVE_AD_PARAMS,
  SERVE_AD_PATH,
  openRtbBidRequest,
  serveAdUrl,
  type ServingSlot,
} from './serving.js';

const media = { id: 7, name: 'Demo news', os: Platform.ios, bundle: 'com.demo.news' };
const slot: ServingSlot = {
  id: 42,
  ad_form: AdForm.banner,
  width: 320,
  height: 50,
  lowest_bid: 1_500_000,
};

describe('serveAdUrl', () => {
  it('names the slot, the media’s OS and bundle, and every parameter with a value once in order', () => {
    const url = new URL(serveAdUrl('https://ads.example.com/', slot, media));
    expect(url.origin + url.pathname).toBe(`https://ads.example.com${SERVE_AD_PATH}`);
    expect(
      url.search
        .slice(1)
        .split('&')
        .map((pair) => pair.split('=')[0]),
    ).toEqual(SERVE_AD_PARAMS.filter((param) => param.example !== '').map((param) => param.name));
    expect(url.searchParams.has('oaid')).toBe(false);
    expect(url.searchParams.get('slot_id')).toBe('42');
    expect(url.searchParams.get('os')).toBe(String(Platform.ios));
    expect(url.searchParams.get('app')).toBe('com.demo.news');
    expect(url.searchParams.get('country')).toBe('US');
  });

  it('falls back to examples for a media without OS or bundle, and takes overrides', () => {
    const url = new URL(
      serveAdUrl('http://localhost:3000', slot, { os: Platform.all, bundle: '' }, { uid: 'a b' }),
    );
    expect(url.searchParams.get('os')).toBe(String(Platform.android));
    expect(url.searchParams.get('app')).toBe('com.example.app');
    expect(url.searchParams.get('uid')).toBe('a b');
    expect(url.search).toContain('uid=a%20b');
  });
});

describe('openRtbBidRequest', () => {
  it('tags the impression with the slot, its size and floor per mille; app from the media', () => {
    const request = openRtbBidRequest(slot, media);
    expect(request.imp).toEqual([
      expect.objectContaining({
        tagid: '42',
        banner: { w: 320, h: 50 },
        bidfloor: 1.5,
        bidfloorcur: 'USD',
      }),
    ]);
    expect(request.app).toMatchObject({ id: '7', name: 'Demo news', bundle: 'com.demo.news' });
    expect(request.device.os).toBe('ios');
    expect(ZBidRequest.safeParse(request).success).toBe(true);
    expect(OPENRTB_AUCTION_PATH).toBe('/openrtb2/auction');
  });

  it('asks for the format of the ad form; an unlimited size names no width or height', () => {
    const imp = (values: Partial<typeof slot>) =>
      openRtbBidRequest({ ...slot, ...values }, media).imp[0] as Record<string, unknown>;
    expect(imp({ width: 0, height: 0 }).banner).toEqual({});
    expect(imp({ ad_form: AdForm.interstitial })).toMatchObject({ instl: 1, banner: {} });
    expect(imp({ ad_form: AdForm.feed }).native).toMatchObject({ ver: '1.2' });
    expect(imp({ ad_form: AdForm.rewardedVideo })).toMatchObject({
      rwdd: 1,
      video: { mimes: ['video/mp4'], w: 320, h: 50 },
    });
    expect(imp({ ad_form: AdForm.feed }).banner).toBeUndefined();
    for (const adForm of AdForm.values) {
      const request = openRtbBidRequest({ ...slot, ad_form: adForm }, media);
      expect(ZBidRequest.safeParse(request).success, `ad form ${adForm}`).toBe(true);
    }
  });
});
