/**
 * The demo's demand partners (docs/decisions/demo-data.md): OpenRTB bidders answered inside
 * this process, on hosts under `.invalid` that never resolve. The demo backfill calls them
 * before the server listens, and a server started with SEED_DEMO keeps answering them, so the
 * seeded SSP strategies of the demo's news media keep partner demand live. Each bids on a
 * share of the calls within a price range, and now and then answers too late; its latency is
 * made up (nothing waits).
 */
import type { BidRequest } from '@adloom/domain';
import type { PostResult } from '../../outbound/http.js';
import { answerInProcess } from '../upstream/transport.js';
import { createRandom, randomHex, type Random } from './random.js';

export interface DemoPartner {
  name: string;
  /** Where its bid requests go: only the origin is matched (an `.invalid` host). */
  requestUrl: string;
  /** Share of calls it bids on. */
  bidRate: number;
  /** Share of calls it answers too late (a timeout in partner health). */
  lateRate: number;
  /** Its bids' CPM, US dollars, from–to. */
  price: readonly [number, number];
  /** Its made-up answer time, ms, from–to. */
  latencyMs: readonly [number, number];
  seat: string;
  advertiserDomain: string;
  /** What its ads say (the markup's text). */
  headline: string;
  colour: string;
}

export const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    name: 'Northstar DSP (demo)',
    requestUrl: 'https://bid.northstar-dsp.invalid/openrtb2/auction',
    bidRate: 0.8,
    lateRate: 0.02,
    price: [0.9, 2.6],
    latencyMs: [35, 110],
    seat: 'northstar',
    advertiserDomain: 'northstar-shoes.example',
    headline: 'Northstar running shoes — 20 % off this week',
    colour: '#1d4ed8',
  },
  {
    name: 'BlueOcean Exchange (demo)',
    requestUrl: 'https://rtb.blueocean-exchange.invalid/bid',
    bidRate: 0.6,
    lateRate: 0.05,
    price: [0.6, 1.9],
    latencyMs: [60, 180],
    seat: 'blueocean',
    advertiserDomain: 'blueocean-cruises.example',
    headline: 'BlueOcean cruises: the Mediterranean from 499',
    colour: '#0e7490',
  },
  {
    name: 'Velvet Media Demand (demo)',
    requestUrl: 'https://openrtb.velvet-media.invalid/v2/bid',
    bidRate: 0.45,
    lateRate: 0.01,
    price: [1.6, 4.2],
    latencyMs: [25, 80],
    seat: 'velvet',
    advertiserDomain: 'velvet-cosmetics.example',
    headline: 'Velvet: the new autumn colours',
    colour: '#9d174d',
  },
];

const between = (random: Random, [from, to]: readonly [number, number]) =>
  from + (to - from) * random();

/** Self-contained markup (no resource loaded from anywhere): a coloured card with a link. */
function markupOf(partner: DemoPartner): string {
  return (
    `<a href="https://${partner.advertiserDomain}/" target="_blank" rel="noopener" ` +
    `style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;` +
    `min-height:50px;background:${partner.colour};color:#fff;font:600 14px sans-serif;` +
    `text-decoration:none;text-align:center;padding:4px">${partner.headline}</a>`
  );
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** One partner's answer to a bid request: a bid on each impression it wants, or none. */
export function demoPartnerAnswer(
  partner: DemoPartner,
  request: BidRequest,
  random: Random,
): PostResult {
  const latencyMs = Math.round(between(random, partner.latencyMs));
  if (random() < partner.lateRate) return { kind: 'timeout', latencyMs };
  const bids = request.imp
    .filter(() => random() < partner.bidRate)
    .map((imp) => {
      const floor = imp.bidfloor ?? 0;
      // Two decimals, above the impression's floor when it names one.
      const price = Math.max(
        Math.round(between(random, partner.price) * 100) / 100,
        Math.ceil(floor * 110) / 100,
      );
      return {
        id: randomHex(random, 12),
        impid: imp.id,
        price,
        adm: markupOf(partner),
        crid: `${partner.seat}-autumn`,
        adomain: [partner.advertiserDomain],
        ...(imp.banner?.w && imp.banner.h ? { w: imp.banner.w, h: imp.banner.h } : {}),
      };
    });
  if (bids.length === 0)
    return {
      kind: 'answered',
      status: 204,
      headers: {},
      body: Buffer.alloc(0),
      truncated: false,
      latencyMs,
    };
  return {
    kind: 'answered',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: json({ id: request.id, cur: 'USD', seatbid: [{ seat: partner.seat, bid: bids }] }),
    truncated: false,
    latencyMs,
  };
}

/**
 * Answers the demo partners' calls in this process from now on (seeded: the same answers for
 * the same calls); the returned function stops it.
 */
export function answerDemoPartners(seed = 7): () => void {
  const stops = DEMO_PARTNERS.map((partner, index) => {
    const random = createRandom(seed + index);
    return answerInProcess(new URL(partner.requestUrl).origin, (body) =>
      demoPartnerAnswer(partner, body as BidRequest, random),
    );
  });
  return () => {
    for (const stop of stops) stop();
  };
}
