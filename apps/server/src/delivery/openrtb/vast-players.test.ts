/**
 * Every VAST Adloom answers, as video players take it: parsed by @dailymotion/vast-client and
 * valid against the IAB XSD of its version (src/test/vast-check.ts). Our own video in each
 * VAST version we write (vast.ts), the same through /openrtb2/auction and /dsp/openrtb2 (also
 * as a Native video asset's vasttag), and a partner's VAST passed on with our beacon added
 * (answer.ts: /serve/ad and /openrtb2/auction hand partners' markup on that way).
 * /serve/ad answers our own video as JSON (the SDK plays the file), never as VAST.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdStyleType, Billing, PlanStatus, PlanStep, type ServeAdAnswer } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildCreative, buildMaterial, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { buildLedgerEntry, buildUser } from '../../test/factories.js';
import { buildStyle } from '../../test/settings-factories.js';
import { buildDsp, buildMedia, buildSlot, buildSspStrategy } from '../../test/supply-factories.js';
import {
  VAST_XSDS_PRESENT,
  playedAds,
  vastSchemaIssues,
  vastVersionOf,
} from '../../test/vast-check.js';
import { partnerMarkupWithBeacon, trackingUrls } from '../answer.js';
import { creativeConfig } from '../decision/test-kit.js';
import { buildServingScenario, must } from '../test-kit.js';
import { readVideoSpec, vastMarkup } from './vast.js';

const ORIGIN = 'https://ads.example.com';
const urls = trackingUrls(ORIGIN, 'payload.mac');

/**
 * The IAB XSDs may not be redistributed, so a fresh clone (CI included) has none and skips the
 * schema checks; the player library's parse always runs. A developer who fetched them
 * (fixtures/vast/README.md) runs both.
 */
const schemaIt = VAST_XSDS_PRESENT ? it : it.skip;

/** Protocol lists as players send them, and the VAST version each gets. */
const PROTOCOL_CASES = [
  { protocols: [2], version: '2.0' },
  { protocols: [2, 3, 5, 6], version: '3.0' },
  { protocols: [7], version: '4.0' },
  { protocols: [11], version: '4.1' },
  { protocols: [2, 3, 7, 11, 13], version: '4.2' },
  { protocols: undefined, version: '4.0' },
] as const;

const video = creativeConfig({
  id: 4242,
  title: 'Trail shoes & <more> "now"',
  video: { url: '/files/clip.mp4', width: 1280, height: 720, durationMs: 15_200 },
});

function ownVast(protocols: readonly number[] | undefined): string {
  const spec = must(readVideoSpec({ mimes: ['video/mp4'], ...(protocols ? { protocols } : {}) }));
  return vastMarkup(
    spec,
    video,
    urls,
    (url) => (url.startsWith('/') ? `${ORIGIN}${url}` : url),
    'serving-1',
  );
}

/** What a player must get from our own video ad, whatever the VAST version. */
async function expectPlayable(xml: string, impression: RegExp, creativeId: string) {
  const [ad, ...more] = await playedAds(xml);
  expect(more).toEqual([]);
  const played = must(ad, 'an ad');
  expect(played.impressionUrls.some((url) => impression.test(url))).toBe(true);
  const [linear] = played.creatives;
  expect(linear).toMatchObject({ type: 'linear', duration: 15 });
  expect(linear?.mediaFiles).toEqual([
    expect.objectContaining({ mimeType: 'video/mp4', width: 1280, height: 720 }),
  ]);
  expect(linear?.mediaFiles[0]?.fileURL).toMatch(/^https?:\/\/.+\.mp4$/);
  expect(linear?.clickThrough).toMatch(/\/track\/clk\?t=/);
  if (Number(vastVersionOf(xml)) >= 4) {
    expect(linear?.universalAdIds).toEqual([{ idRegistry: 'adloom.com', value: creativeId }]);
  }
}

describe('our own VAST, in every version we write', () => {
  it.each(PROTOCOL_CASES)('protocols $protocols: VAST $version a player parses', async (item) => {
    const xml = ownVast(item.protocols);
    expect(vastVersionOf(xml)).toBe(item.version);
    await expectPlayable(xml, /\/track\/imp\?t=payload\.mac$/, '4242');
    if (item.version === '4.1' || item.version === '4.2') {
      expect((await playedAds(xml))[0]?.adServingId).toBe('serving-1');
    }
  });

  schemaIt.each(PROTOCOL_CASES)(
    'protocols $protocols: valid against the IAB XSD of VAST $version',
    async (item) => {
      expect(await vastSchemaIssues(ownVast(item.protocols))).toEqual([]);
    },
  );
});

/** Partners' VAST as exchanges send it: attributes on Impression, a namespace, a prolog. */
const PARTNER_VAST: readonly { name: string; xml: string; inline: boolean }[] = [
  {
    name: 'VAST 4.2 inline with an Impression id, in the VAST namespace',
    inline: true,
    xml:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="p-1"><InLine>' +
      '<AdSystem version="2">PartnerX</AdSystem><Error><![CDATA[https://px.example/err]]></Error>' +
      '<Impression id="px"><![CDATA[https://px.example/imp?p=${AUCTION_PRICE}]]></Impression>' +
      '<AdServingId>px-123</AdServingId><AdTitle>Partner clip</AdTitle><Creatives>' +
      '<Creative id="c1" sequence="1"><Linear><Duration>00:00:30</Duration><MediaFiles>' +
      '<MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.px.example/c.mp4]]></MediaFile>' +
      '</MediaFiles><VideoClicks><ClickThrough id="ct"><![CDATA[https://px.example/click]]></ClickThrough></VideoClicks>' +
      '</Linear><UniversalAdId idRegistry="ad-id.org">PX0001</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>',
  },
  {
    name: 'VAST 3.0 inline with two impressions',
    inline: true,
    xml:
      '<VAST version="3.0"><Ad id="p-2"><InLine><AdSystem>PartnerY</AdSystem><AdTitle>Clip</AdTitle>' +
      '<Impression id="a"><![CDATA[https://py.example/imp/a]]></Impression><Impression><![CDATA[https://py.example/imp/b]]></Impression>' +
      '<Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles>' +
      '<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://cdn.py.example/c.mp4]]></MediaFile>' +
      '</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>',
  },
  {
    name: 'VAST 4.1 wrapper',
    inline: false,
    xml:
      '<VAST version="4.1" xmlns="http://www.iab.com/VAST"><Ad id="p-3"><Wrapper>' +
      '<AdSystem>PartnerZ</AdSystem><Impression id="z"><![CDATA[https://pz.example/imp]]></Impression>' +
      '<VASTAdTagURI><![CDATA[https://pz.example/vast.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>',
  },
];

describe("a partner's VAST passed on with our impression beacon", () => {
  it.each(PARTNER_VAST)('$name: our impression is one the player fires', async (item) => {
    const passed = partnerMarkupWithBeacon(item.xml, urls);
    // Ours is added once, beside the partner's own impressions.
    expect(passed.match(/\/track\/imp\?t=payload\.mac/g)).toHaveLength(1);
    expect(passed).toContain('<Impression id=');
    if (!item.inline) return;
    const [ad] = await playedAds(passed);
    const impressions = must(ad, 'an ad').impressionUrls;
    expect(impressions).toContain(`${ORIGIN}/track/imp?t=payload.mac`);
    expect(impressions.length).toBeGreaterThan(1);
  });

  schemaIt.each(PARTNER_VAST)('$name: still valid against its IAB XSD', async (item) => {
    expect(await vastSchemaIssues(item.xml)).toEqual([]);
    expect(await vastSchemaIssues(partnerMarkupWithBeacon(item.xml, urls))).toEqual([]);
  });
});

describe('VAST answered by the OpenRTB entry points', () => {
  let t: TestApp;
  let slotId = 0;
  let creativeId = 0;

  beforeAll(async () => {
    // The own DSP bids with every live plan in the database: on PostgreSQL, not other files'.
    t = await createTestApp({
      isolated: true,
      env: {
        TRACKING_SECRET: 'vast-players-tracking-secret-of-32-chars',
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
    const style = await buildStyle(db, { type: AdStyleType.video });
    const clip = await buildMaterial(db, advertiser.id, {
      kind: 'video',
      mime: 'video/mp4',
      ext: 'mp4',
      storageKey: `test/vast-players-${Date.now()}.mp4`,
      width: 1280,
      height: 720,
      durationMs: 15_200,
    });
    const creative = await buildCreative(db, advertiser.id, {
      review: 0,
      clickUrl: 'https://www.trail.example/shoes',
      styleId: style.id,
      title: 'Trail shoes & more',
      videoMaterialId: clip.id,
    });
    creativeId = creative.id;
    const plan = await buildPlan(db, advertiser.id, {
      status: PlanStatus.live,
      creationStep: PlanStep.complete,
      publishedAt: new Date(),
      budget: 1_000_000_000,
      bid: 50_000_000,
    });
    await buildStrategy(db, plan.id, advertiser.id, {
      styleIds: [],
      languages: [],
      creativeIds: [creative.id],
      targeting: [],
    });
    const publisher = await buildUser(db);
    const media = await buildMedia(db, publisher.id);
    const slot = await buildSlot(db, media.id, {
      styleIds: [style.id],
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

  const ENTRY_POINTS = [
    { url: '/openrtb2/auction', tagid: () => String(slotId) },
    { url: '/dsp/openrtb2', tagid: () => 'exchange-preroll-7' },
  ] as const;

  /** Every VAST of an answer: video bids' adm and Native video assets' vasttag. */
  function vastOf(answer: { seatbid?: { bid: { adm: string; mtype: number }[] }[] }): string[] {
    return (answer.seatbid ?? []).flatMap((seatbid) =>
      seatbid.bid.flatMap((bid) => {
        if (bid.mtype === 2) return [bid.adm];
        if (bid.mtype !== 4) return [];
        const native = JSON.parse(bid.adm) as {
          assets?: { video?: { vasttag?: string } }[];
          native?: { assets?: { video?: { vasttag?: string } }[] };
        };
        return (native.assets ?? native.native?.assets ?? []).flatMap((asset) =>
          asset.video?.vasttag ? [asset.video.vasttag] : [],
        );
      }),
    );
  }

  async function answeredVast(url: string, tagid: string): Promise<string[]> {
    const imp = (id: string, protocols: number[]) => ({
      id,
      tagid,
      video: { mimes: ['video/mp4'], protocols, w: 640, h: 360, minduration: 5, maxduration: 30 },
    });
    const request = {
      id: `vast-${url}`,
      site: { domain: 'video-news.example', page: 'https://video-news.example/watch' },
      device: { ua: 'Mozilla/5.0', ip: '203.0.113.7', os: 'Android' },
      imp: [
        imp('v2', [2]),
        imp('v3', [3]),
        imp('v40', [7]),
        imp('v41', [11]),
        imp('v42', [13]),
        {
          id: 'n',
          tagid,
          native: {
            ver: '1.2',
            request: JSON.stringify({
              ver: '1.2',
              assets: [
                { id: 1, required: 0, title: { len: 90 } },
                {
                  id: 2,
                  required: 1,
                  video: { mimes: ['video/mp4'], minduration: 1, maxduration: 60, protocols: [7] },
                },
              ],
            }),
          },
        },
      ],
    };
    const response = await t.app.inject({ method: 'POST', url, payload: request });
    expect(response.statusCode, response.body).toBe(200);
    return vastOf(JSON.parse(response.body));
  }

  it.each(ENTRY_POINTS)('$url: every VAST it answers parses in a player', async (entry) => {
    const documents = await answeredVast(entry.url, entry.tagid());
    // Five video impressions (VAST 2.0 to 4.2) and a Native video asset.
    expect(documents.map(vastVersionOf).sort()).toEqual(['2.0', '3.0', '4.0', '4.0', '4.1', '4.2']);
    for (const xml of documents) {
      await expectPlayable(xml, /\/track\/imp\?t=/, String(creativeId));
    }
  });

  schemaIt.each(ENTRY_POINTS)(
    '$url: every VAST it answers is valid against its IAB XSD',
    async (entry) => {
      const documents = await answeredVast(entry.url, entry.tagid());
      expect(documents).toHaveLength(6);
      for (const xml of documents) expect(await vastSchemaIssues(xml)).toEqual([]);
    },
  );
});

describe("a partner's winning VAST through /serve/ad and /openrtb2/auction", () => {
  let t: TestApp;
  let partner: Server;
  let slotId = 0;
  /** The partner answers every impression with the VAST 4.2 of PARTNER_VAST, at 5 dollars. */
  const partnerVast = must(PARTNER_VAST[0]).xml;

  beforeAll(async () => {
    partner = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          imp: { id: string }[];
        };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: asked.id,
            cur: 'USD',
            seatbid: [
              {
                seat: 'px',
                bid: asked.imp.map((imp, index) => ({
                  id: `px-${index}`,
                  impid: imp.id,
                  price: 5,
                  adm: partnerVast,
                  crid: 'px-clip',
                  adomain: ['px.example'],
                  w: 640,
                  h: 360,
                  mtype: 2,
                })),
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((done) => partner.listen(0, '127.0.0.1', done));
    t = await createTestApp({
      env: {
        TRACKING_SECRET: 'vast-partner-tracking-secret-of-32-chars',
        DELIVERY_FLUSH_MS: '60000',
        DSP_ALLOW_PRIVATE_NETWORKS: 'true',
      },
    });
    // Our own plan bids 1 dollar CPM: the partner's 5 wins.
    const s = await buildServingScenario(t.db, {
      plan: { billing: Billing.cpm, bid: 1_000_000 },
      slot: { lowestBid: 500_000 },
    });
    slotId = s.slot.id;
    const port = (partner.address() as AddressInfo).port;
    const dsp = await buildDsp(t.db, {
      requestUrl: `http://127.0.0.1:${port}/bid`,
      timeoutMs: 2000,
      percent: 1000,
    });
    await buildSspStrategy(t.db, slotId, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
    await t.app.delivery().sync();
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((done) => partner.close(() => done()));
  });

  async function passedOn(): Promise<string[]> {
    const served = await t.app.inject({
      method: 'GET',
      url: `/serve/ad?slot_id=${slotId}&os=1&country=US&uid=vast-user`,
    });
    const answer = served.json<ServeAdAnswer>();
    if (!answer.fill) throw new Error(`no fill on /serve/ad: ${served.body}`);
    expect(answer.ad.source).toBe('partner');
    const auction = await t.app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: {
        id: 'partner-vast',
        app: { bundle: 'com.example.player' },
        device: { os: 'Android', geo: { country: 'USA' } },
        imp: [
          {
            id: 'v',
            tagid: String(slotId),
            video: { mimes: ['video/mp4'], protocols: [13], w: 640, h: 360 },
          },
        ],
      },
    });
    expect(auction.statusCode, auction.body).toBe(200);
    const bid = must(
      (auction.json() as { seatbid?: { bid: { adm: string; mtype: number }[] }[] }).seatbid?.[0]
        ?.bid[0],
      'a bid with the partner’s VAST',
    );
    expect(bid.mtype).toBe(2);
    return [answer.ad.adm, bid.adm];
  }

  it('parses in a player, with our impression beside the partner’s', async () => {
    for (const xml of await passedOn()) {
      const [ad] = await playedAds(xml);
      const impressions = must(ad, 'an ad').impressionUrls;
      expect(impressions.some((url) => /\/track\/imp\?t=/.test(url))).toBe(true);
      // The partner's own, with the price macro filled.
      expect(impressions.some((url) => /^https:\/\/px\.example\/imp\?p=\d/.test(url))).toBe(true);
    }
  });

  schemaIt('stays valid against the IAB XSD of VAST 4.2', async () => {
    for (const xml of await passedOn()) expect(await vastSchemaIssues(xml)).toEqual([]);
  });
});
