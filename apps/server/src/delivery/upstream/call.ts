/**
 * One call to an upstream partner over OpenRTB 2.6, within the time serving can spare: a
 * guarded POST over a kept-alive connection (transport.ts: URL guard, no redirects, body
 * cap, hard deadline, gzip) and the
 * same reading of the answer as the DSP test action, then the best bid as a PartnerBid.
 * Every failure is an outcome, never an exception: serving goes on with our own DSP.
 */
import { performance } from 'node:perf_hooks';
import {
  DspType,
  RejectReason,
  SERVING_CURRENCY,
  ZBidResponse,
  bidsOf,
  toMicros,
  type Bid,
  type BidRequest,
  type RejectReasonValue,
} from '@adloom/domain';
import { readAnswer } from '../../modules/dsp/openrtb.js';
import { MAX_RESPONSE_BYTES, type PostResult } from '../../modules/dsp/outbound.js';
import type { Resolver } from '../../modules/dsp/url-guard.js';
import type { PartnerOutcome } from '../ports.js';
import type { DspConfig, PartnerBid, PartnerFate } from '../types.js';
import { partnerCallHeaders } from './bid-request.js';
import { unitsText } from './macros.js';
import { postToPartner } from './transport.js';
import { bidProblem } from './validate.js';

// Serving fills a won bid's nurl and adm with the clearing price; it imports all from here.
export { fillAuctionMacros } from './macros.js';

/** A CPM above this many currency units is a broken bidder, not a price. */
export const MAX_PARTNER_PRICE = 1000;

export interface PartnerCallInput {
  dsp: DspConfig;
  body: BidRequest;
  /** What is left of the request's time for this call, ms. */
  deadlineMs: number;
  allowPrivate: boolean;
  /** DNS for the URL guard (tests); the system resolver otherwise. */
  resolve?: Resolver;
  /** The partner's share in the SSP strategy, carried into its fate. */
  permille?: number;
}

export interface PartnerCallResult {
  outcome: PartnerOutcome;
  /** The highest bid of the answer. */
  bid: PartnerBid | null;
  /** The highest bid for each impression, by the partner request's imp id. */
  bidsByImp: ReadonlyMap<string, PartnerBid>;
  /**
   * What the diagnosis shows. A bid's reason is `outbid` until the auction says otherwise:
   * the engine sets `served` for the winner and `bidBelowFloor` for a bid under the floor.
   */
  fate: PartnerFate;
  latencyMs: number;
}

const NO_BIDS: ReadonlyMap<string, PartnerBid> = new Map();

const REASONS: Record<PartnerOutcome, RejectReasonValue> = {
  bid: RejectReason.outbid,
  noBid: RejectReason.partnerNoBid,
  timeout: RejectReason.partnerTimeout,
  error: RejectReason.partnerError,
};

function result(
  input: PartnerCallInput,
  outcome: PartnerOutcome,
  detail: string,
  latencyMs: number,
  bid: PartnerBid | null = null,
  bidsByImp: ReadonlyMap<string, PartnerBid> = NO_BIDS,
): PartnerCallResult {
  return {
    outcome,
    bid,
    bidsByImp,
    latencyMs,
    fate: {
      dspId: input.dsp.id,
      permille: input.permille ?? 0,
      reason: REASONS[outcome],
      detail,
      latencyMs,
    },
  };
}

/** The highest-priced bid (the first of equals) and its seat. */
function highestBid(bids: ReturnType<typeof bidsOf>): { bid: Bid; seat: string | undefined } {
  return bids.reduce((best, candidate) =>
    candidate.bid.price > best.bid.price ? candidate : best,
  );
}

/** The partner's bid in our terms: eCPM after its share, fixed-price partners at their CPM. */
function partnerBidOf(
  dsp: DspConfig,
  bid: Bid,
  seat: string | undefined,
  bidId: string | undefined,
): PartnerBid {
  const rawPrice = toMicros(bid.price);
  const basis = dsp.type === DspType.fixed ? dsp.cpm : rawPrice;
  return {
    kind: 'partner',
    dsp,
    ecpm: Math.floor((basis * dsp.percent) / 1000),
    rawPrice,
    adm: bid.adm ?? '',
    nurl: bid.nurl ?? '',
    burl: bid.burl ?? '',
    lurl: bid.lurl ?? '',
    crid: bid.crid ?? '',
    adomain: bid.adomain ?? [],
    w: bid.w ?? 0,
    h: bid.h ?? 0,
    impId: bid.impid,
    ...(bidId ? { bidId } : {}),
    ...(seat ? { seat } : {}),
    ...(bid.adid ? { adId: bid.adid } : {}),
  };
}

function describeBid(dsp: DspConfig, bid: Bid, seat: string | undefined, won: PartnerBid): string {
  const price = `${unitsText(won.rawPrice)} ${SERVING_CURRENCY} CPM`;
  const from = [seat ? `seat ${seat}` : '', bid.crid ? `creative ${bid.crid}` : '']
    .filter(Boolean)
    .join(', ');
  const basis =
    dsp.type === DspType.fixed
      ? `; fixed CPM ${unitsText(dsp.cpm)} ${SERVING_CURRENCY}, ${unitsText(won.ecpm)} after the ${dsp.percent}‰ share`
      : `; ${unitsText(won.ecpm)} after the ${dsp.percent}‰ share`;
  return `Bid ${price}${from ? ` (${from})` : ''}${basis}`;
}

function readPartnerAnswer(
  input: PartnerCallInput,
  answer: PostResult,
  timeoutMs: number,
): PartnerCallResult {
  const { latencyMs } = answer;
  switch (answer.kind) {
    case 'timeout':
      return result(input, 'timeout', `No answer within ${timeoutMs} ms`, latencyMs);
    case 'refused':
      return result(input, 'error', `Not called: ${answer.message}`, latencyMs);
    case 'failed':
      return result(input, 'error', answer.message, latencyMs);
  }
  const text = answer.body.toString('utf8');
  const location = answer.headers.location;
  const reading = readAnswer(
    input.body,
    { status: answer.status, body: text, truncated: answer.truncated, location },
    MAX_RESPONSE_BYTES,
  );
  if (reading.outcome === 'noBid') return result(input, 'noBid', reading.message, latencyMs);
  if (reading.outcome !== 'bid') return result(input, 'error', reading.message, latencyMs);

  // readAnswer has accepted this body: it parses, is a BidResponse and holds bids.
  const response = ZBidResponse.parse(JSON.parse(text));
  const bids = bidsOf(response);
  const absurd = bids.find(({ bid }) => bid.price > MAX_PARTNER_PRICE)?.bid;
  if (absurd) {
    const detail = `Bid "${absurd.id}" has an absurd price ${absurd.price} ${SERVING_CURRENCY} CPM (more than ${MAX_PARTNER_PRICE})`;
    return result(input, 'error', detail, latencyMs);
  }
  const problems = bids.map(({ bid }) => bidProblem(bid, input.body));
  const valid = bids.filter((_, index) => problems[index] === null);
  if (valid.length === 0) {
    const [first] = bids;
    const detail = `Bid "${first?.bid.id ?? ''}" refused: it ${problems[0] ?? 'is not valid'}`;
    return result(input, 'error', detail, latencyMs);
  }
  const { bid, seat } = highestBid(valid);
  const partnerBid = partnerBidOf(input.dsp, bid, seat, response.bidid);
  const byImp = new Map<string, PartnerBid>();
  for (const impId of new Set(valid.map((entry) => entry.bid.impid))) {
    const best = highestBid(valid.filter((entry) => entry.bid.impid === impId));
    byImp.set(
      impId,
      best.bid === bid ? partnerBid : partnerBidOf(input.dsp, best.bid, best.seat, response.bidid),
    );
  }
  const detail = describeBid(input.dsp, bid, seat, partnerBid);
  return result(input, 'bid', detail, latencyMs, partnerBid, byImp);
}

/**
 * Calls the partner and reads its answer. The call gets the partner's own timeout, cut to
 * what the request has left (`deadlineMs`); 204, an empty answer or a no-bid reason is a
 * no-bid; lateness a timeout; anything broken an error with the reason in the fate's detail.
 */
export async function callPartner(input: PartnerCallInput): Promise<PartnerCallResult> {
  const started = performance.now();
  const timeoutMs = Math.floor(Math.min(input.dsp.timeoutMs, input.deadlineMs));
  if (!(timeoutMs > 0)) {
    return result(input, 'timeout', 'Not called: no time left in the request', 0);
  }
  try {
    const answer = await postToPartner(input.dsp.requestUrl, input.body, {
      timeoutMs,
      allowPrivate: input.allowPrivate,
      headers: partnerCallHeaders(input.dsp),
      gzip: input.dsp.config.gzip === true,
      ...(input.resolve ? { resolve: input.resolve } : {}),
    });
    return readPartnerAnswer(input, answer, timeoutMs);
  } catch (error) {
    // A request URL that does not parse, a header Node refuses: the partner's set-up.
    const message = error instanceof Error ? error.message : String(error);
    const latencyMs = Math.round(performance.now() - started);
    return result(input, 'error', `Failed: ${message}`, latencyMs);
  }
}
