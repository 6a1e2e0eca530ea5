/**
 * The delivery engine's HTTP entry points, outside the console's envelope:
 * - GET  /serve/ad          the SDK request (query of SERVE_AD_PARAMS) → ServeAdAnswer JSON;
 * - POST /openrtb2/auction  an OpenRTB 2.6 BidRequest from a media, an exchange or Prebid.js
 *                           → BidResponse, 204 on no bid, 400 naming the field of an invalid
 *                           request (readBidRequest: ZIncomingBidRequest's rules, by hand);
 * - POST /dsp/openrtb2      our own DSP as a bidder for external exchanges (no upstream);
 * - POST /cookie_sync, GET /setuid  user syncs in Prebid Server's formats (user-sync.ts);
 * - GET  /track/{imp,clk,win,bill}?t=…  counted once each, clicks redirect (302);
 * - GET  /track/loss?t=…&r=…   an OpenRTB caller's loss notice of our bid (relayed once);
 * - GET  /sellers.json      our media owners in IAB's sellers.json (http/sellers.ts).
 * The OpenRTB and sync endpoints share a transport of their own (openrtb-transport.ts: CORS,
 * content types, gzip, x-openrtb-version, OpenRTB error bodies). Bad SDK input answers the
 * console's validation envelope naming the field.
 */
import {
  AppError,
  COOKIE_SYNC_PATH,
  NO_BID_REASON,
  OPENRTB_AUCTION_PATH,
  OWN_DSP_PATH,
  SERVE_AD_PATH,
  SETUID_PATH,
  TMAX_RESERVE_MS,
  TRACK_PATHS,
  readBidRequest,
  type BidRequest,
  type TrackKindValue,
} from '@adloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CALLER_LOSS_PATH } from '../answer.js';
import type { DeliveryEngine } from '../engine.js';
import { answerCurrency, bidOf, floorPriced } from '../openrtb/bid.js';
import { ImpSpec, blocksOf, isPrivateAuction } from '../openrtb/imp.js';
import type { Channel } from '../types.js';
import { countryFromHeaders, fromBidRequest, fromServeFacts } from './requests.js';
import { parseServeQuery } from './serve-query.js';
import { refuse, registerPrebidFacing } from './openrtb-transport.js';
import { SELLERS_JSON_PATH, sellersJson } from './sellers.js';
import { PIXEL } from './pixel.js';
import { slotIdOf, slotReferenceOf } from './slot-reference.js';
import { cookieSync, cookieUidOf, partnerUidsOf, setUid } from './user-sync.js';
import {
  capsIdentityUnder,
  privacySignalsOf,
  privacyVerdict,
  serveVerdict,
} from '../upstream/privacy.js';
/**
 * Machine-to-machine JSON, images and redirects, outside the API docs. No browser security
 * headers: the ad routes' context has no helmet (app.ts), whose hooks cost every request.
 */
const ROUTE_OPTIONS = { schema: { hide: true } };

function originOf(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function contextOf(request: FastifyRequest) {
  return {
    ip: request.ip,
    ua: request.headers['user-agent'] ?? '',
    headerCountry: countryFromHeaders(request, request.server.config.trustProxy),
  };
}

async function auction(
  engine: DeliveryEngine,
  request: FastifyRequest,
  reply: FastifyReply,
  channel: Channel,
) {
  // null is absent (2.6); the transport has set x-openrtb-version and CORS already.
  const read = readBidRequest(request.body);
  if (!read.success) return refuse(reply, read.id, read.field, read.message);
  const bidRequest: BidRequest = read.data;
  // Less time than we keep for ourselves: a no-bid with its reason, nothing decided.
  if (bidRequest.tmax && bidRequest.tmax < TMAX_RESERVE_MS) {
    return reply.send({ id: bidRequest.id, nbr: NO_BID_REASON.insufficientAuctionTime });
  }
  const rates = await engine.currencyRates();
  const currency = answerCurrency(bidRequest, rates);
  if (!currency) {
    return reply.send({ id: bidRequest.id, seatbid: [], nbr: NO_BID_REASON.unsupportedCurrency });
  }
  // Private auctions only, and we hold no deals (openrtb/imp.ts): a no-bid with its reason.
  if (bidRequest.imp.every(isPrivateAuction)) {
    return reply.send({ id: bidRequest.id, seatbid: [], nbr: NO_BID_REASON.noDeal });
  }
  const origin = originOf(request);
  const context = { ...contextOf(request), cookieUid: cookieUidOf(request) };
  const slotCodes = await engine.slotCodes();
  const ownPrivacy = privacyVerdict(
    privacySignalsOf(bidRequest),
    request.server.config.gvlVendorId,
  );
  // badv and bcat hold for every impression: no bid with a blocked advertiser or category.
  const blocks = blocksOf(bidRequest);
  const impressions = bidRequest.imp.flatMap((imp, index) => {
    // What the impression takes decides which creatives may bid (openrtb/imp.ts).
    const spec = new ImpSpec(imp, blocks, read.natives[index]);
    if (!spec.answerable || !floorPriced(imp, rates)) return [];
    // The own DSP needs no slot of ours: an exchange's tagids are its own (decision/exchange.ts).
    const slotId = channel === 'dsp' ? 0 : slotIdOf(slotReferenceOf(imp), slotCodes);
    const facts = fromBidRequest(bidRequest, imp, channel, { ...context, slotId, rates });
    if (!facts) return [];
    // Our own caps obey the request's privacy signals as partners do (upstream/privacy.ts).
    const serveRequest = capsIdentityUnder(facts, ownPrivacy);
    serveRequest.fit = spec;
    return [{ imp, spec, serveRequest }];
  });
  // Each partner gets the auction's impressions it takes in one request (upstream/batch.ts).
  // Partners' own ids of this browser (their user syncs) go to them as user.buyeruid.
  const batch = engine.partnerBatch(bidRequest, impressions.length, partnerUidsOf(request));
  const won = await Promise.all(
    impressions.map(async ({ imp, spec, serveRequest }, index) => {
      const key = String(index);
      try {
        const served = await engine.serve(serveRequest, {
          origin,
          auction: { batch, key, imp },
        });
        return served.claims ? { imp, spec, served } : null;
      } finally {
        batch.pass(key);
      }
    }),
  );
  const bids = won.flatMap((entry) => {
    const bid = entry
      ? bidOf(entry.imp, entry.spec, entry.served, channel, origin, { currency, rates })
      : null;
    return bid ? [bid] : [];
  });
  if (bids.length === 0) return reply.code(204).send();
  // One seat for every advertiser of ours (docs/decisions/openrtb-answers.md).
  return reply.send({ id: bidRequest.id, seatbid: [{ seat: 'adloom', bid: bids }], cur: currency });
}

export function registerDeliveryRoutes(app: FastifyInstance, engine: () => DeliveryEngine): void {
  // The sellers our supply-chain node names (http/sellers.ts), for buyers to verify.
  app.get(SELLERS_JSON_PATH, ROUTE_OPTIONS, async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .send(await sellersJson(request.server.db)),
  );
  app.get(SERVE_AD_PATH, ROUTE_OPTIONS, async (request, reply) => {
    // The web SDK asks from the publisher's page, another origin, without credentials: its
    // refusals too must be readable there (the SDK reports the named field to onError).
    reply.header('access-control-allow-origin', '*');
    const parsed = parseServeQuery(request.query);
    if (!parsed.success) throw AppError.fields(parsed.issues);
    const facts = fromServeFacts(parsed.data, contextOf(request));
    // The page's consent rules our caps as it rules the partners' leg (upstream/privacy.ts).
    const serveRequest = facts.consent
      ? capsIdentityUnder(facts, serveVerdict(facts.consent, request.server.config.gvlVendorId))
      : facts;
    const served = await engine().serve(serveRequest, { origin: originOf(request) });
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(served.answerJson);
  });

  registerPrebidFacing(app, [
    {
      method: 'POST',
      url: OPENRTB_AUCTION_PATH,
      handler: (request, reply) => auction(engine(), request, reply, 'openrtb'),
    },
    {
      method: 'POST',
      url: OWN_DSP_PATH,
      handler: (request, reply) => auction(engine(), request, reply, 'dsp'),
    },
    {
      method: 'POST',
      url: COOKIE_SYNC_PATH,
      handler: async (request, reply) =>
        cookieSync(request, reply, originOf(request), await engine().syncPartners()),
    },
    {
      method: 'GET',
      url: SETUID_PATH,
      handler: async (request, reply) => setUid(request, reply, await engine().syncPartners()),
    },
  ]);

  const track = (kind: TrackKindValue) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.t === 'string' ? query.t : '';
    const price = typeof query.p === 'string' ? query.p : undefined;
    // The currency of a notice's price (our own DSP's answer in another currency, bid.ts).
    const currency = typeof query.c === 'string' ? query.c : undefined;
    const outcome = await engine().track(kind, token, {
      ...(price === undefined ? {} : { price }),
      ...(currency === undefined ? {} : { currency }),
    });
    reply.header('cache-control', 'no-store');
    if (kind === 'clk') {
      if (!outcome.redirect) {
        return reply.code(404).type('text/plain').send('This ad link is no longer valid.');
      }
      return reply.redirect(outcome.redirect, 302);
    }
    if (kind === 'imp') return reply.type('image/gif').send(PIXEL);
    return reply.code(204).send();
  };
  for (const [kind, path] of Object.entries(TRACK_PATHS) as [TrackKindValue, string][]) {
    app.get(path, ROUTE_OPTIONS, track(kind));
  }
  // Our bid's lurl: r = ${AUCTION_LOSS}, p = ${AUCTION_PRICE}, m = ${AUCTION_MIN_TO_WIN}.
  app.get(CALLER_LOSS_PATH, ROUTE_OPTIONS, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const given = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
    const notice = Object.fromEntries(
      Object.entries({
        reason: given('r'),
        price: given('p'),
        minToWin: given('m'),
        currency: given('c'),
      }).filter(([, value]) => value !== undefined),
    );
    await engine().callerLoss(given('t') ?? '', notice);
    return reply.header('cache-control', 'no-store').code(204).send();
  });
}
