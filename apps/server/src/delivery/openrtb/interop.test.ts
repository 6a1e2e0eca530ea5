/**
 * The interop suite: real-shaped BidRequests (test/fixtures/openrtb/interop-requests.data.ts)
 * sent to both entry points, /openrtb2/auction on one of our slots and /dsp/openrtb2 with an
 * exchange's own tagid (the own DSP needs no slot of ours). Every 200 answer is checked
 * field by field against the OpenRTB 2.6 object model and its request (conformance.ts), then
 * against what the case says should win: the creative, its markup type, its size, the VAST
 * version.
 */
import { AdStyleType, OPENRTB_VERSION, PlanStatus, PlanStep } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildCreative, buildMaterial, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { buildLedgerEntry, buildUser } from '../../test/factories.js';
import { buildStyle } from '../../test/settings-factories.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import { must } from '../test-kit.js';
import { bidResponseIssues } from './conformance.js';
import {
  INTEROP_CASES,
  SPEC_EXAMPLE_CASES,
  SUITE_FLOOR,
  type Expected,
  type ImpExpectation,
} from '../../test/fixtures/openrtb/interop-requests.data.js';

let t: TestApp;
const creativeIds: Record<'image' | 'text' | 'native' | 'video', number> = {
  image: 0,
  text: 0,
  native: 0,
  video: 0,
};
let slotId = 0;
let targetedCreativeId = 0;
let ctvCreativeId = 0;
const DOMAIN = 'interop-news.example';
const TARGETED_DOMAIN = 'targeted-news.example';

interface Bid {
  id: string;
  impid: string;
  price: number;
  adm: string;
  crid: string;
  mtype: number;
  w?: number;
  h?: number;
  adomain?: string[];
  cat?: string[];
  cattax?: number;
  nurl?: string;
  burl?: string;
}
interface Answer {
  id: string;
  cur?: string;
  nbr?: number;
  seatbid?: { seat?: string; bid: Bid[] }[];
}

beforeAll(async () => {
  // The own DSP bids with every live plan in the database: on PostgreSQL, not other files'.
  t = await createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'interop-tracking-secret-of-32-chars-or-more',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
  const db = t.db;
  const advertiser = await buildUser(db);
  await buildLedgerEntry(db, {
    userId: advertiser.id,
    amount: 10_000_000_000,
    balanceAfter: 10_000_000_000,
  });
  const styles = {
    image: await buildStyle(db, { type: AdStyleType.imageOnly }),
    text: await buildStyle(db, { type: AdStyleType.text }),
    native: await buildStyle(db, { type: AdStyleType.bigImage }),
    video: await buildStyle(db, { type: AdStyleType.video }),
  };
  const png = await buildMaterial(db, advertiser.id, { width: 300, height: 250 });
  const jpeg = await buildMaterial(db, advertiser.id, {
    mime: 'image/jpeg',
    ext: 'jpg',
    storageKey: `test/interop-main-${Date.now()}.jpg`,
    width: 1200,
    height: 627,
  });
  const icon = await buildMaterial(db, advertiser.id, { width: 80, height: 80 });
  const video = await buildMaterial(db, advertiser.id, {
    kind: 'video',
    mime: 'video/mp4',
    ext: 'mp4',
    storageKey: `test/interop-clip-${Date.now()}.mp4`,
    width: 1280,
    height: 720,
    durationMs: 15_200,
  });
  const approved = { review: 0, clickUrl: 'https://www.outdoor-shop.example/sale' };
  const creatives = {
    image: await buildCreative(db, advertiser.id, {
      ...approved,
      styleId: styles.image.id,
      title: 'Gear sale',
      imageMaterialId: png.id,
    }),
    text: await buildCreative(db, advertiser.id, {
      ...approved,
      styleId: styles.text.id,
      title: 'Weekend gear sale: 30 % off',
    }),
    native: await buildCreative(db, advertiser.id, {
      ...approved,
      styleId: styles.native.id,
      title: 'Sunny weekend deals on outdoor gear',
      description: 'Tents, stoves and boots at a third off until Sunday.',
      actionText: 'Shop now',
      imageMaterialId: jpeg.id,
      iconMaterialId: icon.id,
    }),
    video: await buildCreative(db, advertiser.id, {
      ...approved,
      styleId: styles.video.id,
      title: 'Trail running shoes',
      videoMaterialId: video.id,
    }),
  };
  const plan = await buildPlan(db, advertiser.id, {
    status: PlanStatus.live,
    creationStep: PlanStep.complete,
    publishedAt: new Date(),
    budget: 1_000_000_000,
    bid: 50_000_000,
    // An outdoor shop: IAB22 Shopping, sent as the bids' cat and blockable by bcat.
    iabCategory: 'IAB22',
  });
  // Distinct bids make every case's winner certain: native > video > image > text.
  const bids = { native: 53_000_000, video: 52_000_000, image: 51_000_000, text: 50_000_000 };
  for (const kind of ['image', 'text', 'native', 'video'] as const) {
    creativeIds[kind] = creatives[kind].id;
    await buildStrategy(db, plan.id, advertiser.id, {
      bid: bids[kind],
      styleIds: [],
      languages: [],
      creativeIds: [creatives[kind].id],
      // Never on the targeted domain, which belongs to the next strategy.
      targeting: [{ key: 'siteDomain', mode: 'exclude', values: [TARGETED_DOMAIN] }],
    });
  }
  const targeted = await buildCreative(db, advertiser.id, {
    ...approved,
    styleId: styles.image.id,
    title: 'Only on the targeted site',
    imageMaterialId: png.id,
  });
  targetedCreativeId = targeted.id;
  await buildStrategy(db, plan.id, advertiser.id, {
    bid: 60_000_000,
    styleIds: [],
    languages: [],
    creativeIds: [targeted.id],
    targeting: [{ key: 'siteDomain', mode: 'include', values: [TARGETED_DOMAIN] }],
  });
  // Connected TVs only: a strategy that outbids the rest there and bids nowhere else.
  const ctv = await buildCreative(db, advertiser.id, {
    ...approved,
    styleId: styles.image.id,
    title: 'Only on connected TVs',
    imageMaterialId: png.id,
  });
  ctvCreativeId = ctv.id;
  await buildStrategy(db, plan.id, advertiser.id, {
    bid: 65_000_000,
    styleIds: [],
    languages: [],
    creativeIds: [ctv.id],
    targeting: [{ key: 'deviceType', mode: 'include', values: ['3'] }],
  });
  const publisher = await buildUser(db);
  const media = await buildMedia(db, publisher.id);
  const slot = await buildSlot(db, media.id, {
    styleIds: Object.values(styles).map((style) => style.id),
    width: 0,
    height: 0,
    lowestBid: 500_000,
  });
  slotId = slot.id;
  await t.app.delivery().sync();
});

afterAll(async () => {
  await t.close();
});

async function post(url: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url, payload });
  expect(response.headers['x-openrtb-version']).toBe(OPENRTB_VERSION);
  return {
    status: response.statusCode,
    body: response.body ? (JSON.parse(response.body) as Answer) : undefined,
  };
}

const ENTRY_POINTS = [
  { name: '/openrtb2/auction on our slot', url: '/openrtb2/auction', tagid: () => String(slotId) },
  {
    name: '/dsp/openrtb2 on exchange traffic',
    url: '/dsp/openrtb2',
    tagid: () => 'ex-placement-4471',
  },
] as const;

function bidsOf(answer: Answer | undefined): Bid[] {
  return (answer?.seatbid ?? []).flatMap((seatbid) => seatbid.bid);
}

function checkBid(bid: Bid | undefined, expected: ImpExpectation, imp: Record<string, unknown>) {
  if (expected.bid === 'none') {
    expect(bid).toBeUndefined();
    return;
  }
  const won = must(bid, `a bid for impression ${String(imp.id)}`);
  expect(won.crid).toBe(String(creativeIds[expected.bid]));
  expect(won.mtype).toBe(expected.mtype);
  if (expected.w !== undefined) expect([won.w, won.h]).toEqual([expected.w, expected.h]);
  expect(won.adomain).toEqual(['outdoor-shop.example']);
  expect([won.cat, won.cattax]).toEqual([['IAB22'], 1]);
  if (!imp.bidfloorcur || imp.bidfloorcur === 'USD') {
    expect(won.price).toBeGreaterThanOrEqual(SUITE_FLOOR);
  }
  if (expected.vast) expect(won.adm).toContain(`<VAST version="${expected.vast}"`);
  expect(won.adm).toContain('/track/imp?t=');
}

const ALL_CASES = [...INTEROP_CASES, ...SPEC_EXAMPLE_CASES];

describe.each(ENTRY_POINTS)('$name', (entry) => {
  it.each(ALL_CASES.map((item) => [item.name, item] as const))('%s', async (_name, item) => {
    const request = item.request(entry.tagid(), DOMAIN);
    const { status, body } = await post(entry.url, request);
    // Never refused: every case is a valid 2.6 request.
    expect(status).not.toBe(400);
    const imps = request.imp as Record<string, unknown>[];
    // Of two outcomes the answer says which: a no-bid with the expected reason, or the bid.
    const expected: Exclude<Expected, { either: unknown }> =
      'either' in item.expect ? item.expect.either[body?.nbr !== undefined ? 1 : 0] : item.expect;
    if ('nbr' in expected) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: request.id, nbr: expected.nbr });
      expect(bidsOf(body)).toEqual([]);
      return;
    }
    const perImp = (imp: Record<string, unknown>): ImpExpectation =>
      'bid' in expected
        ? expected
        : must(expected.byImp[String(imp.id)], `an expectation for ${String(imp.id)}`);
    const anyBid = imps.some((imp) => perImp(imp).bid !== 'none');
    if (!anyBid) {
      expect(status).toBe(204);
      return;
    }
    expect(status).toBe(200);
    // Field by field against the 2.6 object model and the request.
    expect(bidResponseIssues(request, body, { requireSize: true })).toEqual([]);
    const currencies = (request.cur as string[] | undefined) ?? ['USD'];
    if (currencies.includes('USD')) expect(body?.cur).toBe('USD');
    expect(body?.seatbid?.map((seatbid) => seatbid.seat)).toEqual(['adloom']);
    const bids = bidsOf(body);
    for (const imp of imps) {
      checkBid(
        bids.find((bid) => bid.impid === imp.id),
        perImp(imp),
        imp,
      );
    }
    for (const bid of bids) {
      // The buyer's billing notice names the price of the own DSP's sales and of sales in a
      // caller's second-price auction (`at` 2, OpenRTB's default): not under `at` 1.
      expect(bid.burl !== undefined).toBe(entry.url === '/dsp/openrtb2' || request.at !== 1);
    }
  });
});

describe('native answers follow the request', () => {
  it('answers the feed request with its own asset ids, lengths and trackers', async () => {
    const item = must(INTEROP_CASES.find((entry) => entry.name.startsWith('native 1.2 feed')));
    const { body } = await post('/dsp/openrtb2', item.request('feed', DOMAIN));
    const bid = must(bidsOf(body)[0], 'a native bid');
    const native = JSON.parse(bid.adm) as {
      assets: {
        id: number;
        title?: { text: string };
        img?: { w: number; h: number };
        data?: { value: string };
      }[];
      eventtrackers?: { event: number; method: number; url: string }[];
      link: { url: string };
    };
    expect(native.assets.map((asset) => asset.id)).toEqual([101, 102, 103, 104, 105]);
    expect(native.assets[0]?.title?.text).toBe('Sunny weekend deals on o');
    expect(native.assets[1]?.img).toMatchObject({ w: 1200, h: 627 });
    expect(native.assets[2]?.img).toMatchObject({ w: 80, h: 80 });
    expect(native.assets[4]?.data?.value).toBe('Shop now');
    expect(native.eventtrackers?.[0]).toMatchObject({ event: 1, method: 1 });
    expect(native.link.url).toContain('/track/clk?t=');
  });

  it('numbers assets that came without ids by their indexes', async () => {
    const item = must(
      INTEROP_CASES.find((entry) => entry.name.startsWith('native assets without')),
    );
    const { body } = await post('/dsp/openrtb2', item.request('feed', DOMAIN));
    const bid = must(bidsOf(body)[0], 'a native bid');
    const native = JSON.parse(bid.adm) as { assets: { id: number }[] };
    // Title, description, call to action, main image, icon; no rating (index 5) to give.
    expect(native.assets.map((asset) => asset.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers a Native 1.1 request in its wrapped shape with imptrackers', async () => {
    const item = must(INTEROP_CASES.find((entry) => entry.name.startsWith('native 1.1 wrapped')));
    const { body } = await post('/dsp/openrtb2', item.request('feed', DOMAIN));
    const bid = must(bidsOf(body)[0], 'a native bid');
    const answer = JSON.parse(bid.adm) as {
      native: { assets: { id: number }[]; imptrackers: string[] };
    };
    expect(answer.native.assets.map((asset) => asset.id)).toEqual([3, 9]);
    expect(answer.native.imptrackers[0]).toContain('/track/imp?t=');
  });
});

describe('blocked advertisers and categories (badv, bcat)', () => {
  const request = (id: string, extra: Record<string, unknown>) => ({
    id,
    site: { domain: 'blocks.example', page: 'https://blocks.example/' },
    imp: [{ id: '1', tagid: 'ex-9', banner: { w: 300, h: 250 }, bidfloor: SUITE_FLOOR }],
    ...extra,
  });

  it.each(ENTRY_POINTS)('$name: no bid with a blocked category or advertiser', async (entry) => {
    const blocked = [
      { bcat: ['IAB25', 'IAB22'] },
      { bcat: ['iab22'], cattax: 1 },
      { badv: ['outdoor-shop.example'] },
      { badv: ['www.Outdoor-Shop.example'] },
    ];
    for (const [index, extra] of blocked.entries()) {
      const sent = request(`blocked-${index}`, extra);
      (sent.imp[0] as Record<string, unknown>).tagid = entry.tagid();
      const { status } = await post(entry.url, sent);
      expect(status, JSON.stringify(extra)).toBe(204);
    }
  });

  it.each(ENTRY_POINTS)('$name: bids beside blocks that do not name it', async (entry) => {
    const allowed = [
      // A subcategory does not block the plan's tier-1 category.
      { bcat: ['IAB22-4', 'IAB7'] },
      // Codes of another taxonomy are not ours to compare.
      { bcat: ['IAB22'], cattax: 2 },
      // Another advertiser, and a domain that only ends like ours.
      { badv: ['rival.example', 'shop.example'] },
    ];
    for (const [index, extra] of allowed.entries()) {
      const sent = request(`allowed-${index}`, extra);
      (sent.imp[0] as Record<string, unknown>).tagid = entry.tagid();
      const { status, body } = await post(entry.url, sent);
      expect(status, JSON.stringify(extra)).toBe(200);
      expect(bidResponseIssues(sent, body, { requireSize: true })).toEqual([]);
      expect(must(bidsOf(body)[0]).cat).toEqual(['IAB22']);
    }
  });
});

describe('targeting exchange traffic: site domains, device types', () => {
  const request = (domain: string) => ({
    id: `targeted-${domain}`,
    site: { domain, page: `https://${domain}/` },
    device: { ua: 'Mozilla/5.0', ip: '203.0.113.9' },
    imp: [{ id: '1', tagid: 'ex-1', banner: { w: 300, h: 250 }, bidfloor: SUITE_FLOOR }],
  });

  it('bids with the strategy that includes the domain, on the domain and its subdomains', async () => {
    for (const domain of [TARGETED_DOMAIN, `sports.${TARGETED_DOMAIN}`]) {
      const { body } = await post('/dsp/openrtb2', request(domain));
      expect(must(bidsOf(body)[0], `a bid on ${domain}`).crid).toBe(String(targetedCreativeId));
    }
  });

  it('does not bid with it on a domain that only ends like it', async () => {
    const other = await post('/dsp/openrtb2', request(`${TARGETED_DOMAIN}.evil.example`));
    expect(must(bidsOf(other.body)[0], 'a bid elsewhere').crid).toBe(String(creativeIds.image));
  });

  it('bids with a device-type strategy on that device type only', async () => {
    const onTv = request('tv-guide.example');
    const tv = await post('/dsp/openrtb2', { ...onTv, device: { ...onTv.device, devicetype: 3 } });
    expect(must(bidsOf(tv.body)[0], 'a bid on a TV').crid).toBe(String(ctvCreativeId));
    const onPhone = await post('/dsp/openrtb2', {
      ...onTv,
      device: { ...onTv.device, devicetype: 4 },
    });
    expect(must(bidsOf(onPhone.body)[0], 'a bid on a phone').crid).toBe(String(creativeIds.image));
  });
});
