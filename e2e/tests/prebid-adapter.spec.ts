/**
 * Adloom's own Prebid.js bid adapter (packages/prebid-adapter, issue 17) on a publisher's page:
 * the page's bundle is Prebid.js core from npm plus `adloomBidAdapter`, built here with esbuild
 * and served from another origin. One auction with a banner ad unit (the demo "Home banner",
 * named by a slot code) and a native one (the demo "Article feed", named by its id) goes to
 * /openrtb2/auction as one OpenRTB request; the banner renders in its frame and the native ad
 * renders through Prebid's native rendering with the ad unit's template. Prebid's user sync
 * then drops the adapter's /setuid pixel. A video ad unit (on a video slot and a live video
 * plan made through the console's API) gets Adloom's VAST as vastXml, and the player loads
 * the same document from the bid's vastUrl (Prebid's local cache).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADLOOM_BIDDER,
  AdStyleType,
  Billing,
  ClickAction,
  ENDPOINTS,
  OPENRTB_AUCTION_PATH,
  PlanStatus,
  SETUID_PATH,
  type AdStyle,
  type Creative,
  type Material,
  type Plan,
  type Slot,
} from '@adloom/domain';
import type { Plugin } from 'esbuild';
import { api, signInToken } from '../support/console-api';
import { bundlePrebid, servePublisher, type PublisherSite } from '../support/publisher';

function must<T>(value: T | undefined, what = 'a value'): T {
  if (value === undefined) throw new Error(`expected ${what}`);
  return value;
}

const here = dirname(fileURLToPath(import.meta.url));
const ADAPTER = resolve(here, '../../packages/prebid-adapter/modules/adloomBidAdapter.js');
/** Prebid's compiled sources in the npm package (dist/src/{src,libraries,modules}). */
const PREBID_DIST = dirname(dirname(createRequire(import.meta.url).resolve('prebid.js')));

/**
 * The adapter imports Prebid's internals as Prebid's own modules do (`../src/…`,
 * `../libraries/…`): they are found in the npm package's compiled sources.
 */
const prebidInternals: Plugin = {
  name: 'prebid-internals',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/(src|libraries)\// }, (args) =>
      args.importer === ADAPTER ? { path: join(PREBID_DIST, args.path.slice(3)) } : undefined,
    );
  },
};

/** The page's bundle: Prebid's core, native renderer, consent and floors modules, and Adloom's adapter. */
const PREBID_ENTRY = `
import pbjs from 'prebid.js';
import 'prebid.js/modules/nativeRendering';
import 'prebid.js/modules/consentManagementTcf';
import 'prebid.js/modules/consentManagementUsp';
import 'prebid.js/modules/priceFloors';
import ${JSON.stringify(ADAPTER)};
pbjs.processQueue();
`;

/** What the demo's live plans serve (apps/server/src/db/seed.ts): English text ads. */
/** Generous: two cores shared with other work. */
const AUCTION_TIMEOUT_MS = 15_000;
/** First-party data the publisher knows of its reader (the demo plans target it). */
const READER = { os: 'Android', geo: { country: 'USA' }, language: 'en' };

let publisher: PublisherSite;
let publisherOrigin: string;
let publisherHtml = '';

/** The native ad unit's template: Prebid fills the asset macros from Adloom's Native answer. */
const NATIVE_TEMPLATE =
  '<div class="card"><a id="native-link" href="##hb_native_linkurl##" target="_blank">' +
  '<h3 id="native-title">##hb_native_asset_id_1##</h3></a>' +
  '<p id="native-body">##hb_native_asset_id_2##</p>' +
  '<span id="native-cta">##hb_native_asset_id_3##</span></div>';

function publisherPage(adloomOrigin: string, banner: Slot, feed: Slot): string {
  const adUnits = [
    {
      code: 'top-banner',
      mediaTypes: { banner: { sizes: [[320, 50]] } },
      bids: [{ bidder: ADLOOM_BIDDER, params: { endpoint: adloomOrigin, slot: banner.code } }],
    },
    {
      code: 'feed-card',
      mediaTypes: {
        native: {
          adTemplate: NATIVE_TEMPLATE,
          ortb: {
            ver: '1.2',
            assets: [
              { id: 1, required: 1, title: { len: 80 } },
              { id: 2, required: 0, data: { type: 2, len: 200 } },
              { id: 3, required: 0, data: { type: 12, len: 20 } },
            ],
            eventtrackers: [{ event: 1, methods: [1] }],
          },
        },
      },
      bids: [{ bidder: ADLOOM_BIDDER, params: { endpoint: adloomOrigin, slot: feed.id } }],
    },
  ];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A publisher's page</title>
<script src="/prebid.js"></script>
<script>
  window.auction = { done: false, bids: {} };
  pbjs.que.push(function () {
    pbjs.setConfig({
      bidderTimeout: ${AUCTION_TIMEOUT_MS},
      ortb2: { device: ${JSON.stringify(READER)} },
      userSync: { syncDelay: 100, filterSettings: { image: { bidders: '*', filter: 'include' } } },
    });
    pbjs.addAdUnits(${JSON.stringify(adUnits)});
    pbjs.requestBids({
      timeout: ${AUCTION_TIMEOUT_MS},
      bidsBackHandler: function (responses) {
        Object.keys(responses).forEach(function (code) {
          window.auction.bids[code] = responses[code].bids.map(function (bid) {
            return {
              bidder: bid.bidderCode, cpm: bid.cpm, currency: bid.currency, width: bid.width,
              height: bid.height, mediaType: bid.mediaType, creativeId: bid.creativeId,
              netRevenue: bid.netRevenue, ttl: bid.ttl, meta: bid.meta,
              native: bid.native ? { ortb: bid.native.ortb } : null,
            };
          });
        });
        ['top-banner', 'feed-card'].forEach(function (code) {
          var winner = pbjs.getHighestCpmBids(code)[0];
          if (winner) pbjs.renderAd(document.getElementById(code).contentWindow.document, winner.adId);
        });
        window.auction.done = true;
      },
    });
  });
</script>
</head>
<body>
  <h1>Today's news</h1>
  <iframe id="top-banner" title="banner advertisement" width="320" height="50" frameborder="0" scrolling="no"></iframe>
  <p>An article's first paragraph.</p>
  <iframe id="feed-card" title="native advertisement" width="320" height="200" frameborder="0"></iframe>
</body>
</html>`;
}

test.beforeAll(async () => {
  const script = await bundlePrebid(PREBID_ENTRY, here, [prebidInternals]);
  expect(script).toContain('/openrtb2/auction');
  publisher = await servePublisher(script, () => publisherHtml);
  publisherOrigin = publisher.origin;
});

test.afterAll(async () => {
  await publisher.close();
});

interface SeenBid {
  bidder: string;
  cpm: number;
  currency: string;
  width?: number;
  height?: number;
  mediaType: string;
  creativeId: string;
  netRevenue: boolean;
  ttl: number;
  meta: { advertiserDomains?: string[] };
  native: {
    ortb: { assets: { id: number; title?: { text: string }; data?: { value: string } }[] };
  } | null;
}

test('Adloom’s Prebid.js adapter wins a banner and a native ad unit, and both render', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adloomOrigin = new URL(baseURL ?? '').origin;
  const token = await signInToken(request);
  const slots = await api<Slot[]>(request, ENDPOINTS.listAllSlots, token);
  const homeBanner = slots.find((slot) => slot.name === 'Home banner');
  const feed = slots.find((slot) => slot.name === 'Article feed');
  expect(homeBanner && feed, 'the demo slots').toBeTruthy();
  if (!homeBanner || !feed) return;
  const code = `adapter-home-banner-${Date.now().toString(36)}`;
  const banner = await api<Slot>(request, ENDPOINTS.modifySlot, token, {
    id: homeBanner.id,
    code,
  });
  // The delivery engine picks the code up within a second (it polls the configuration).
  const probe = {
    id: 'probe',
    imp: [{ id: '1', tagid: code, banner: { format: [{ w: 320, h: 50 }] } }],
    device: READER,
  };
  await expect
    .poll(async () => (await request.post(OPENRTB_AUCTION_PATH, { data: probe })).status())
    .toBe(200);
  publisherHtml = publisherPage(adloomOrigin, banner, feed);

  const auctions: { status: number; origin: string | null; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.url() !== `${adloomOrigin}${OPENRTB_AUCTION_PATH}`) return;
    if (response.request().method() !== 'POST') return;
    auctions.push({
      status: response.status(),
      origin: response.headers()['access-control-allow-origin'] ?? null,
      body: response.request().postData() ?? '',
    });
  });
  const impressions: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/track/imp?t=')) impressions.push(sent.url());
  });
  const setUid = page.waitForRequest((sent) =>
    sent.url().startsWith(`${adloomOrigin}${SETUID_PATH}?`),
  );

  await page.goto(`${publisherOrigin}/`);
  await expect
    .poll(() => page.evaluate(() => (window as { auction?: { done: boolean } }).auction?.done), {
      timeout: AUCTION_TIMEOUT_MS + 15_000,
    })
    .toBe(true);

  // One OpenRTB request from the page's origin, every ad unit an impression naming its slot.
  expect(auctions).toHaveLength(1);
  expect(auctions[0]?.status).toBe(200);
  expect(auctions[0]?.origin).toBe(publisherOrigin);
  const sent = JSON.parse(auctions[0]?.body ?? '{}') as {
    cur?: string[];
    imp: {
      tagid?: string;
      ext?: { adloom?: { slot?: string } };
      banner?: unknown;
      native?: unknown;
    }[];
  };
  expect(sent.cur).toEqual(['USD']);
  expect(sent.imp).toHaveLength(2);
  expect(sent.imp[0]).toMatchObject({ tagid: code, ext: { adloom: { slot: code } } });
  expect(sent.imp[0]?.banner).toBeTruthy();
  expect(sent.imp[1]).toMatchObject({ tagid: String(feed.id) });
  expect(sent.imp[1]?.native).toBeTruthy();

  const bids = await page.evaluate(
    () => (window as { auction?: { bids: Record<string, SeenBid[]> } }).auction?.bids ?? {},
  );
  const [bannerBid] = bids['top-banner'] ?? [];
  expect(bannerBid).toMatchObject({
    bidder: 'adloom',
    currency: 'USD',
    width: 320,
    height: 50,
    mediaType: 'banner',
    netRevenue: true,
    meta: { advertiserDomains: ['example.com'] },
  });
  expect(bannerBid?.cpm).toBeGreaterThan(0);
  expect(bannerBid?.creativeId).toMatch(/^[1-9][0-9]*$/);
  const [nativeBid] = bids['feed-card'] ?? [];
  expect(nativeBid).toMatchObject({ bidder: 'adloom', mediaType: 'native', currency: 'USD' });
  const title = nativeBid?.native?.ortb.assets.find((asset) => asset.id === 1)?.title?.text;
  // Whichever live demo campaign wins (the business demo adds several): a real title.
  expect(title?.trim()).toBeTruthy();

  // The banner in its frame (Prebid's renderer writes the markup into a frame of its own).
  const bannerAd = page.frameLocator('#top-banner').frameLocator('iframe').first();
  await expect(bannerAd.getByRole('link').first()).toBeVisible();
  await expect(bannerAd.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`^${adloomOrigin}/track/clk\\?t=`),
  );

  // The native ad through Prebid's native rendering: the template filled from the answer.
  // The native renderer writes the filled template into the ad unit's own frame.
  const card = page.frameLocator('#feed-card');
  await expect(card.locator('#native-title')).toHaveText(title ?? '');
  // Asset 2 as the answer gave it (a demo creative may have no description: then empty).
  const body = nativeBid?.native?.ortb.assets.find((asset) => asset.id === 2)?.data?.value ?? '';
  await expect(card.locator('#native-body')).toHaveText(body);
  await expect(card.locator('#native-link')).toHaveAttribute(
    'href',
    new RegExp(`^${adloomOrigin}/track/clk\\?t=`),
  );

  // Both impressions reach Adloom: the banner's pixel and the native event tracker Prebid fires.
  await expect.poll(() => impressions.length).toBeGreaterThanOrEqual(2);

  // Prebid's user sync runs the adapter's pixel on the Adloom server that bid.
  const sync = new URL((await setUid).url());
  expect(sync.searchParams.get('bidder')).toBe('adloom');
  expect(sync.searchParams.get('f')).toBe('i');
});

/** Media made with ffmpeg (Debian's, as the server uses) at the video style's sizes. */
function videoStyleMedia(): { icon: Buffer; image: Buffer; video: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'adloom-adapter-'));
  const ffmpeg = (...args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=120x120', '-frames:v', '1', join(dir, 'icon.png'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=1280x720', '-frames:v', '1', join(dir, 'image.png'));
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=10',
    '-t',
    '3',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    join(dir, 'video.mp4'),
  );
  return {
    icon: readFileSync(join(dir, 'icon.png')),
    image: readFileSync(join(dir, 'image.png')),
    video: readFileSync(join(dir, 'video.mp4')),
  };
}

async function upload(
  request: APIRequestContext,
  token: string,
  name: string,
  mimeType: string,
  buffer: Buffer,
): Promise<Material> {
  const response = await request.post(ENDPOINTS.uploadMaterial.path, {
    headers: { 'x-token': token },
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Material }).data;
}

/**
 * A live plan of the demo advertiser serving an approved video creative on a video slot of
 * the demo media (the demo's own splash slot is portrait), made through the console's API.
 */
async function liveVideoPlan(
  request: APIRequestContext,
): Promise<{ slot: Slot; creative: Creative }> {
  const operator = await signInToken(request);
  const advertiser = await signInToken(request, 'advertiser');
  const auditor = await signInToken(request, 'auditor');
  const slots = await api<Slot[]>(request, ENDPOINTS.listAllSlots, operator);
  const splash = slots.find((item) => item.name === 'Launch splash');
  const styles = await api<AdStyle[]>(request, ENDPOINTS.listStyles, advertiser);
  const style = styles.find((item) => item.type === AdStyleType.video);
  expect(splash && style, 'the demo media and video style').toBeTruthy();
  if (!splash || !style) throw new Error('demo data');
  const suffix = Date.now().toString(36);
  const slot = await api<Slot>(request, ENDPOINTS.createSlot, operator, {
    media_id: splash.media_id,
    name: `Pre-roll ${suffix}`,
    lowest_bid: 1_000_000,
    style_ids: [style.id],
  });
  const media = videoStyleMedia();
  const icon = await upload(request, advertiser, `icon-${suffix}.png`, 'image/png', media.icon);
  const image = await upload(request, advertiser, `image-${suffix}.png`, 'image/png', media.image);
  const video = await upload(request, advertiser, `clip-${suffix}.mp4`, 'video/mp4', media.video);
  await expect
    .poll(
      async () =>
        (
          await api<Material>(request, ENDPOINTS.getMaterial, advertiser, undefined, {
            id: video.id,
          })
        ).transcode_state,
      { timeout: 90_000 },
    )
    .toBe(1);
  const creative = await api<Creative>(request, ENDPOINTS.createCreative, advertiser, {
    name: `Adapter video ${suffix}`,
    style_id: style.id,
    language: 'en',
    os: 0,
    title: 'Trail shoes, filmed',
    description: 'Light shoes for long trails.',
    icon_material_id: icon.id,
    image_material_id: image.id,
    video_material_id: video.id,
    click_action: ClickAction.openUrl,
    action_text: 'Shop',
    click_url: 'https://www.trail.example/shoes',
  });
  await api(request, ENDPOINTS.approveCreatives, auditor, { ids: [creative.id] });
  const plan = await api<Plan>(request, ENDPOINTS.createPlan, advertiser, {
    name: `Adapter video ${suffix}`,
    budget: 100_000_000,
    bid: 9_000_000,
    billing: Billing.cpm,
    start_at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await api(request, ENDPOINTS.createStrategy, advertiser, {
    plan_id: plan.id,
    name: 'Video everywhere',
    style_ids: [style.id],
    languages: ['en'],
    creative_ids: [creative.id],
  });
  await api(request, ENDPOINTS.completePlan, advertiser, { id: plan.id });
  await api(request, ENDPOINTS.switchPlan, advertiser, { id: plan.id, status: PlanStatus.live });
  return { slot, creative };
}

test('a video ad unit gets Adloom’s VAST as vastXml', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const adloomOrigin = new URL(baseURL ?? '').origin;
  const { slot, creative } = await liveVideoPlan(request);
  const videoUnit = {
    code: 'preroll',
    mediaTypes: {
      video: {
        context: 'instream',
        playerSize: [[640, 360]],
        mimes: ['video/mp4'],
        protocols: [2, 3, 7],
        maxduration: 30,
      },
    },
    bids: [{ bidder: ADLOOM_BIDDER, params: { endpoint: adloomOrigin, slot: slot.id } }],
  };
  const probe = {
    id: 'probe',
    imp: [{ id: '1', tagid: String(slot.id), video: videoUnit.mediaTypes.video }],
    device: READER,
  };
  // The delivery engine picks the live plan up within a second: wait until it bids (a 200
  // alone may be a demo campaign's bid or a no-bid).
  await expect
    .poll(async () => {
      const answer = await request.post(OPENRTB_AUCTION_PATH, { data: probe });
      if (answer.status() !== 200) return null;
      const body = (await answer.json()) as { seatbid?: { bid: { crid?: string }[] }[] };
      return body.seatbid?.[0]?.bid[0]?.crid ?? null;
    })
    .toBe(String(creative.id));
  publisherHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A publisher's video page</title>
<script src="/prebid.js"></script>
<script>
  window.auction = { done: false, bids: [] };
  pbjs.que.push(function () {
    // No Prebid Cache server: the VAST is kept in the page as a blob URL for the player.
    pbjs.setConfig({
      bidderTimeout: ${AUCTION_TIMEOUT_MS},
      ortb2: { device: ${JSON.stringify(READER)} },
      cache: { useLocal: true },
    });
    pbjs.addAdUnits([${JSON.stringify(videoUnit)}]);
    pbjs.requestBids({
      timeout: ${AUCTION_TIMEOUT_MS},
      bidsBackHandler: function (responses) {
        var bids = (responses.preroll || { bids: [] }).bids;
        // What a player given the bid's vastUrl loads.
        Promise.all(bids.map(function (bid) {
          return fetch(bid.vastUrl).then(function (answer) { return answer.text(); });
        })).then(function (loaded) {
          window.auction.bids = bids.map(function (bid, index) {
            return { mediaType: bid.mediaType, cpm: bid.cpm, vastXml: bid.vastXml, loaded: loaded[index],
              creativeId: bid.creativeId, width: bid.width, height: bid.height };
          });
          window.auction.done = true;
        });
      },
    });
  });
</script></head><body><div id="player"></div></body></html>`;

  await page.goto(`${publisherOrigin}/`);
  await expect
    .poll(() => page.evaluate(() => (window as { auction?: { done: boolean } }).auction?.done), {
      timeout: AUCTION_TIMEOUT_MS + 15_000,
    })
    .toBe(true);
  const bids = await page.evaluate(
    () =>
      (
        window as {
          auction?: { bids: { mediaType: string; vastXml?: string; loaded?: string }[] };
        }
      ).auction?.bids ?? [],
  );
  expect(bids).toEqual([
    expect.objectContaining({
      mediaType: 'video',
      creativeId: String(creative.id),
      width: 1280,
      height: 720,
    }),
  ]);
  // The VAST 4.0 the player's protocols allow, in the VAST namespace; the player loads that
  // very document from the bid's vastUrl (never a win notice taken for the ad).
  expect(bids[0]?.vastXml).toMatch(/^<VAST version="4\.0" xmlns="http:\/\/www\.iab\.com\/VAST">/);
  expect(bids[0]?.vastXml).toContain(`${adloomOrigin}/track/imp?t=`);
  expect(bids[0]?.loaded).toBe(bids[0]?.vastXml);
});

/** A TCF v2 consent string (as a CMP would give it) and a US privacy string. */
const TC_STRING = 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA';
const US_PRIVACY = '1YNN';
const SUPPLY_CHAIN = {
  ver: '1.0',
  complete: 1,
  nodes: [{ asi: 'news-network.example', sid: 'pub-42', hp: 1 }],
};
const EIDS = [{ source: 'id5-sync.com', uids: [{ id: 'ID5-abc', atype: 1 }] }];

test('floors, consent, the supply chain and user ids reach Adloom in the OpenRTB 2.6 fields', async ({
  page,
  request,
  baseURL,
}) => {
  const adloomOrigin = new URL(baseURL ?? '').origin;
  const token = await signInToken(request);
  const slots = await api<Slot[]>(request, ENDPOINTS.listAllSlots, token);
  const homeBanner = must(slots.find((slot) => slot.name === 'Home banner'));
  const adUnit = {
    code: 'top-banner',
    mediaTypes: { banner: { sizes: [[320, 50]] } },
    bids: [{ bidder: ADLOOM_BIDDER, params: { endpoint: adloomOrigin, slot: homeBanner.id } }],
  };
  publisherHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A publisher's page with a CMP</title>
<script src="/prebid.js"></script>
<script>
  window.auction = { done: false };
  pbjs.que.push(function () {
    pbjs.setConfig({
      bidderTimeout: ${AUCTION_TIMEOUT_MS},
      consentManagement: {
        gdpr: { cmpApi: 'static', consentData: { getTCData: { tcString: ${JSON.stringify(TC_STRING)}, gdprApplies: true } } },
        usp: { cmpApi: 'static', consentData: { getUSPData: { uspString: ${JSON.stringify(US_PRIVACY)} } } },
      },
      floors: { data: { currency: 'USD', schema: { fields: ['mediaType'] }, values: { banner: 0.75 } } },
      ortb2: {
        device: ${JSON.stringify(READER)},
        source: { ext: { schain: ${JSON.stringify(SUPPLY_CHAIN)} } },
        user: { ext: { eids: ${JSON.stringify(EIDS)} } },
      },
    });
    pbjs.addAdUnits([${JSON.stringify(adUnit)}]);
    pbjs.requestBids({ timeout: ${AUCTION_TIMEOUT_MS}, bidsBackHandler: function () { window.auction.done = true; } });
  });
</script></head><body></body></html>`;
  const auction = page.waitForRequest(
    (sent) => sent.url() === `${adloomOrigin}${OPENRTB_AUCTION_PATH}` && sent.method() === 'POST',
  );
  await page.goto(`${publisherOrigin}/`);
  const sent = JSON.parse((await auction).postData() ?? '{}') as Record<string, unknown>;
  expect(sent).toMatchObject({
    // The Price Floors module's floor, in dollars.
    imp: [{ bidfloor: 0.75, bidfloorcur: 'USD' }],
    regs: { gdpr: 1, us_privacy: US_PRIVACY },
    user: { consent: TC_STRING, eids: EIDS },
    source: { schain: SUPPLY_CHAIN },
  });
  await expect
    .poll(() => page.evaluate(() => (window as { auction?: { done: boolean } }).auction?.done), {
      timeout: AUCTION_TIMEOUT_MS + 15_000,
    })
    .toBe(true);
});

test('a bid’s win notice fires once when Prebid renders it, with the price, never as the ad', async ({
  page,
  request,
  baseURL,
}) => {
  const adloomOrigin = new URL(baseURL ?? '').origin;
  const token = await signInToken(request);
  const slots = await api<Slot[]>(request, ENDPOINTS.listAllSlots, token);
  const homeBanner = must(slots.find((slot) => slot.name === 'Home banner'));
  // A demand partner's win carries a nurl; our own bids on this endpoint carry none, so the
  // answer gets one here on its way to the page.
  await page.route(`${adloomOrigin}${OPENRTB_AUCTION_PATH}`, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { seatbid?: { bid: Record<string, unknown>[] }[] };
    for (const seat of answer.seatbid ?? []) {
      for (const bid of seat.bid) bid.nurl = `${publisherOrigin}/win?price=\${AUCTION_PRICE}`;
    }
    await route.fulfill({ response, json: answer });
  });
  const adUnit = {
    code: 'top-banner',
    mediaTypes: { banner: { sizes: [[320, 50]] } },
    bids: [{ bidder: ADLOOM_BIDDER, params: { endpoint: adloomOrigin, slot: homeBanner.id } }],
  };
  publisherHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A publisher's page</title>
<script src="/prebid.js"></script>
<script>
  window.auction = { done: false };
  pbjs.que.push(function () {
    pbjs.setConfig({ bidderTimeout: ${AUCTION_TIMEOUT_MS}, ortb2: { device: ${JSON.stringify(READER)} } });
    pbjs.addAdUnits([${JSON.stringify(adUnit)}]);
    pbjs.requestBids({
      timeout: ${AUCTION_TIMEOUT_MS},
      bidsBackHandler: function () {
        var winner = pbjs.getHighestCpmBids('top-banner')[0];
        window.auction.cpm = winner ? winner.cpm : null;
        window.auction.ad = winner ? winner.ad : null;
        if (winner) pbjs.renderAd(document.getElementById('top-banner').contentWindow.document, winner.adId);
        window.auction.done = true;
      },
    });
  });
</script></head><body>
<iframe id="top-banner" title="banner advertisement" width="320" height="50" frameborder="0" scrolling="no"></iframe>
</body></html>`;
  const wins: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${publisherOrigin}/win`)) wins.push(sent.url());
  });
  await page.goto(`${publisherOrigin}/`);
  await expect
    .poll(() => page.evaluate(() => (window as { auction?: { done: boolean } }).auction?.done), {
      timeout: AUCTION_TIMEOUT_MS + 15_000,
    })
    .toBe(true);
  const won = await page.evaluate(
    () => (window as { auction?: { cpm: number | null; ad: string | null } }).auction,
  );
  expect(won?.cpm).toBeGreaterThan(0);
  // The markup is the ad alone: the win notice is not drawn into it as a pixel.
  expect(won?.ad).not.toContain('/win?');
  await expect.poll(() => wins.length).toBe(1);
  expect(Number(new URL(must(wins[0])).searchParams.get('price'))).toBe(won?.cpm);
});
