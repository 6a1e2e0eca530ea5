/**
 * Prebid.js from npm on a publisher's page, with Adloom as its Prebid Server (issue 21): the
 * page is bundled here with esbuild from `prebid.js` (core + prebidServerBidAdapter in s2s
 * mode), served from another origin, and set up with the Prebid.js snippet the console's
 * Integration view gives for the demo "Home banner" slot, named by a slot code. Prebid calls
 * /openrtb2/auction across origins with credentials and a text/plain body, gets Adloom's bid
 * back and renders the banner; the page also runs Prebid's user sync against /cookie_sync.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ENDPOINTS,
  encodeCredential,
  prebidSnippet,
  type EndpointDefinition,
  type Slot,
} from '@adloom/domain';
import { bundlePrebid, servePublisher, type PublisherSite } from '../support/publisher';
import { DEMO_PASSWORD } from '../support/session';

/** What the page's bundle holds: Prebid's core and its Prebid Server adapter, as the npm package documents. */
const PREBID_ENTRY = `
import pbjs from 'prebid.js';
import 'prebid.js/modules/prebidServerBidAdapter';
pbjs.processQueue();
`;

/** The demo slot and what its live demo plans target (apps/server/src/db/seed.ts). */
const DEMO_SLOT = 'Home banner';
const DEMO_TITLES = /Spring sale: 30% off|Try Adloom Pro free/;
/** Generous: two cores shared with other work. */
const AUCTION_TIMEOUT_MS = 15_000;

let publisher: PublisherSite;
let publisherOrigin: string;
/** The publisher's page, written once the test knows the slot. */
let publisherHtml = '';

/** One console API call as the demo operator. */
async function api<T>(
  request: APIRequestContext,
  endpoint: EndpointDefinition,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(endpoint.path, {
    method: endpoint.method,
    headers: { 'x-token': token },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${endpoint.path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function signInToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(ENDPOINTS.accountLogin.path, {
    data: { username: encodeCredential('operator'), password: encodeCredential(DEMO_PASSWORD) },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

function publisherPage(adloomOrigin: string, slot: Slot): string {
  const adUnit = `adloom-slot-${slot.id}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A publisher's page</title>
<script src="/prebid.js"></script>
<script>
  window.auction = { done: false, bids: [] };
  pbjs.que.push(function () {
    ${prebidSnippet(adloomOrigin, slot, AUCTION_TIMEOUT_MS)}
    // First-party data the publisher knows of its reader.
    pbjs.setConfig({
      bidderTimeout: ${AUCTION_TIMEOUT_MS},
      ortb2: { device: { os: 'Android', geo: { country: 'USA' }, language: 'en' } },
    });
    pbjs.requestBids({
      timeout: ${AUCTION_TIMEOUT_MS},
      bidsBackHandler: function () {
        var bids = pbjs.getBidResponsesForAdUnitCode(${JSON.stringify(adUnit)}).bids || [];
        window.auction.bids = bids.map(function (bid) {
          return { bidder: bid.bidderCode, cpm: bid.cpm, width: bid.width, height: bid.height, mediaType: bid.mediaType };
        });
        var winner = pbjs.getHighestCpmBids(${JSON.stringify(adUnit)})[0];
        if (winner) {
          var frame = document.getElementById('ad');
          pbjs.renderAd(frame.contentWindow.document, winner.adId);
        }
        window.auction.done = true;
      },
    });
  });
</script>
</head>
<body>
  <h1>Today's news</h1>
  <iframe id="ad" title="advertisement" width="320" height="50" frameborder="0" scrolling="no"></iframe>
</body>
</html>`;
}

test.beforeAll(async () => {
  const script = await bundlePrebid(PREBID_ENTRY, dirname(fileURLToPath(import.meta.url)));
  expect(script.length).toBeGreaterThan(10_000);
  publisher = await servePublisher(script, () => publisherHtml);
  publisherOrigin = publisher.origin;
});

test.afterAll(async () => {
  await publisher.close();
});

test('Prebid.js on another origin gets Adloom’s bid and renders the banner', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adloomOrigin = new URL(baseURL ?? '').origin;
  const token = await signInToken(request);
  const slots = await api<Slot[]>(request, ENDPOINTS.listAllSlots, token);
  const demo = slots.find((slot) => slot.name === DEMO_SLOT);
  expect(demo, 'the demo slot').toBeTruthy();
  const code = `e2e-home-banner-${Date.now().toString(36)}`;
  const slot = await api<Slot>(request, ENDPOINTS.modifySlot, token, { id: demo?.id, code });
  expect(slot.code).toBe(code);
  // The delivery engine picks the change up within a second (it polls the configuration).
  const probe = {
    id: 'probe',
    imp: [{ id: '1', tagid: code, banner: { format: [{ w: 320, h: 50 }] } }],
    device: { os: 'Android', geo: { country: 'USA' }, language: 'en' },
  };
  await expect
    .poll(async () => (await request.post('/openrtb2/auction', { data: probe })).status())
    .toBe(200);
  publisherHtml = publisherPage(adloomOrigin, slot);

  const auctions: { status: number; origin: string | null; body: string }[] = [];
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${adloomOrigin}/openrtb2/auction`)) return;
    auctions.push({
      status: response.status(),
      origin: response.headers()['access-control-allow-origin'] ?? null,
      body: response.request().postData() ?? '',
    });
  });
  const impression = page.waitForRequest((sent) => sent.url().includes('/track/imp?t='));
  const cookieSync = page.waitForResponse(`${adloomOrigin}/cookie_sync`);
  // Prebid drops the sync pixel /cookie_sync asked for a few seconds after the auction.
  const setUid = page.waitForRequest((sent) => sent.url().startsWith(`${adloomOrigin}/setuid?`));

  await page.goto(`${publisherOrigin}/`);
  await expect
    .poll(() => page.evaluate(() => (window as { auction?: { done: boolean } }).auction?.done), {
      timeout: AUCTION_TIMEOUT_MS + 15_000,
    })
    .toBe(true);

  // Prebid called Adloom from the page's origin, naming the slot by its code.
  expect(auctions.length).toBeGreaterThan(0);
  expect(auctions[0]?.status).toBe(200);
  expect(auctions[0]?.origin).toBe(publisherOrigin);
  expect(auctions[0]?.body).toContain(code);

  const bids = await page.evaluate(
    () => (window as { auction?: { bids: { bidder: string; cpm: number }[] } }).auction?.bids,
  );
  expect(bids).toEqual([
    expect.objectContaining({ bidder: 'adloom', width: 320, height: 50, mediaType: 'banner' }),
  ]);
  expect(bids?.[0]?.cpm).toBeGreaterThan(0);

  // The banner rendered in the page (Prebid's renderer puts the markup in a frame of its own
  // inside the ad frame), and its impression pixel reached Adloom.
  const banner = page.frameLocator('#ad').frameLocator('iframe').first();
  await expect(banner.getByRole('link', { name: DEMO_TITLES })).toBeVisible();
  await expect(banner.getByRole('link', { name: DEMO_TITLES })).toHaveAttribute(
    'href',
    new RegExp(`^${adloomOrigin}/track/clk\\?t=`),
  );
  await impression;

  // Prebid's user sync: the browser has no Adloom cookie yet, so Adloom asks for its pixel.
  const sync = await cookieSync;
  expect(sync.status()).toBe(200);
  expect(sync.headers()['access-control-allow-origin']).toBe(publisherOrigin);
  expect(await sync.json()).toMatchObject({
    status: 'no_cookie',
    bidder_status: [{ bidder: 'adloom', usersync: { type: 'redirect' } }],
  });
  expect(new URL((await setUid).url()).searchParams.get('bidder')).toBe('adloom');
});
