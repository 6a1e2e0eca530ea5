/**
 * The DSP test action's protocol side: the OpenRTB 2.6 test bid request a partner gets
 * (the imp shaped by the partner's slot type), and what its answer means — a bid, a
 * no-bid, an error or something that is not a BidResponse (saying what was wrong).
 */
import { randomUUID } from 'node:crypto';
import {
  AdForm,
  NO_BID_REASONS,
  ZBidRequest,
  ZBidResponse,
  bidsOf,
  type BidRequest,
  type DspTestBid,
  type DspTestOutcome,
  type Imp,
} from '@adloom/domain';

export const TEST_CURRENCY = 'USD';
/** The floor of the test impression, in currency units (CPM). */
export const TEST_BID_FLOOR = 0.01;
/** A price above this (CPM, in currency units) is not a price. */
const MAX_PRICE = 1_000_000;

/** The Native 1.2 request of a feed slot: title, main image, description, icon. */
const NATIVE_REQUEST = {
  ver: '1.2',
  context: 1,
  plcmttype: 1,
  plcmtcnt: 1,
  assets: [
    { id: 1, required: 1, title: { len: 90 } },
    { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 314 } },
    { id: 3, required: 0, data: { type: 2, len: 140 } },
    { id: 4, required: 0, img: { type: 1, wmin: 80, hmin: 80 } },
  ],
  eventtrackers: [{ event: 1, methods: [1] }],
};

/** What the test impression offers, by the partner's slot type (AdForm). */
export function testImpFormat(slotType: number): Omit<Imp, 'id'> {
  switch (slotType) {
    case AdForm.interstitial:
      return {
        banner: {
          w: 320,
          h: 480,
          format: [
            { w: 320, h: 480 },
            { w: 480, h: 320 },
          ],
          pos: 7,
        },
        instl: 1,
      };
    case AdForm.splash:
      return { banner: { w: 1080, h: 1920, format: [{ w: 1080, h: 1920 }], pos: 7 }, instl: 1 };
    case AdForm.feed:
      return { native: { request: JSON.stringify(NATIVE_REQUEST), ver: '1.2' } };
    case AdForm.rewardedVideo:
      return {
        video: {
          mimes: ['video/mp4'],
          minduration: 5,
          maxduration: 30,
          protocols: [2, 3, 5, 6, 7, 8],
          w: 1080,
          h: 1920,
          // Plcmt subtype 3: interstitial (a full-screen rewarded video).
          plcmt: 3,
        },
        instl: 1,
        rwdd: 1,
      };
    default:
      // Banner and "unlimited": the common mobile banner sizes.
      return {
        banner: {
          w: 320,
          h: 50,
          format: [
            { w: 320, h: 50 },
            { w: 300, h: 250 },
          ],
        },
      };
  }
}

/** A well-formed OpenRTB 2.6 test bid request (test = 1: nothing is bought). */
export function buildTestBidRequest(dsp: {
  id: number;
  slotType: number;
  timeoutMs: number;
}): BidRequest {
  const request = {
    id: randomUUID(),
    imp: [
      {
        id: '1',
        tagid: `adloom-test-${dsp.id}`,
        bidfloor: TEST_BID_FLOOR,
        bidfloorcur: TEST_CURRENCY,
        secure: 1 as const,
        ...testImpFormat(dsp.slotType),
      },
    ],
    app: {
      id: 'adloom-test-app',
      name: 'Adloom Test App',
      bundle: 'com.adloom.test',
      storeurl: 'https://play.google.com/store/apps/details?id=com.adloom.test',
      ver: '1.0.0',
      publisher: { id: 'adloom', name: 'Adloom' },
    },
    device: {
      ua:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/124.0.0.0 Mobile Safari/537.36',
      // A documentation address (RFC 5737): a test request stands for no real person.
      ip: '203.0.113.7',
      os: 'android',
      osv: '14',
      make: 'Google',
      model: 'Pixel 8',
      devicetype: 4,
      connectiontype: 2,
      language: 'en',
      geo: { country: 'USA' },
    },
    user: { id: randomUUID() },
    source: { tid: randomUUID() },
    at: 1,
    tmax: dsp.timeoutMs,
    test: 1 as const,
    cur: [TEST_CURRENCY],
  };
  // Built to the schema the delivery engine reads: a wrong field fails here, not upstream.
  return ZBidRequest.parse(request);
}

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
  const currency = response.cur ?? TEST_CURRENCY;
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
