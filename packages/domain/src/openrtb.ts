/**
 * The OpenRTB 2.6 objects Adloom sends and reads, as zod schemas: only the fields we use,
 * every object loose so that the rest (`ext`, fields of later minor versions) passes
 * through untouched. Used by the DSP test action (issue 6) and the delivery engine's
 * upstream calls (issue 7).
 */
import { z } from 'zod';

/** The protocol version we speak, also sent as the `x-openrtb-version` header. */
export const OPENRTB_VERSION = '2.6';

const ZNonNegative = z.number().finite().min(0);
/** Sizes, durations and times: 2.6 has no negative ones. */
const ZCount = z.number().int().min(0);
/** A 0/1 flag's refusal; a peer reads it in English (openRtbIssueText). */
export const OPENRTB_FLAG_MESSAGE = 'must be 0 or 1';
const ZFlag = z.union([z.literal(0), z.literal(1)], { message: OPENRTB_FLAG_MESSAGE });

/** A banner size, or a Flex size (`wratio`/`hratio`, at least `wmin` wide) without w/h. */
export const ZFormat = z.looseObject({
  w: ZCount.optional(),
  h: ZCount.optional(),
  wratio: ZCount.optional(),
  hratio: ZCount.optional(),
  wmin: ZCount.optional(),
});

export const ZBanner = z.looseObject({
  w: ZCount.optional(),
  h: ZCount.optional(),
  format: z.array(ZFormat).optional(),
  /** Ad position (List: Placement Positions); 7 = full screen. */
  pos: z.number().int().optional(),
});

export const ZVideo = z.looseObject({
  mimes: z.array(z.string()).min(1),
  minduration: ZCount.optional(),
  maxduration: ZCount.optional(),
  protocols: z.array(z.number().int()).optional(),
  w: ZCount.optional(),
  h: ZCount.optional(),
  /** 2.6 placement subtype (List: Plcmt Subtypes - Video): 1 instream, 2 accompanying content, 3 interstitial, 4 standalone. */
  plcmt: z.number().int().optional(),
});

export const ZAudio = z.looseObject({
  mimes: z.array(z.string()).min(1),
  minduration: ZCount.optional(),
  maxduration: ZCount.optional(),
});

export const ZNative = z.looseObject({
  /** The Native Ad request (Native 1.2), as a JSON string. */
  request: z.string(),
  ver: z.string().optional(),
});

export const ZImp = z.looseObject({
  id: z.string().min(1),
  tagid: z.string().optional(),
  bidfloor: ZNonNegative.optional(),
  bidfloorcur: z.string().optional(),
  banner: ZBanner.optional(),
  video: ZVideo.optional(),
  audio: ZAudio.optional(),
  native: ZNative.optional(),
  instl: ZFlag.optional(),
  /** 2.6: the user is rewarded for watching. */
  rwdd: ZFlag.optional(),
  secure: ZFlag.optional(),
});

export const ZPublisher = z.looseObject({ id: z.string().optional(), name: z.string().optional() });

export const ZApp = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  bundle: z.string().optional(),
  storeurl: z.string().optional(),
  ver: z.string().optional(),
  publisher: ZPublisher.optional(),
});

export const ZSite = z.looseObject({
  id: z.string().optional(),
  domain: z.string().optional(),
  page: z.string().optional(),
  publisher: ZPublisher.optional(),
});

export const ZGeo = z.looseObject({
  /** ISO 3166-1 alpha-3. */
  country: z.string().optional(),
});

export const ZDevice = z.looseObject({
  ua: z.string().optional(),
  ip: z.string().optional(),
  ipv6: z.string().optional(),
  os: z.string().optional(),
  osv: z.string().optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  /** List: Device Types; 4 = phone. */
  devicetype: z.number().int().optional(),
  /** List: Connection Types; 2 = Wi-Fi. */
  connectiontype: z.number().int().optional(),
  language: z.string().optional(),
  ifa: z.string().optional(),
  geo: ZGeo.optional(),
});

export const ZUser = z.looseObject({
  id: z.string().optional(),
  /** The buyer's own id for this user, learnt in a user sync (ours on /dsp/openrtb2). */
  buyeruid: z.string().optional(),
});

/** 2.6: a digital out-of-home screen, the third kind of distribution channel. */
export const ZDooh = z.looseObject({ id: z.string().optional() });

export const ZSource = z.looseObject({ tid: z.string().optional() });

export const ZBidRequest = z.looseObject({
  id: z.string().min(1),
  imp: z.array(ZImp).min(1),
  app: ZApp.optional(),
  site: ZSite.optional(),
  dooh: ZDooh.optional(),
  device: ZDevice.optional(),
  user: ZUser.optional(),
  source: ZSource.optional(),
  /** Auction type: 1 first price, 2 second price plus. */
  at: z.number().int().optional(),
  /** The time the exchange allows for bids, in ms. */
  tmax: ZCount.optional(),
  test: ZFlag.optional(),
  cur: z.array(z.string()).optional(),
});
export type BidRequest = z.infer<typeof ZBidRequest>;
export type Imp = z.infer<typeof ZImp>;

export const ZBid = z.looseObject({
  id: z.string().min(1),
  impid: z.string().min(1),
  /** CPM in the response's currency. */
  price: ZNonNegative,
  adid: z.string().optional(),
  nurl: z.string().optional(),
  burl: z.string().optional(),
  lurl: z.string().optional(),
  adm: z.string().optional(),
  adomain: z.array(z.string()).optional(),
  bundle: z.string().optional(),
  iurl: z.string().optional(),
  cid: z.string().optional(),
  crid: z.string().optional(),
  w: z.number().int().optional(),
  h: z.number().int().optional(),
  dealid: z.string().optional(),
  /** 2.6 markup type: 1 banner, 2 video, 3 audio, 4 native. */
  mtype: z.number().int().optional(),
});
export type Bid = z.infer<typeof ZBid>;

export const ZSeatBid = z.looseObject({
  bid: z.array(ZBid),
  seat: z.string().optional(),
  group: ZFlag.optional(),
});

export const ZBidResponse = z.looseObject({
  /** The id of the bid request this answers. */
  id: z.string(),
  seatbid: z.array(ZSeatBid).optional(),
  bidid: z.string().optional(),
  cur: z.string().optional(),
  /** No-bid reason (List: No-Bid Reason Codes). */
  nbr: z.number().int().optional(),
});
export type BidResponse = z.infer<typeof ZBidResponse>;

/** OpenRTB 2.6 List: No-Bid Reason Codes. */
export const NO_BID_REASONS: Readonly<Record<number, string>> = {
  0: 'Unknown Error',
  1: 'Technical Error',
  2: 'Invalid Request',
  3: 'Known Web Crawler',
  4: 'Suspected Non-Human Traffic',
  5: 'Cloud, Data Center, or Proxy IP',
  6: 'Unsupported Device',
  7: 'Blocked Publisher or Site',
  8: 'Unmatched User',
  9: 'Daily User Cap Met',
  10: 'Daily Domain Cap Met',
  11: 'Ads.txt Authorization Unavailable',
  12: 'Ads.txt Authorization Violation',
  13: 'Ads.cert Authentication Unavailable',
  14: 'Ads.cert Authentication Violation',
  15: 'Insufficient Auction Time',
  16: 'Incomplete SupplyChain',
  17: 'Blocked SupplyChain Node',
  /** Exchange-specific (500+): we price in US dollars and the request allows none. */
  500: 'Unsupported Currency',
  /** Exchange-specific: every impression is a private auction and we hold none of its deals. */
  501: 'No Deal for This Buyer',
};

/** The No-Bid Reason Codes we answer with, by name. */
export const NO_BID_REASON = {
  unknown: 0,
  technicalError: 1,
  invalidRequest: 2,
  insufficientAuctionTime: 15,
  unsupportedCurrency: 500,
  noDeal: 501,
} as const;

/** Every bid of a response, seat by seat. */
export function bidsOf(response: BidResponse): { seat: string | undefined; bid: Bid }[] {
  return (response.seatbid ?? []).flatMap((seatbid) =>
    seatbid.bid.map((bid) => ({ seat: seatbid.seat, bid })),
  );
}
