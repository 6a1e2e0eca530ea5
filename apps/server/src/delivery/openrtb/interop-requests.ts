/**
 * Test data of the interop suite (interop.test.ts): BidRequests shaped like the ones real
 * exchanges and Prebid Server send, written for this suite from the OpenRTB 2.6 object
 * tables (BidRequest, Imp, Banner/Format, Video, Native, Site, App, Device, Geo, User) and
 * the Native 1.2 request tables. Each names what Adloom should answer given the suite's
 * four creatives — `image` (300×250 PNG, image only), `text` (a text ad), `native` (big
 * image 1200×627 JPEG with a title, description, call to action and an 80×80 icon) and
 * `video` (1280×720 MP4 of 15 s) — whose bids rank native > video > image > text.
 */

import { NO_BID_REASON } from '@adloom/domain';

/** Who should win and how, or no bid (204), or a no-bid answer with this reason. */
export type ImpExpectation =
  | {
      bid: 'image' | 'text' | 'native' | 'video';
      mtype: 1 | 2 | 4;
      w?: number;
      h?: number;
      vast?: string;
    }
  | { bid: 'none' };

export type Expected =
  | ImpExpectation
  | { nbr: number }
  /** Per impression id, for multi-impression requests. */
  | { byImp: Readonly<Record<string, ImpExpectation>> }
  /** One of two outcomes, as the answer says: a bid, or a no-bid with this reason. */
  | { either: readonly [ImpExpectation, { nbr: number }] };

export interface InteropCase {
  name: string;
  /** The request; `tagid` is filled per entry point (our slot, or an exchange's own tag). */
  request: (tagid: string, domain: string) => Record<string, unknown>;
  expect: Expected;
}

/** The floor every case carries unless it says otherwise: above any other test's demand. */
export const SUITE_FLOOR = 40;

const webDevice = {
  ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  ip: '203.0.113.41',
  devicetype: 2,
  language: 'en',
  geo: { country: 'CAN', region: 'ON', type: 2 },
};

const phone = {
  ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  ip: '198.51.100.77',
  os: 'Android',
  osv: '14',
  make: 'Google',
  model: 'Pixel 8',
  devicetype: 4,
  connectiontype: 2,
  language: 'en',
  ifa: '5e0c6f2a-91b4-4d1e-b7a3-2c8f0d9e4a11',
  geo: { country: 'CAN', lat: 43.65, lon: -79.38, type: 2 },
};

const site = (domain: string, path = '/') => ({
  id: 'site-8841',
  domain,
  page: `https://${domain}${path}`,
  ref: 'https://search.example.net/',
  cat: ['IAB12'],
  publisher: { id: 'pub-2207', name: 'Example Media Group', domain },
});

const app = (bundle: string) => ({
  id: 'app-3310',
  name: 'Weather Daily',
  bundle,
  storeurl: `https://play.google.com/store/apps/details?id=${bundle}`,
  ver: '5.4.1',
  publisher: { id: 'pub-9031' },
});

const base = (id: string, domain: string) => ({
  id,
  at: 1,
  tmax: 700,
  cur: ['USD'],
  site: site(domain, '/articles/weekend-forecast'),
  device: webDevice,
  user: { id: `u-${id}`, buyeruid: `b-${id}` },
  source: { tid: `tid-${id}`, fd: 1 },
  regs: { coppa: 0, ext: { gdpr: 0 } },
});

const floor = { bidfloor: SUITE_FLOOR, bidfloorcur: 'USD' };

/** Native 1.2 request of a content feed: title, main image, icon, description, CTA. */
const feedNative = JSON.stringify({
  ver: '1.2',
  context: 1,
  contextsubtype: 10,
  plcmttype: 1,
  plcmtcnt: 1,
  assets: [
    { id: 101, required: 1, title: { len: 24 } },
    {
      id: 102,
      required: 1,
      img: { type: 3, wmin: 600, hmin: 300, mimes: ['image/jpeg', 'image/png'] },
    },
    { id: 103, required: 0, img: { type: 1, w: 80, h: 80 } },
    { id: 104, required: 0, data: { type: 2, len: 60 } },
    { id: 105, required: 0, data: { type: 12, len: 15 } },
    { id: 106, required: 0, data: { type: 3 } },
  ],
  eventtrackers: [{ event: 1, methods: [1, 2] }],
  privacy: 1,
});

/** Native 1.1 shape (wrapped in `native`) asking for a star rating it cannot do without. */
const ratingNative = JSON.stringify({
  native: {
    ver: '1.1',
    layout: 3,
    assets: [
      { id: 1, required: 1, title: { len: 90 } },
      { id: 2, required: 1, data: { type: 3 } },
    ],
  },
});

/** A native request whose main image must be exactly 320×50: none of ours is. */
const exactImageNative = JSON.stringify({
  ver: '1.2',
  assets: [
    { id: 7, required: 1, img: { type: 3, w: 320, h: 50 } },
    { id: 8, required: 0, title: { len: 40 } },
  ],
});

/** Native 1.1 wrapped, title and the icon only, imptrackers expected. */
const iconNative = JSON.stringify({
  native: {
    ver: '1.1',
    assets: [
      { id: 3, required: 1, title: { len: 12 } },
      { id: 9, required: 1, img: { type: 1, wmin: 40, hmin: 40 } },
    ],
  },
});

/**
 * Native assets without ids, as some publishers' Prebid setups send them: Native 1.2 has the
 * exchange number them, and Prebid Server numbers them by index when none has one.
 */
export const unnumberedNative = JSON.stringify({
  ver: '1.2',
  context: 1,
  plcmttype: 1,
  assets: [
    { required: 1, title: { len: 80 } },
    { required: 1, data: { type: 2 } },
    { required: 0, data: { type: 12 } },
    { required: 0, img: { type: 3, wmin: 300, hmin: 150, ext: { aspectratios: ['16:9'] } } },
    { required: 0, img: { type: 1, w: 80, h: 80 } },
    { required: 0, data: { type: 3 } },
  ],
  eventtrackers: [{ event: 1, methods: [1] }],
});

export const INTEROP_CASES: readonly InteropCase[] = [
  {
    name: 'web display, Prebid-shaped, two formats',
    request: (tagid, domain) => ({
      ...base('web-display-1', domain),
      imp: [
        {
          id: 'div-gpt-ad-top',
          tagid,
          secure: 1,
          banner: {
            format: [
              { w: 300, h: 250 },
              { w: 300, h: 600 },
            ],
            pos: 1,
            topframe: 1,
          },
          ...floor,
          ext: { prebid: { bidder: { adloom: {} } }, gpid: '/1234/home/top' },
        },
      ],
      ext: { prebid: { targeting: { pricegranularity: 'medium' } } },
    }),
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: 'leaderboard no image of ours fits: the text ad at the asked size',
    request: (tagid, domain) => ({
      ...base('web-leaderboard', domain),
      imp: [{ id: '1', tagid, banner: { w: 728, h: 90 }, ...floor }],
    }),
    expect: { bid: 'text', mtype: 1, w: 728, h: 90 },
  },
  {
    name: 'banner blocking image banners (btype 2) gets the text ad',
    request: (tagid, domain) => ({
      ...base('web-btype', domain),
      imp: [{ id: 'x1', tagid, banner: { format: [{ w: 300, h: 250 }], btype: [2] }, ...floor }],
    }),
    expect: { bid: 'text', mtype: 1, w: 300, h: 250 },
  },
  {
    name: 'flex format 6:5 at least 300 wide',
    request: (tagid, domain) => ({
      ...base('web-flex', domain),
      imp: [
        {
          id: 'flex-1',
          tagid,
          banner: { format: [{ wratio: 6, hratio: 5, wmin: 300 }], btype: [1] },
          ...floor,
        },
      ],
    }),
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: 'in-stream video with a banner fallback: VAST 4 within 5–30 s',
    request: (tagid, domain) => ({
      ...base('web-video', domain),
      imp: [
        {
          id: 'preroll',
          tagid,
          video: {
            mimes: ['video/mp4', 'video/webm'],
            minduration: 5,
            maxduration: 30,
            protocols: [2, 3, 5, 6, 7, 8],
            w: 640,
            h: 360,
            startdelay: 0,
            plcmt: 1,
            linearity: 1,
            playbackmethod: [2],
            api: [2],
          },
          banner: { w: 300, h: 250 },
          ...floor,
        },
      ],
    }),
    expect: { bid: 'video', mtype: 2, w: 1280, h: 720, vast: '4.0' },
  },
  {
    name: 'video or banner where our video is too long: banner HTML with mtype 1',
    request: (tagid, domain) => ({
      ...base('web-video-short', domain),
      imp: [
        {
          id: 'outstream',
          tagid,
          video: {
            mimes: ['video/mp4'],
            maxduration: 10,
            protocols: [7],
            w: 300,
            h: 250,
            plcmt: 4,
          },
          banner: { format: [{ w: 300, h: 250 }] },
          ...floor,
        },
      ],
    }),
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: 'video of a player that plays VAST 2 and 3 only',
    request: (tagid, domain) => ({
      ...base('web-vast3', domain),
      imp: [
        {
          id: 'v3',
          tagid,
          video: { mimes: ['video/mp4'], protocols: [2, 3], minduration: 6, maxduration: 60 },
          ...floor,
        },
      ],
    }),
    expect: { bid: 'video', mtype: 2, w: 1280, h: 720, vast: '3.0' },
  },
  {
    name: 'video in WebM only: nothing of ours plays',
    request: (tagid, domain) => ({
      ...base('web-webm', domain),
      imp: [{ id: 'w', tagid, video: { mimes: ['video/webm'], protocols: [7] }, ...floor }],
    }),
    expect: { bid: 'none' },
  },
  {
    name: '2.6 exact durations (rqddurs) without ours',
    request: (tagid, domain) => ({
      ...base('web-rqddurs', domain),
      imp: [
        {
          id: 'r',
          tagid,
          video: { mimes: ['video/mp4'], rqddurs: [6, 30], protocols: [7] },
          ...floor,
        },
      ],
    }),
    expect: { bid: 'none' },
  },
  {
    name: 'native 1.2 feed: the request’s asset ids, title cut to 24, eventtrackers',
    request: (tagid, domain) => ({
      ...base('web-native', domain),
      imp: [{ id: 'feed-3', tagid, native: { request: feedNative, ver: '1.2' }, ...floor }],
    }),
    expect: { bid: 'native', mtype: 4, w: 1200, h: 627 },
  },
  {
    name: 'native 1.1 wrapped, icon and title: answered wrapped',
    request: (tagid, domain) => ({
      ...base('web-native-icon', domain),
      imp: [{ id: 'n-icon', tagid, native: { request: iconNative, ver: '1.1' }, ...floor }],
    }),
    expect: { bid: 'native', mtype: 4, w: 80, h: 80 },
  },
  {
    name: 'native assets without ids: answered under their indexes',
    request: (tagid, domain) => ({
      ...base('web-native-unnumbered', domain),
      imp: [{ id: 'n0', tagid, native: { request: unnumberedNative, ver: '1.2' }, ...floor }],
    }),
    expect: { bid: 'native', mtype: 4, w: 1200, h: 627 },
  },
  {
    name: 'native asking a required star rating: no bid',
    request: (tagid, domain) => ({
      ...base('web-native-rating', domain),
      imp: [{ id: 'n1', tagid, native: { request: ratingNative, ver: '1.1' }, ...floor }],
    }),
    expect: { bid: 'none' },
  },
  {
    name: 'native needing an exact 320×50 image: no bid',
    request: (tagid, domain) => ({
      ...base('web-native-exact', domain),
      imp: [{ id: 'n2', tagid, native: { request: exactImageNative }, ...floor }],
    }),
    expect: { bid: 'none' },
  },
  {
    name: 'audio only: we serve no audio',
    request: (tagid, domain) => ({
      ...base('web-audio', domain),
      imp: [
        {
          id: 'a1',
          tagid,
          audio: { mimes: ['audio/mp4'], minduration: 5, maxduration: 30, protocols: [9, 10] },
          ...floor,
        },
      ],
    }),
    expect: { bid: 'none' },
  },
  {
    name: 'currencies without US dollars: a no-bid with its reason',
    request: (tagid, domain) => ({
      ...base('web-eur', domain),
      cur: ['EUR', 'GBP'],
      imp: [
        { id: '1', tagid, banner: { w: 300, h: 250 }, bidfloor: SUITE_FLOOR, bidfloorcur: 'EUR' },
      ],
    }),
    expect: { nbr: NO_BID_REASON.unsupportedCurrency },
  },
  {
    name: 'a floor of 0 in euros needs no conversion',
    request: (tagid, domain) => ({
      ...base('web-eur-zero', domain),
      cur: ['USD', 'EUR'],
      imp: [{ id: '1', tagid, banner: { w: 300, h: 250 }, bidfloor: 0, bidfloorcur: 'EUR' }],
    }),
    // Without a floor, any live plan of the database may win: only the answer's form is checked.
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: 'a floor in euros above zero cannot be priced: no bid',
    request: (tagid, domain) => ({
      ...base('web-eur-floor', domain),
      cur: ['USD', 'EUR'],
      imp: [{ id: '1', tagid, banner: { w: 300, h: 250 }, bidfloor: 1.5, bidfloorcur: 'EUR' }],
    }),
    expect: { bid: 'none' },
  },
  {
    name: 'app request with three impressions of different media',
    request: (tagid) => ({
      id: 'app-multi',
      at: 1,
      tmax: 500,
      app: app('com.example.weatherdaily'),
      device: phone,
      user: { id: 'app-user-5' },
      imp: [
        { id: 'banner-320', tagid, banner: { w: 320, h: 50 }, instl: 0, ...floor },
        { id: 'mrec', tagid, banner: { format: [{ w: 300, h: 250 }] }, ...floor },
        { id: 'native', tagid, native: { request: feedNative, ver: '1.2' }, ...floor },
      ],
    }),
    expect: {
      byImp: {
        'banner-320': { bid: 'text', mtype: 1, w: 320, h: 50 },
        mrec: { bid: 'image', mtype: 1, w: 300, h: 250 },
        native: { bid: 'native', mtype: 4, w: 1200, h: 627 },
      },
    },
  },
  {
    name: 'interstitial video on a phone, rewarded',
    request: (tagid) => ({
      id: 'app-rewarded',
      at: 1,
      app: app('com.example.puzzle'),
      device: { ...phone, devicetype: 1 },
      imp: [
        {
          id: 'rv',
          tagid,
          instl: 1,
          rwdd: 1,
          video: {
            mimes: ['video/mp4', 'video/3gpp'],
            protocols: [7, 8, 11],
            maxduration: 30,
            w: 1080,
            h: 1920,
            plcmt: 3,
          },
          ...floor,
        },
      ],
    }),
    // 4.1 is among the protocols: the newest VAST we write that it takes.
    expect: { bid: 'video', mtype: 2, w: 1280, h: 720, vast: '4.1' },
  },
];

/**
 * The bid request examples of the OpenRTB 2.6 specification (§6.2: simple banner, expandable
 * creative, mobile, video, PMP with a direct deal, native; implementation notes §7.9.6: DOOH
 * banner and video), each rewritten for this suite in the example's shape — the same objects
 * and kinds of values, our own data — with the suite's floor. Each must get a bid that passes
 * the validator or a no-bid with its reason, never a refusal.
 */
export const SPEC_EXAMPLE_CASES: readonly InteropCase[] = [
  {
    name: '2.6 example 1, simple banner',
    request: (tagid, domain) => ({
      id: 'spec-simple-banner-5b1e0c',
      at: 1,
      cur: ['USD'],
      imp: [{ id: '1', tagid, bidfloor: SUITE_FLOOR, banner: { w: 300, h: 250, pos: 0 } }],
      site: {
        id: '40021',
        cat: ['IAB12-2'],
        domain: `www.${domain}`,
        page: `http://www.${domain}/story-77.html`,
        publisher: { id: '7120', name: domain, cat: ['IAB12-2'], domain },
      },
      user: { id: '0c44f1ab8e2d90c3a7b1' },
    }),
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: '2.6 example 2, expandable creative with user data',
    request: (tagid, domain) => ({
      id: 'spec-expandable-91aa3',
      at: 2,
      cur: ['USD'],
      imp: [
        {
          id: '1',
          tagid,
          bidfloor: SUITE_FLOOR,
          iframebuster: ['buster-one.example', 'buster-two.example'],
          banner: { w: 300, h: 250, pos: 0, battr: [13], expdir: [2, 4] },
        },
      ],
      site: {
        id: '40021',
        cat: ['IAB12-2'],
        domain,
        page: `http://${domain}/story-78.html`,
        publisher: { id: '7120', name: domain, domain },
      },
      user: {
        id: '7d19be4403aa',
        buyeruid: '2200918311',
        data: [
          { id: '88120', name: 'travel intenders' },
          { id: '88121', name: 'provider-age', value: '25-34' },
        ],
      },
    }),
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: '2.6 example 3, mobile app with bcat and badv',
    request: (tagid) => ({
      id: 'spec-mobile-Qw7p',
      at: 2,
      bcat: ['IAB25', 'IAB26', 'IAB7-39', 'IAB8-18'],
      badv: ['blocked-brand.example', 'rival-shop.example'],
      imp: [
        {
          id: '1',
          tagid,
          bidfloor: SUITE_FLOOR,
          instl: 0,
          banner: { w: 728, h: 90, pos: 1, btype: [4], battr: [14], api: [3] },
        },
      ],
      app: {
        id: 'app-77aa',
        name: 'Tide Tables',
        cat: ['IAB15', 'IAB15-10'],
        ver: '3.2.0',
        bundle: '987654321',
        storeurl: 'https://apps.apple.com/app/id987654321',
        publisher: { id: 'pub-77aa', name: 'tides', domain: 'tides.example' },
      },
      device: {
        dnt: 0,
        ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
        ifa: '3F2A9C10-6B7D-4E21-9A55-0C1D2E3F4A5B',
        carrier: 'EXAMPLE-TEL',
        language: 'en',
        make: 'Apple',
        model: 'iPhone',
        os: 'iOS',
        osv: '17.4',
        js: 1,
        connectiontype: 3,
        devicetype: 1,
      },
      user: { id: 'e1f0c2b3a4' },
    }),
    // No image of ours is 728×90: the text ad at that size.
    expect: { bid: 'text', mtype: 1, w: 728, h: 90 },
  },
  {
    name: '2.6 example 4, video with companions for a VAST 2/3 player',
    request: (tagid, domain) => ({
      id: 'spec-video-20931',
      at: 2,
      tmax: 120,
      imp: [
        {
          id: '1',
          tagid,
          bidfloor: SUITE_FLOOR,
          video: {
            w: 640,
            h: 480,
            pos: 1,
            startdelay: 0,
            minduration: 5,
            maxduration: 30,
            maxextended: 30,
            minbitrate: 300,
            maxbitrate: 1500,
            api: [1, 2],
            protocols: [2, 3],
            mimes: ['video/x-flv', 'video/mp4', 'application/javascript'],
            linearity: 1,
            boxingallowed: 1,
            playbackmethod: [1, 3],
            delivery: [2],
            battr: [13, 14],
            companionad: [
              { id: 'c-1', w: 300, h: 250, pos: 1, battr: [13, 14], expdir: [2, 4] },
              { id: 'c-2', w: 728, h: 90, pos: 1, battr: [13, 14] },
            ],
            companiontype: [1, 2],
          },
        },
      ],
      site: {
        id: '88310',
        name: 'Garden Hour',
        domain,
        cat: ['IAB10-4'],
        page: `http://${domain}/episodes/23`,
        ref: 'http://referrer.example/list',
        privacypolicy: 1,
        publisher: { id: 'pub-88310', name: 'Garden Hour Media' },
        content: {
          id: 'ep-23',
          series: 'Garden Hour',
          season: '4',
          episode: 23,
          title: 'Winter Pruning',
          cat: ['IAB10-4'],
          keywords: 'garden,pruning,winter',
        },
      },
      device: {
        ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
        os: 'Linux',
        js: 1,
      },
      user: {
        id: 'u-88310-1',
        buyeruid: 'b-88310-1',
        data: [{ id: '9', name: 'Provider Nine', segment: [{ id: 's1', name: 'gardeners' }] }],
      },
    }),
    expect: { bid: 'video', mtype: 2, w: 1280, h: 720, vast: '3.0' },
  },
  {
    name: '2.6 example 5, PMP with direct deals in a private auction: no deal of ours',
    request: (tagid, domain) => ({
      id: 'spec-pmp-3310',
      at: 1,
      cur: ['USD'],
      imp: [
        {
          id: '1',
          tagid,
          bidfloor: SUITE_FLOOR,
          banner: { w: 300, h: 250, pos: 0 },
          pmp: {
            private_auction: 1,
            deals: [
              { id: 'DEAL-NORTH-01', at: 1, bidfloor: 45, wseat: ['north-agency'] },
              { id: 'DEAL-SOUTH-02', at: 2, bidfloor: 42, wseat: ['south-agency'] },
            ],
          },
        },
      ],
      site: { id: '40021', domain, page: `http://${domain}/story-79.html` },
      device: { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15' },
      user: { id: 'u-3310' },
    }),
    expect: { nbr: NO_BID_REASON.noDeal },
  },
  {
    name: '2.6 example 5 beside an open auction: a deal-less bid where deals are not required',
    request: (tagid, domain) => ({
      id: 'spec-pmp-open-3311',
      at: 1,
      cur: ['USD'],
      imp: [
        {
          id: '1',
          tagid,
          bidfloor: SUITE_FLOOR,
          banner: { w: 300, h: 250 },
          pmp: { private_auction: 0, deals: [{ id: 'DEAL-NORTH-01', bidfloor: 45 }] },
        },
      ],
      site: { id: '40021', domain, page: `http://${domain}/story-80.html` },
    }),
    expect: { bid: 'image', mtype: 1, w: 300, h: 250 },
  },
  {
    name: '2.6 example 6, native in the shape of the Native 1.2 example',
    request: (tagid, domain) => ({
      id: 'spec-native-5521',
      at: 2,
      imp: [
        {
          id: '1',
          tagid,
          bidfloor: SUITE_FLOOR,
          native: {
            ver: '1.2',
            request: JSON.stringify({
              ver: '1.2',
              context: 2,
              contextsubtype: 20,
              plcmttype: 1,
              plcmtcnt: 1,
              aurlsupport: 0,
              durlsupport: 0,
              privacy: 1,
              assets: [
                { id: 201, required: 1, title: { len: 140 } },
                { id: 202, required: 0, img: { type: 3, wmin: 836, hmin: 627 } },
                { id: 203, required: 1, img: { type: 1, wmin: 50, hmin: 50 } },
                { id: 204, required: 1, data: { type: 1, len: 25 } },
                { id: 205, required: 1, data: { type: 2, len: 140 } },
              ],
              eventtrackers: [{ event: 1, methods: [1, 2] }],
            }),
          },
        },
      ],
      site: { id: '40021', domain, page: `http://${domain}/feed` },
      device: webDevice,
    }),
    expect: { bid: 'native', mtype: 4, w: 1200, h: 627 },
  },
  {
    name: '2.6 DOOH banner (7.9.6.1): pounds only',
    request: (tagid) => ({
      id: 'spec-dooh-banner-6610',
      at: 1,
      imp: [
        {
          id: '007',
          tagid,
          secure: 1,
          exp: 360,
          bidfloor: SUITE_FLOOR,
          bidfloorcur: 'GBP',
          banner: {
            w: 1080,
            h: 1920,
            format: [
              { w: 1080, h: 1920 },
              { w: 720, h: 1366 },
            ],
            mimes: ['image/jpg', 'image/png', 'text/html'],
          },
          pmp: { private_auction: 0, deals: [{ id: 'D-1', at: 1, bidfloor: 45 }] },
          dt: 1_700_000_000_000,
          qty: { multiplier: 9.5, sourcetype: 1, vendor: 'audience-measure.example' },
        },
      ],
      device: {
        geo: { lat: 51.5, lon: -0.12, lastfix: 0 },
        devicetype: 8,
        w: 1080,
        h: 1920,
        ppi: 72,
        ifa: 'screen-55120',
        ifa_type: 'ppid',
        eids: [{ source: 'screens.example', uids: [{ atype: 501, id: 'screen-55120' }] }],
      },
      dooh: {
        id: 'screen-55120',
        name: 'Station Concourse',
        keywords: 'Rail,Concourse,Portrait',
        publisher: { id: 'P9', name: 'Screens Ltd' },
        domain: 'screens.example',
        venuetax: 1,
        venuetypeid: 10602,
        content: {},
      },
      cur: ['GBP'],
    }),
    // Priced in pounds when the operator's rate table converts them, else declined.
    expect: {
      either: [
        { bid: 'text', mtype: 1, w: 1080, h: 1920 },
        { nbr: NO_BID_REASON.unsupportedCurrency },
      ],
    },
  },
  {
    name: '2.6 DOOH video (7.9.6.3): a fixed duration, pounds only',
    request: (tagid) => ({
      id: 'spec-dooh-video-6611',
      at: 1,
      imp: [
        {
          id: 'v-1',
          tagid,
          secure: 1,
          exp: 720,
          bidfloor: SUITE_FLOOR,
          bidfloorcur: 'GBP',
          video: {
            boxingallowed: 1,
            w: 960,
            h: 480,
            minduration: 15,
            maxduration: 15,
            mimes: ['video/mp4', 'video/quicktime'],
          },
          pmp: { private_auction: 0, deals: [{ id: 'V-9', at: 1, bidfloor: 45 }] },
          dt: 1_700_000_000_000,
          qty: { multiplier: 9.5, sourcetype: 0, vendor: 'audience-measure.example' },
        },
      ],
      device: {
        geo: { lat: 51.51, lon: -0.09, lastfix: 0 },
        devicetype: 8,
        w: 960,
        h: 480,
        ifa: 'screen-55121',
        ifa_type: 'ppid',
      },
      dooh: {
        id: 'screen-55121',
        name: 'Big Screen',
        publisher: { id: 'P9', name: 'Screens Ltd' },
        domain: 'screens.example',
        venuetax: 1,
        venuetypeid: 10602,
        content: {},
      },
      cur: ['GBP'],
    }),
    expect: {
      either: [
        { bid: 'video', mtype: 2, w: 1280, h: 720 },
        { nbr: NO_BID_REASON.unsupportedCurrency },
      ],
    },
  },
];
