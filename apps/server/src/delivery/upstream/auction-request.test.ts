/**
 * What a partner gets for a caller's auction, field by field: every impression in one
 * request with its own id and the caller's shape, the caller's site, device, user, regs,
 * deals and blocks, the supply chain with our node, privacy applied, and 2.5 placement for
 * a partner speaking 2.5.
 */
import { ZBidRequest, type BidRequest, type Imp } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { buildAuctionRequest, partnerCallHeaders, type PartnerImpLeg } from './bid-request.js';
import { buildDspConfig, buildServeRequest, buildSlot, tcfString } from './test-kit.js';

const VIDEO_IMP: Imp = {
  id: 'caller-video',
  tagid: 'slot-code-video',
  bidfloor: 2,
  bidfloorcur: 'EUR',
  video: {
    mimes: ['video/webm', 'video/mp4'],
    minduration: 5,
    maxduration: 30,
    protocols: [2, 3, 7],
    w: 640,
    h: 360,
    plcmt: 1,
    placement: 1,
  },
  secure: 1,
  pmp: { private_auction: 1, deals: [{ id: 'deal-7', bidfloor: 3, wseat: ['seat-1'] }] },
  ext: { prebid: { bidder: { adloom: { slot: 'x' } } } },
};

const MULTI_FORMAT_IMP: Imp = {
  id: 'caller-banner',
  tagid: 'slot-code-banner',
  banner: {
    format: [
      { w: 300, h: 250 },
      { w: 320, h: 50 },
    ],
    battr: [1, 3],
  },
  native: { request: '{"ver":"1.2","assets":[{"id":1,"title":{"len":90}}]}', ver: '1.2' },
};

const CALLER: BidRequest = {
  id: 'auction-1',
  imp: [VIDEO_IMP, MULTI_FORMAT_IMP],
  site: {
    id: 'site-1',
    domain: 'news.example.org',
    page: 'https://news.example.org/article',
    publisher: { id: 'pub-1' },
    ext: { amp: 0 },
  },
  device: {
    ua: 'Mozilla/5.0 UA',
    ip: '198.51.100.23',
    ipv6: '2001:db8:85a3:1:2:3:4:5',
    devicetype: 2,
    sua: { browsers: [{ brand: 'Chromium', version: ['120'] }], mobile: 0 },
    dnt: 0,
    lmt: 0,
    language: 'de',
    ifa: 'ifa-123',
    geo: { country: 'DEU', region: 'BE', lat: 52.52, lon: 13.4, zip: '10115', city: 'Berlin' },
  },
  user: {
    id: 'user-1',
    buyeruid: 'buyer-1',
    eids: [{ source: 'id5-sync.com', uids: [{ id: 'id5-abc' }] }],
  },
  // A GPP string with one US privacy section that opts out of nothing (GPP TCF sections would
  // make GDPR apply: the partners here have no vendor id).
  regs: { coppa: 0, gpp: 'DBABTA~1YNN', gpp_sid: [6] },
  source: {
    tid: 'tid-1',
    schain: { ver: '1.0', complete: 1, nodes: [{ asi: 'exchange.example', sid: '42', hp: 1 }] },
  },
  bcat: ['IAB25'],
  badv: ['blocked.example'],
  tmax: 500,
  cur: ['USD'],
};

function legsOf(caller: BidRequest): PartnerImpLeg[] {
  return caller.imp.map((imp, index) => ({
    request: buildServeRequest({ id: caller.id, slotId: 7 + index, channel: 'openrtb' }),
    slot: buildSlot({ id: 7 + index, mediaOwnerId: 5 }),
    strategy: null,
    floor: 1_500_000,
    imp,
  }));
}

/** The partner's own id of the browser, from its user sync (http/user-sync.ts). */
const PARTNER_UID = 'partner-uid-9';
/** What the partner gets as user when nothing is stripped: its own buyeruid, not the caller's. */
const SENT_USER = { id: 'user-1', buyeruid: PARTNER_UID, eids: CALLER.user?.eids };

function build(caller: BidRequest, config: Record<string, unknown> = {}, buyerUid = PARTNER_UID) {
  return buildAuctionRequest({
    legs: legsOf(caller),
    caller,
    dsp: buildDspConfig({ config: { badv: ['partner-block.example'], ...config } }),
    tmaxMs: 200,
    seller: { domain: 'adloom.example.com' },
    ...(buyerUid ? { buyerUid } : {}),
  });
}

describe('a partner request for a caller auction', () => {
  it('carries every impression once, with unique ids, in the shape the caller sent', () => {
    const body = ZBidRequest.parse(build(CALLER));
    expect(body.id).toBe('auction-1');
    expect(body.imp.map((imp) => imp.id)).toEqual(['1', '2']);
    const [video, banner] = body.imp;
    expect(video).toEqual({
      id: '1',
      tagid: '7',
      bidfloor: 1.5,
      bidfloorcur: 'USD',
      video: VIDEO_IMP.video,
      secure: 1,
      pmp: VIDEO_IMP.pmp,
    });
    // Multi-format: both banner sizes and the native request, as sent; no bidder params.
    expect(banner).toEqual({
      id: '2',
      tagid: '8',
      bidfloor: 1.5,
      bidfloorcur: 'USD',
      banner: MULTI_FORMAT_IMP.banner,
      native: MULTI_FORMAT_IMP.native,
    });
  });

  it('sends site as site, the device and user as sent, regs and blocks', () => {
    const body = build(CALLER);
    expect(body.app).toBeUndefined();
    expect(body.site).toEqual({
      id: 'site-1',
      domain: 'news.example.org',
      page: 'https://news.example.org/article',
      publisher: { id: 'pub-1' },
    });
    expect(body.device).toEqual(CALLER.device);
    expect(body.user).toEqual(SENT_USER);
    expect(body.regs).toEqual(CALLER.regs);
    expect(body.bcat).toEqual(['IAB25']);
    expect(body.badv).toEqual(['blocked.example', 'partner-block.example']);
    expect(body).toMatchObject({ at: 2, tmax: 200, cur: ['USD'] });
  });

  it('sends the partner its own buyeruid from its user sync, never the caller’s (ours)', () => {
    expect(build(CALLER).user?.buyeruid).toBe(PARTNER_UID);
    // No sync with this partner: no buyeruid at all.
    expect(build(CALLER, {}, '').user).toEqual({
      id: 'user-1',
      eids: CALLER.user?.eids,
    });
  });

  it('sends an app as app', () => {
    const { site: _site, ...rest } = CALLER;
    const body = build({ ...rest, app: { bundle: 'com.game', storeurl: 'https://store/x' } });
    expect(body.site).toBeUndefined();
    expect(body.app).toEqual({ bundle: 'com.game', storeurl: 'https://store/x' });
  });

  it('passes source.tid and appends our node to the supply chain', () => {
    const body = build(CALLER);
    expect(body.source).toEqual({
      tid: 'tid-1',
      schain: {
        ver: '1.0',
        complete: 1,
        nodes: [
          { asi: 'exchange.example', sid: '42', hp: 1 },
          { asi: 'adloom.example.com', sid: '5', hp: 1, rid: 'auction-1' },
        ],
      },
    });
    // The caller's objects are left as they were.
    expect(CALLER.source).toMatchObject({ schain: { nodes: [{ asi: 'exchange.example' }] } });
  });

  it('reads a 2.5 caller (ext placement) and starts an incomplete chain when none came', () => {
    const caller: BidRequest = {
      id: 'a-25',
      imp: [MULTI_FORMAT_IMP],
      site: { page: 'https://x.example/' },
      user: { ext: { consent: 'CONSENT', eids: [{ source: 's', uids: [{ id: 'u' }] }] } },
      regs: { ext: { gdpr: 0, us_privacy: '1NNN' } },
    };
    const body = build(caller);
    expect(body.user).toEqual({
      buyeruid: PARTNER_UID,
      consent: 'CONSENT',
      eids: [{ source: 's', uids: [{ id: 'u' }] }],
    });
    expect(body.regs).toEqual({ gdpr: 0, us_privacy: '1NNN' });
    expect(body.source).toEqual({
      tid: 'a-25',
      schain: {
        ver: '1.0',
        complete: 0,
        nodes: [{ asi: 'adloom.example.com', sid: '5', hp: 1, rid: 'a-25' }],
      },
    });
  });

  it('places the 2.6 fields in ext for a partner speaking 2.5, and says so in the header', () => {
    const caller = {
      ...CALLER,
      regs: { gdpr: 0, us_privacy: '1YNN', gpp: 'DBABTA~1YNN', gpp_sid: [6] },
    };
    const body = build(caller, { openrtb: '2.5' });
    expect(body.regs).toEqual({
      ext: { gdpr: 0, us_privacy: '1YNN', gpp: 'DBABTA~1YNN', gpp_sid: [6] },
    });
    expect(body.user).toEqual({
      id: 'user-1',
      buyeruid: PARTNER_UID,
      ext: { eids: CALLER.user?.eids },
    });
    expect(body.source).toMatchObject({ tid: 'tid-1', ext: { schain: { complete: 1 } } });
    expect(body.source?.schain).toBeUndefined();
    expect(partnerCallHeaders(buildDspConfig({ config: { openrtb: '2.5' } }))).toMatchObject({
      'x-openrtb-version': '2.5',
    });
    expect(partnerCallHeaders(buildDspConfig())).toMatchObject({ 'x-openrtb-version': '2.6' });
  });
});

describe('privacy before a partner call', () => {
  const PERSONAL_DEVICE_KEYS = ['ifa'];

  it('COPPA: no ifa, user id, buyeruid or eids; IP truncated; geo coarse', () => {
    const body = build({ ...CALLER, regs: { coppa: 1 } });
    expect(body.regs).toEqual({ coppa: 1 });
    // Not even the partner's own id from its sync.
    expect(body.user).toBeUndefined();
    for (const key of PERSONAL_DEVICE_KEYS) expect(body.device).not.toHaveProperty(key);
    expect(body.device).toMatchObject({
      ip: '198.51.100.0',
      ipv6: '2001:db8:85a3::',
      geo: { country: 'DEU', region: 'BE' },
      ua: 'Mozilla/5.0 UA',
    });
    expect(body.device?.geo).toEqual({ country: 'DEU', region: 'BE' });
  });

  it('LMT or DNT: no ifa, the rest stays', () => {
    for (const flags of [{ lmt: 1 }, { dnt: 1 }]) {
      const body = build({ ...CALLER, device: { ...CALLER.device, ...flags } });
      expect(body.device).not.toHaveProperty('ifa');
      expect(body.device).toMatchObject({ ip: '198.51.100.23', geo: { lat: 52.52 } });
      expect(body.user).toEqual(SENT_USER);
    }
  });

  it('GDPR with consent for the partner vendor: personal data goes', () => {
    const consent = tcfString({ purposes: [1, 2], vendors: [32] });
    const body = build(
      { ...CALLER, regs: { gdpr: 1 }, user: { ...CALLER.user, consent } },
      { gvlVendorId: 32 },
    );
    expect(body.user).toEqual({ ...SENT_USER, consent });
    expect(body.device).toMatchObject({ ifa: 'ifa-123', ip: '198.51.100.23' });
  });

  it('GDPR with legitimate interest for purpose 2 (consent for purpose 1): personal data goes', () => {
    const consent = tcfString({ purposes: [1], vendors: [32], purposeLi: [2], vendorLi: [32] });
    const body = build(
      { ...CALLER, regs: { gdpr: 1 }, user: { ...CALLER.user, consent } },
      { gvlVendorId: 32 },
    );
    expect(body.device).toMatchObject({ ifa: 'ifa-123' });
  });

  it.each([
    ['another vendor consented', tcfString({ purposes: [1, 2], vendors: [33] }), 32],
    ['purpose 1 refused', tcfString({ purposes: [2], vendors: [32] }), 32],
    ['no vendor id for the partner', tcfString({ purposes: [1, 2], vendors: [32] }), undefined],
    ['a string that does not decode', 'not-a-tcf-string', 32],
    ['no string', '', 32],
  ])('GDPR without consent (%s): no personal data, the string stays', (_, consent, vendor) => {
    const body = build(
      { ...CALLER, regs: { gdpr: 1 }, user: { ...CALLER.user, consent } },
      vendor === undefined ? {} : { gvlVendorId: vendor },
    );
    expect(body.regs).toEqual({ gdpr: 1 });
    expect(body.user).toEqual(consent ? { consent } : undefined);
    expect(body.device).not.toHaveProperty('ifa');
    expect(body.device).toMatchObject({ ip: '198.51.100.0' });
    expect(body.device?.geo).toEqual({ country: 'DEU', region: 'BE' });
  });

  it('US privacy opt-out of sale: no personal data; no opt-out: all goes', () => {
    const optedOut = build({ ...CALLER, regs: { us_privacy: '1YYN' } });
    expect(optedOut.user).toBeUndefined();
    expect(optedOut.device).not.toHaveProperty('ifa');
    expect(optedOut.device).toMatchObject({ ip: '198.51.100.0' });
    const notOptedOut = build({ ...CALLER, regs: { us_privacy: '1YNN' } });
    expect(notOptedOut.user).toEqual(SENT_USER);
    expect(notOptedOut.device).toMatchObject({ ifa: 'ifa-123' });
  });

  it('strips in 2.6 placement, then moves to 2.5 placement', () => {
    const body = build({ ...CALLER, regs: { coppa: 1, us_privacy: '1YYN' } }, { openrtb: '2.5' });
    expect(body.regs).toEqual({ coppa: 1, ext: { us_privacy: '1YYN' } });
    expect(body.user).toBeUndefined();
  });
});
