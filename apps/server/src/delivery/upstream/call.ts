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
  normalCurrency,
  rateOf,
  toMicros,
  toUsdMicros,
  type Bid,
  type BidRejectionValue,
  type BidRequest,
  type RateTable,
  type RejectReasonValue,
} from '@adloom/domain';
import { readAnswer } from '../../outbound/partner-answer.js';
import { MAX_RESPONSE_BYTES, type PostResult } from '../../outbound/http.js';
import type { Resolver } from '../../outbound/url-guard.js';
import type { PartnerOutcome } from '../ports.js';
import type { DspConfig, PartnerBid, PartnerFate } from '../types.js';
import { partnerCallHeaders } from './bid-request.js';
import { unitsText } from './macros.js';
import { postToPartner } from './transport.js';
import { bidRefusal, currencyRefusal, type BidRefusal } from './validate.js';

// Serving fills a won bid's nurl and adm with the clearing price; it imports all from here.
export { fillAuctionMacros } from './macros.js';

/** A CPM above this many US dollars is a broken bidder, not a price. */
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
  /** Currency rates for bids in other currencies (the snapshot's); US dollars only without. */
  rates?: RateTable;
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
  /** The answer's bids refused before our auction, one reason each (partner health). */
  rejections: readonly BidRejectionValue[];
}

const NO_REJECTIONS: readonly BidRejectionValue[] = Object.freeze([]);
const NO_RATES: RateTable = new Map();

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
  rejections: readonly BidRejectionValue[] = NO_REJECTIONS,
): PartnerCallResult {
  return {
    outcome,
    bid,
    bidsByImp,
    latencyMs,
    rejections,
    fate: {
      dspId: input.dsp.id,
      permille: input.permille ?? 0,
      reason: REASONS[outcome],
      detail,
      latencyMs,
    },
  };
}

/** The highest-priced bid (the first of equals). */
function highestPriced(bids: readonly PricedBid[]): PricedBid {
  return bids.reduce((best, candidate) =>
    candidate.usdMicros > best.usdMicros ? candidate : best,
  );
}

/** A priced bid of the answer: its price in US dollar micros, the currency it came in. */
interface PricedBid {
  bid: Bid;
  seat: string | undefined;
  /** The bid's price converted to US dollars, micros per mille (rounded down). */
  usdMicros: number;
}

/** The partner's bid in our terms: eCPM after its share, fixed-price partners at their CPM. */
function partnerBidOf(
  dsp: DspConfig,
  priced: PricedBid,
  bidId: string | undefined,
  currency: PartnerBid['currency'],
): PartnerBid {
  const { bid, seat } = priced;
  const rawPrice = priced.usdMicros;
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
    ...(currency ? { currency } : {}),
    ...(bidId ? { bidId } : {}),
    ...(seat ? { seat } : {}),
    ...(bid.adid ? { adId: bid.adid } : {}),
  };
}

function describeBid(dsp: DspConfig, bid: Bid, seat: string | undefined, won: PartnerBid): string {
  const price = won.currency
    ? `${bid.price} ${won.currency.code} CPM (${unitsText(won.rawPrice)} ${SERVING_CURRENCY})`
    : `${unitsText(won.rawPrice)} ${SERVING_CURRENCY} CPM`;
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
  // Any currency is read: the rate table decides below (docs/decisions/currencies.md).
  const reading = readAnswer(
    input.body,
    { status: answer.status, body: text, truncated: answer.truncated, location },
    MAX_RESPONSE_BYTES,
    { anyCurrency: true },
  );
  if (reading.outcome === 'noBid') return result(input, 'noBid', reading.message, latencyMs);
  if (reading.outcome !== 'bid') return result(input, 'error', reading.message, latencyMs);

  // readAnswer has accepted this body: it parses, is a BidResponse and holds bids.
  const response = ZBidResponse.parse(JSON.parse(text));
  const bids = bidsOf(response);
  const rates = input.rates ?? NO_RATES;
  const wrongCurrency = currencyRefusal(response.cur, rates);
  if (wrongCurrency) {
    const [first] = bids;
    const detail = `Bid "${first?.bid.id ?? ''}" refused: it ${wrongCurrency.text}`;
    const reasons = bids.map(() => wrongCurrency.reason);
    return result(input, 'error', detail, latencyMs, null, NO_BIDS, reasons);
  }
  const code = normalCurrency(response.cur ?? SERVING_CURRENCY);
  const rate = rateOf(rates, code);
  const currency =
    code !== SERVING_CURRENCY && rate !== undefined ? { code, perUsdMicros: rate } : undefined;
  const priced: PricedBid[] = bids.map(({ bid, seat }) => ({
    bid,
    seat,
    usdMicros: bid.price > 0 ? (toUsdMicros(toMicros(bid.price), code, rates) ?? 0) : 0,
  }));
  const absurd = priced.find(({ usdMicros }) => usdMicros > MAX_PARTNER_PRICE * 1_000_000);
  if (absurd) {
    const detail = `Bid "${absurd.bid.id}" has an absurd price ${absurd.bid.price} ${code} CPM (more than ${MAX_PARTNER_PRICE} ${SERVING_CURRENCY})`;
    const reasons = bids.map((): BidRejectionValue => 'absurdPrice');
    return result(input, 'error', detail, latencyMs, null, NO_BIDS, reasons);
  }
  const problems = priced.map(
    (entry): BidRefusal | null =>
      bidRefusal(entry.bid, input.body) ??
      // A price so small it converts to nothing is no price.
      (entry.usdMicros > 0 ? null : { reason: 'noPrice', text: 'has no price above 0' }),
  );
  const rejections = problems.flatMap((problem) => (problem ? [problem.reason] : []));
  const valid = priced.filter((_, index) => problems[index] === null);
  if (valid.length === 0) {
    const [first] = bids;
    const detail = `Bid "${first?.bid.id ?? ''}" refused: it ${problems[0]?.text ?? 'is not valid'}`;
    return result(input, 'error', detail, latencyMs, null, NO_BIDS, rejections);
  }
  const best = highestPriced(valid);
  const partnerBid = partnerBidOf(input.dsp, best, response.bidid, currency);
  const byImp = new Map<string, PartnerBid>();
  for (const impId of new Set(valid.map((entry) => entry.bid.impid))) {
    const top = highestPriced(valid.filter((entry) => entry.bid.impid === impId));
    byImp.set(
      impId,
      top === best ? partnerBid : partnerBidOf(input.dsp, top, response.bidid, currency),
    );
  }
  const detail = describeBid(input.dsp, best.bid, best.seat, partnerBid);
  return result(input, 'bid', detail, latencyMs, partnerBid, byImp, rejections);
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
