/**
 * The delivery engine's HTTP entry points, outside the console's envelope:
 * - GET  /serve/ad          the SDK request (query of SERVE_AD_PARAMS) → ServeAdAnswer JSON;
 * - POST /openrtb2/auction  an OpenRTB 2.6 BidRequest from a media or exchange → BidResponse,
 *                           204 on no bid, 400 on a malformed request;
 * - POST /dsp/openrtb2      our own DSP as a bidder for external exchanges (no upstream);
 * - GET  /track/{imp,clk,win,bill}?t=…  counted once each, clicks redirect (302).
 * Bad SDK input answers the console's validation envelope naming the field.
 */
import {
  AppError,
  OPENRTB_AUCTION_PATH,
  OPENRTB_VERSION,
  OWN_DSP_PATH,
  SERVE_AD_PATH,
  SERVING_CURRENCY,
  TRACK_PATHS,
  ZBidRequest,
  fromMicros,
  type BidRequest,
  type TrackKindValue,
} from '@adloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownMarkup } from '../answer.js';
import { answerOf, type DeliveryEngine, type Served } from '../engine.js';
import type { Channel } from '../types.js';
import { countryFromHeaders, formatOf, fromBidRequest, fromServeFacts } from './requests.js';
import { parseServeQuery } from './serve-query.js';

/** A 1×1 transparent GIF: what an impression pixel answers. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/**
 * Machine-to-machine JSON, images and redirects, outside the API docs. No browser security
 * headers: the ad routes' context has no helmet (app.ts), whose hooks cost every request.
 */
const ROUTE_OPTIONS = { schema: { hide: true } };

/** The most impressions of one BidRequest we decide. */
const MAX_IMPS = 10;

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

function openRtbError(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .header('x-openrtb-version', OPENRTB_VERSION)
    .send({ error: 'Invalid bid request', message });
}

async function auction(
  engine: DeliveryEngine,
  request: FastifyRequest,
  reply: FastifyReply,
  channel: Channel,
) {
  const parsed = ZBidRequest.safeParse(request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return openRtbError(
      reply,
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const bidRequest: BidRequest = parsed.data;
  const origin = originOf(request);
  const context = contextOf(request);
  const imps = bidRequest.imp.slice(0, MAX_IMPS);
  const won = await Promise.all(
    imps.map(async (imp) => {
      const serveRequest = fromBidRequest(bidRequest, imp, channel, context);
      if (!serveRequest) return null;
      const served = await engine.serve(serveRequest, { origin });
      return served.claims ? { imp, served } : null;
    }),
  );
  const bids = won.flatMap((entry) => {
    const bid = entry ? bidOf(entry.imp, entry.served, channel, origin) : null;
    return bid ? [bid] : [];
  });
  reply.header('x-openrtb-version', OPENRTB_VERSION);
  if (bids.length === 0) return reply.code(204).send();
  return reply.send({
    id: bidRequest.id,
    seatbid: [{ seat: 'adloom', bid: bids }],
    cur: SERVING_CURRENCY,
  });
}

function bidOf(imp: BidRequest['imp'][number], served: Served, channel: Channel, origin: string) {
  const { decision, urls, claims } = served;
  const winner = decision.winner;
  if (!winner || !urls || !claims) return null;
  const format = formatOf(imp);
  const mtype = format === 'video' ? 2 : format === 'native' ? 4 : 1;
  const common = {
    id: claims.id,
    impid: imp.id,
    price: fromMicros(decision.price),
    mtype,
  };
  if (winner.kind === 'partner') {
    const answer = answerOf(served);
    const ad = answer.fill ? answer.ad : undefined;
    return {
      ...common,
      adm: ad?.adm ?? '',
      ...(served.noticeUrl ? { nurl: served.noticeUrl } : {}),
      crid: winner.crid,
      adomain: [...winner.adomain],
      ...(winner.w ? { w: winner.w } : {}),
      ...(winner.h ? { h: winner.h } : {}),
    };
  }
  const { creative, plan } = winner;
  return {
    ...common,
    adm: ownMarkup(origin, creative, urls, format),
    // An exchange buying from our own DSP tells us its price through these macros.
    ...(channel === 'dsp'
      ? { nurl: `${urls.win}&p=\${AUCTION_PRICE}`, burl: `${urls.bill}&p=\${AUCTION_PRICE}` }
      : {}),
    adid: String(creative.id),
    crid: String(creative.id),
    cid: String(plan.id),
    ...(creative.appPackage ? { bundle: creative.appPackage } : {}),
    ...(creative.width ? { w: creative.width, h: creative.height } : {}),
  };
}

export function registerDeliveryRoutes(app: FastifyInstance, engine: () => DeliveryEngine): void {
  app.get(SERVE_AD_PATH, ROUTE_OPTIONS, async (request, reply) => {
    const parsed = parseServeQuery(request.query);
    if (!parsed.success) throw new AppError('validation', undefined, parsed.issues);
    const served = await engine().serve(fromServeFacts(parsed.data, contextOf(request)), {
      origin: originOf(request),
    });
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(served.answerJson);
  });

  app.post(OPENRTB_AUCTION_PATH, ROUTE_OPTIONS, (request, reply) =>
    auction(engine(), request, reply, 'openrtb'),
  );
  app.post(OWN_DSP_PATH, ROUTE_OPTIONS, (request, reply) =>
    auction(engine(), request, reply, 'dsp'),
  );

  const track = (kind: TrackKindValue) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.t === 'string' ? query.t : '';
    const price = typeof query.p === 'string' ? query.p : undefined;
    const outcome = await engine().track(kind, token, price === undefined ? {} : { price });
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
}
