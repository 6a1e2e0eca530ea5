/**
 * What a demand partner's HTTP answer to an OpenRTB 2.6 bid request means — a bid, a
 * no-bid, an error or something that is not a BidResponse (saying what was wrong). Read the
 * same for the DSP test action and the delivery engine's partner calls.
 */
import {
  NO_BID_REASONS,
  ZBidResponse,
  bidsOf,
  type BidRequest,
  type DspTestBid,
  type DspTestOutcome,
} from '@adloom/domain';

/** OpenRTB 2.6: an answer without `cur` is in US dollars. */
const OPENRTB_DEFAULT_CURRENCY = 'USD';
/** A price above this (CPM, in currency units) is not a price. */
const MAX_PRICE = 1_000_000;

export interface AnswerReading {
  outcome: DspTestOutcome;
  message: string;
  bid: DspTestBid | null;
}

const MAX_ISSUES = 5;

function issuesText(issues: { path: PropertyKey[]; message: string }[]): string {
  const shown = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return shown.join('; ') + more;
}

const invalid = (message: string): AnswerReading => ({ outcome: 'invalid', message, bid: null });
const noBid = (message: string): AnswerReading => ({ outcome: 'noBid', message, bid: null });

/** How an answer is read: the delivery engine converts currencies itself (upstream/call.ts). */
export interface ReadOptions {
  /** Take an answer in any currency, not only one of the request's `cur`. */
  anyCurrency?: boolean;
}

/** What an HTTP 200 answer's body says. */
function readBidResponse(
  request: BidRequest,
  text: string,
  options: ReadOptions = {},
): AnswerReading {
  if (text.trim() === '') {
    return noBid('No bid: HTTP 200 with an empty body (HTTP 204 is the usual no-bid answer)');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return invalid(`Not JSON: ${(error as Error).message}`);
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    if (Object.keys(json).length === 0) return noBid('No bid: an empty JSON object');
  }
  const parsed = ZBidResponse.safeParse(json);
  if (!parsed.success) {
    return invalid(`Not an OpenRTB 2.6 BidResponse: ${issuesText(parsed.error.issues)}`);
  }
  const response = parsed.data;
  if (response.id !== request.id) {
    return invalid(`The answer's id "${response.id}" is not the request's id "${request.id}"`);
  }
  const bids = bidsOf(response);
  if (bids.length === 0) {
    const reason =
      response.nbr === undefined
        ? ''
        : ` (reason ${response.nbr}: ${NO_BID_REASONS[response.nbr] ?? 'unknown code'})`;
    return noBid(`No bid: the answer holds no seatbid${reason}`);
  }
  if (
    !options.anyCurrency &&
    response.cur !== undefined &&
    !(request.cur ?? []).includes(response.cur)
  ) {
    return invalid(
      `The answer's currency ${response.cur} is not one the request allowed (${(request.cur ?? []).join(', ')})`,
    );
  }
  const impIds = new Set(request.imp.map((imp) => imp.id));
  for (const { bid } of bids) {
    if (!impIds.has(bid.impid)) {
      return invalid(`Bid "${bid.id}" names impid "${bid.impid}", which the request does not have`);
    }
    if (bid.price > MAX_PRICE)
      return invalid(`Bid "${bid.id}" has an impossible price ${bid.price}`);
  }
  const [first] = bids as [(typeof bids)[number]];
  const price = Math.round(first.bid.price * 1_000_000);
  const currency = response.cur ?? OPENRTB_DEFAULT_CURRENCY;
  return {
    outcome: 'bid',
    message:
      `Bid ${first.bid.price} ${currency} CPM` +
      (first.seat ? ` from seat ${first.seat}` : '') +
      (bids.length > 1 ? ` (${bids.length} bids in all)` : ''),
    bid: {
      id: first.bid.id,
      impid: first.bid.impid,
      price,
      crid: first.bid.crid ?? null,
      seat: first.seat ?? null,
      adomain: first.bid.adomain ?? [],
      adm_size: Buffer.byteLength(first.bid.adm ?? '', 'utf8'),
      bid_count: bids.length,
    },
  };
}

/** What a partner's HTTP answer means. */
export function readAnswer(
  request: BidRequest,
  answer: { status: number; body: string; truncated: boolean; location?: string | undefined },
  maxBytes: number,
  options: ReadOptions = {},
): AnswerReading {
  const { status } = answer;
  if (status === 204) return noBid('No bid (HTTP 204)');
  if (status >= 300 && status < 400) {
    const where = answer.location ? ` to ${answer.location}` : '';
    return {
      outcome: 'error',
      message: `HTTP ${status}: redirect${where} not followed (partners must answer at their URL)`,
      bid: null,
    };
  }
  if (status !== 200) {
    return {
      outcome: 'error',
      message:
        status >= 200 && status < 300
          ? `HTTP ${status}: expected 200 with a BidResponse or 204 for no bid`
          : `HTTP ${status}`,
      bid: null,
    };
  }
  if (answer.truncated) {
    return invalid(`The answer is larger than ${Math.round(maxBytes / 1024)} KB`);
  }
  return readBidResponse(request, answer.body, options);
}
