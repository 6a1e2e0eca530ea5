/**
 * The publisher's web SDK in Chromium (issue 17) on the demo publisher site Adloom serves:
 * the banner and feed pages fill from the seeded demo slots and plans; an impression counts
 * only after a second with half the ad in view (scrolled away sooner, nothing is fired nor
 * counted) and shows in the supply report with the click through the signed click URL. The
 * overlay forms (interstitial, splash, rewarded video) fill from the business demo's slots and
 * campaigns (db/seed/business). The rewarded completion plays a WebM the test serves (Debian's
 * Chromium has no H.264 for the seeded MP4), as the creative whose script must not reach the
 * host page is the test's answer.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  AdForm,
  AdStyleType,
  DEMO_PUBLISHER_PATH,
  ENDPOINTS,
  SERVE_AD_PATH,
  type ServeAdAnswer,
  type ServedAd,
} from '@adloom/domain';
import { api, signInToken } from '../support/console-api';

interface DemoEvent {
  type: string;
  detail: unknown;
}

const events = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { adloomDemo: { events: DemoEvent[] } }).adloomDemo.events,
  );
const eventTypes = async (page: Page) => (await events(page)).map((event) => event.type);

async function waitForEvent(page: Page, type: string, timeout = 15_000) {
  await expect.poll(() => eventTypes(page), { timeout }).toContain(type);
}

/** The demo page's slot (its marked element), and the page. */
async function openDemo(page: Page, form: string, query = ''): Promise<void> {
  await page.goto(`${DEMO_PUBLISHER_PATH}/${form}${query}`);
}

const today = () => new Date().toISOString().slice(0, 10);

/** Impressions and clicks the supply report counts for a slot today. */
async function slotCounts(request: APIRequestContext, token: string, slot: string) {
  const result = await api<{ totals: Record<string, number | null> }>(
    request,
    ENDPOINTS.queryReport,
    token,
    {
      dimensions: ['slot'],
      metrics: ['imp', 'click'],
      filters: [{ dimension: 'slot', values: [slot] }],
      from: today(),
      to: today(),
      scope: 'supply',
      size: 20,
    },
  );
  return { imp: Number(result.totals.imp ?? 0), click: Number(result.totals.click ?? 0) };
}

/**
 * The slot's counts once the server has counted every event it had: two reads a few flushes
 * apart (the delivery engine writes its counts every second, DELIVERY_FLUSH_MS) that agree.
 * The Prebid specs run just before this one on the same demo slot: an impression pixel they
 * sent as they ended may be counted a second after this test first reads the report.
 */
async function settledSlotCounts(request: APIRequestContext, token: string, slot: string) {
  let counts = await slotCounts(request, token, slot);
  for (;;) {
    await new Promise((done) => setTimeout(done, 2_500));
    const again = await slotCounts(request, token, slot);
    if (again.imp === counts.imp && again.click === counts.click) return again;
    counts = again;
  }
}

/** Scrolls the page so the marked element is (or is not) in view. */
async function scrollAdIntoView(page: Page, inView: boolean) {
  await page.evaluate((show) => {
    const ad = document.getElementById('ad');
    if (show) ad?.scrollIntoView({ block: 'center' });
    else window.scrollTo(0, 0);
  }, inView);
}

test('banner: the impression counts only after a second in view, and the click is recorded', async ({
  page,
  context,
  request,
}) => {
  const impressions: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/track/imp')) impressions.push(r.url());
  });
  await openDemo(page, 'banner');
  const slot = (await page.locator('#ad').getAttribute('data-adloom-slot')) ?? '';
  expect(slot).toMatch(/^\d+$/);
  await waitForEvent(page, 'render');
  const token = await signInToken(request, 'admin');
  const before = await settledSlotCounts(request, token, slot);

  // Into view for less than a second, then away: nothing fired, nothing counted.
  await scrollAdIntoView(page, true);
  await page.waitForTimeout(400);
  await scrollAdIntoView(page, false);
  await page.waitForTimeout(2_000);
  expect(await eventTypes(page)).not.toContain('impression');
  expect(impressions).toEqual([]);

  // In view for a second: the impression URL fires once and the report counts it.
  await scrollAdIntoView(page, true);
  await waitForEvent(page, 'impression');
  expect(impressions).toHaveLength(1);
  await expect
    .poll(async () => (await slotCounts(request, token, slot)).imp, { timeout: 15_000 })
    .toBe(before.imp + 1);

  // The creative is in a closed shadow root: clicked where it shows, it opens the signed
  // click URL in a new window, which counts the click before leading on.
  const box = await page.locator('#ad [data-adloom-ad]').boundingBox();
  expect(box).not.toBeNull();
  const clickRequest = context.waitForEvent('request', (r) => r.url().includes('/track/clk'));
  await page.mouse.click(
    (box?.x ?? 0) + (box?.width ?? 0) / 2,
    (box?.y ?? 0) + (box?.height ?? 0) / 2,
  );
  await clickRequest;
  await waitForEvent(page, 'click');
  await expect
    .poll(async () => (await slotCounts(request, token, slot)).click, { timeout: 15_000 })
    .toBe(before.click + 1);
});

test('feed: the ad renders as a card in the article list', async ({ page }) => {
  await openDemo(page, 'feed');
  await waitForEvent(page, 'render');
  const box = await page.locator('#ad [data-adloom-ad]').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(20);
  // The card sits below two stories: a picture creative's card is mostly under the fold until
  // the reader scrolls to it, as in a real feed.
  await scrollAdIntoView(page, true);
  await waitForEvent(page, 'impression');
});

/** A filled answer the test gives for the page's request (the overlay forms). */
function answerOf(ad: Partial<ServedAd>): ServeAdAnswer {
  return {
    fill: true,
    request_id: 'e2e',
    ad: {
      source: 'own',
      creative_id: 1,
      style_id: 1,
      style_type: AdStyleType.text,
      ad_form: AdForm.interstitial,
      width: 0,
      height: 0,
      title: 'Test creative',
      description: 'Shown by the test',
      icon: null,
      image: null,
      images: [],
      video: null,
      click_action: 2,
      action_text: 'Open',
      app_name: '',
      app_package: '',
      click_url: '',
      deeplink_url: '',
      adm: '',
      cache_seconds: 0,
      special_config: null,
      ...ad,
    },
    impression_urls: [],
    notice_urls: [],
  };
}

async function answerWith(page: Page, answer: ServeAdAnswer) {
  await page.route(`**${SERVE_AD_PATH}?*`, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(answer) }),
  );
}

/** Any active slot's id, for the pages of forms the seed has no slot of. */
async function anySlot(page: Page): Promise<string> {
  await openDemo(page, 'banner');
  return (await page.locator('#ad').getAttribute('data-adloom-slot')) ?? '';
}

/** The ad the page rendered (its onRender detail), from the seeded campaigns. */
async function renderedAd(page: Page): Promise<ServedAd> {
  const rendered = (await events(page)).find((event) => event.type === 'render');
  return rendered?.detail as ServedAd;
}

test('interstitial: a seeded full-screen ad until its close control', async ({ page }) => {
  await openDemo(page, 'interstitial');
  await page.getByRole('button', { name: 'Open the next article' }).click();
  await waitForEvent(page, 'render');
  const ad = await renderedAd(page);
  expect(ad.source).toBe('own');
  expect(ad.ad_form).toBe(AdForm.interstitial);
  const overlay = page.locator('[data-adloom-overlay="interstitial"]');
  await expect(overlay).toBeAttached();
  const box = await overlay.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  // The overlay's close control sits in its top right corner.
  await page.mouse.click(box.w - 30, 25);
  await waitForEvent(page, 'close');
  await expect(overlay).not.toBeAttached();
});

test('splash: a seeded ad counts down and closes by itself', async ({ page }) => {
  await openDemo(page, 'splash');
  await waitForEvent(page, 'render');
  expect((await renderedAd(page)).ad_form).toBe(AdForm.splash);
  await expect(page.locator('[data-adloom-overlay="splash"]')).toBeAttached();
  await waitForEvent(page, 'close', 10_000);
  await expect(page.locator('[data-adloom-overlay="splash"]')).not.toBeAttached();
});

test('rewarded video: the seeded video ad shows on the rewarded page', async ({ page }) => {
  await openDemo(page, 'rewarded');
  await page.getByRole('button', { name: 'Watch an ad for 10 coins' }).click();
  await waitForEvent(page, 'render');
  const ad = await renderedAd(page);
  expect(ad.ad_form).toBe(AdForm.rewardedVideo);
  expect(ad.style_type).toBe(AdStyleType.video);
  expect(ad.video?.url).toMatch(/\/files\/[0-9a-f]{32}-web\.mp4$/);
  await expect(page.locator('[data-adloom-overlay="rewarded"]')).toBeAttached();
});

test('rewarded video: the reward comes when the video ends', async ({ page }) => {
  // A two-second WebM (Chromium plays VP8 without proprietary codecs).
  const dir = mkdtempSync(join(tmpdir(), 'adloom-sdk-e2e-'));
  const file = join(dir, 'reward.webm');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=blue:s=320x240:d=2',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    file,
  ]);
  await page.route('https://cdn.adloom.test/reward.webm', (route) =>
    route.fulfill({ contentType: 'video/webm', body: readFileSync(file) }),
  );
  const slot = await anySlot(page);
  await answerWith(
    page,
    answerOf({
      ad_form: AdForm.rewardedVideo,
      style_type: AdStyleType.video,
      video: {
        url: 'https://cdn.adloom.test/reward.webm',
        width: 320,
        height: 240,
        duration_ms: 2000,
      },
    }),
  );
  await openDemo(page, 'rewarded', `?slot=${slot}`);
  await page.getByRole('button', { name: 'Watch an ad for 10 coins' }).click();
  await waitForEvent(page, 'render');
  await waitForEvent(page, 'reward', 20_000);
  await expect(page.locator('#coins')).toHaveText('10');
});

test("a creative's script cannot reach the host page", async ({ page }) => {
  const slot = await anySlot(page);
  const reachOut = `<script>
    document.documentElement.setAttribute('data-ran', '1');
    try { parent.document.body.setAttribute('data-hacked', '1'); } catch (e) {}
    try { top.hacked = 1; } catch (e) {}
  </script><p>partner ad</p>`;
  await answerWith(
    page,
    answerOf({ source: 'partner', ad_form: AdForm.banner, width: 320, height: 50, adm: reachOut }),
  );
  await openDemo(page, 'banner', `?slot=${slot}`);
  await waitForEvent(page, 'render');
  const frame = page.frames().find((f) => f !== page.mainFrame());
  await expect
    .poll(() => frame?.evaluate(() => document.documentElement.getAttribute('data-ran')))
    .toBe('1');
  expect(await page.evaluate(() => document.body.getAttribute('data-hacked'))).toBeNull();
  expect(
    await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
  ).toBeUndefined();

  // Our own creative's text is text: markup in a title runs nothing.
  await page.unroute(`**${SERVE_AD_PATH}?*`);
  await answerWith(
    page,
    answerOf({ ad_form: AdForm.banner, title: '<img src=x onerror="window.hacked=1">' }),
  );
  await openDemo(page, 'banner', `?slot=${slot}`);
  await waitForEvent(page, 'render');
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
  ).toBeUndefined();
});
