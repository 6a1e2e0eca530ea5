/**
 * What the delivery engine's modules share (engine.ts wires them): the parts each works with,
 * the results the entry points read, and the helpers that make and read a served ad's token
 * claims. serve and the partner leg (engine-serve.ts, engine-partner.ts) answer, the tracker
 * (engine-track.ts) counts and bills what the tracking URLs report.
 */
import type { ServeAdAnswer, Imp, NoFillReasonValue } from '@adloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ownAnswer, type PreparedAd, type TrackingUrls } from './answer.js';
import type { AuctionSample } from './auction-sample.js';
import type { DayClock } from './holds.js';
import type { MonitorPinger } from './monitors.js';
import type { Accounting, BilledEvent, EventDims, StateStore } from './ports.js';
import type { TokenSigner, TrackingClaims } from './tracking/token.js';
import type {
  Decision,
  OwnBid,
  PartnerBid,
  PartnerFate,
  ServeRequest,
  SlotConfig,
  Snapshot,
  UserHistory,
} from './types.js';
import type { SellerIdentity } from './upstream/bid-request.js';
import type { PartnerBatch } from './upstream/batch.js';
import type { BillingNoticeStore } from './upstream/billing-notices.js';
import type { AuctionMacroValues } from './upstream/macros.js';
import type { NoticeQueue } from './upstream/notices.js';

/** The engine's parts, as its modules use them (one set per engine). */
export interface EngineParts {
  signer: TokenSigner;
  store: StateStore;
  accounting: Accounting;
  /** Which live requests count their losing entrants. */
  auctionSample: AuctionSample;
  monitors: MonitorPinger;
  /** Partner nurl, burl and lurl, fired off the answer's path. */
  notices: NoticeQueue;
  /** Partner notices kept by token id until the event that fires them (Redis or memory). */
  billingNotices: BillingNoticeStore;
  now: () => number;
  /** 0 ≤ x < 1: the SSP strategy's traffic draw. */
  random: () => number;
  allowPrivate: boolean;
  /** Our node in the supply chains partners get (SELLER_DOMAIN). */
  seller: SellerIdentity | undefined;
  days: DayClock;
  /** This process's journal instance: the owner of its tracked reservations ('' = none). */
  owner: string;
  log: FastifyBaseLogger;
  /** The snapshot, starting the engine when needed. */
  snapshot(): Promise<Snapshot>;
  /** The snapshot without waiting, when the engine is open and has one. */
  current(): Snapshot | null;
  /** Picks up a configuration change now. */
  sync(): Promise<void>;
}

export interface ServeOptions {
  /** Where the device reaches us: the origin of tracking and asset URLs. */
  origin: string;
  /** Epoch ms; the clock otherwise (the demo backfill replays past times). */
  now?: number;
  /** One impression of a caller's auction: partners get the auction's impressions in one call. */
  auction?: AuctionLink;
  /**
   * How many alike requests this one stands for: counted and held that many times. Only the
   * demo backfill sets it (its sampled traffic); live requests count once.
   */
  weight?: number;
}

/** Which auction an impression belongs to (see upstream/batch.ts). */
export interface AuctionLink {
  batch: PartnerBatch;
  /** The impression's key in the batch (unique in the auction). */
  key: string;
  /** The caller's impression as sent. */
  imp: Imp;
}

/** A request's outcome: the decision, a win's token claims and URLs, for the entry points. */
export interface Served {
  decision: Decision;
  /**
   * The SDK answer (read it through `answerOf`): an own ad's is made only when asked, from
   * the prepared ad, since /serve/ad sends answerJson.
   */
  answer: ServeAdAnswer | PreparedAd;
  /** The answer as JSON text, what /serve/ad sends. */
  answerJson: string;
  claims: TrackingClaims | null;
  urls: TrackingUrls | null;
  /**
   * A notice URL for the caller to fire: none now — a partner's win notice is fired by the
   * server when its bid wins our auction (upstream/notices.ts), never by the device.
   */
  noticeUrl: string;
  /** What a partner's ${AUCTION_PRICE} is, micros per mille in the partner's own terms. */
  partnerPrice: number;
}

export interface TrackOptions {
  now?: number;
  /** ${AUCTION_PRICE} of a win or billing notice, currency units per mille as sent. */
  price?: string;
  /** The currency of `price` (ISO 4217); US dollars when absent. */
  currency?: string;
  /**
   * How many alike impressions or clicks this event stands for: counted and billed that many
   * times (a CPT day once). Only the demo backfill sets it; live events count once.
   */
  weight?: number;
}

export interface TrackOutcome {
  /** The token was genuine and unexpired and the event was taken for counting. */
  counted: boolean;
  /** Clicks: where to send the device (the creative's landing page). */
  redirect: string | null;
}

export const EMPTY_HISTORY: UserHistory = new Map();
// Shared empties: most requests call no partner.
export const NO_PARTNERS: readonly PartnerFate[] = Object.freeze([]);
export const NO_PARTNER_BIDS: readonly PartnerBid[] = Object.freeze([]);
export const SLOT_LEVEL: ReadonlySet<NoFillReasonValue> = new Set([
  'unknownSlot',
  'slotInactive',
  'mediaInactive',
  'slotCountry',
]);

export const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

export function dimsOf(claims: TrackingClaims): EventDims {
  return {
    advertiserId: claims.advertiserId,
    planId: claims.planId,
    strategyId: claims.strategyId,
    creativeId: claims.creativeId,
    mediaId: claims.mediaId,
    slotId: claims.slotId,
    dspId: claims.dspId,
    country: claims.country,
    os: claims.os,
    appVersion: claims.appVersion,
  };
}

/**
 * A counted request's stats dimensions: its slot's and device's, with the own bid it is
 * counted for (none: an unfilled request's row).
 */
export function requestDims(
  request: ServeRequest,
  slot: SlotConfig | undefined,
  bid: OwnBid | null,
): EventDims {
  return {
    advertiserId: bid?.plan.ownerId ?? 0,
    planId: bid?.plan.id ?? 0,
    strategyId: bid?.strategy.id ?? 0,
    creativeId: bid?.creative.id ?? 0,
    mediaId: slot?.mediaId ?? 0,
    slotId: slot?.id ?? 0,
    dspId: 0,
    country: request.country,
    os: request.os,
    appVersion: request.appVersion,
  };
}

/** What a won request's token carries: the request's facts and what the winner pays. */
export function claimsOf(
  request: ServeRequest,
  slot: SlotConfig,
  id: string,
  exp: number,
  won: Pick<
    TrackingClaims,
    | 'advertiserId'
    | 'planId'
    | 'strategyId'
    | 'creativeId'
    | 'dspId'
    | 'billing'
    | 'price'
    | 'clickPrice'
  > &
    Partial<Pick<TrackingClaims, 'incomeCpm'>>,
): TrackingClaims {
  return {
    id,
    exp,
    advertiserId: won.advertiserId,
    planId: won.planId,
    strategyId: won.strategyId,
    creativeId: won.creativeId,
    mediaId: slot.mediaId,
    slotId: slot.id,
    dspId: won.dspId,
    country: request.country,
    os: request.os,
    appVersion: request.appVersion,
    billing: won.billing,
    price: won.price,
    clickPrice: won.clickPrice,
    // The supply side earns the clearing price, whoever won (of a partner's: its share).
    incomeCpm: won.incomeCpm ?? won.price,
    uid: request.uid,
    channel: request.channel,
    test: request.test,
  };
}

/** The SDK answer of a served request. */
export function answerOf(served: Served): ServeAdAnswer {
  const { answer } = served;
  if (!('jsonBeforeClick' in answer)) return answer;
  const { urls } = served;
  if (!urls) throw new Error('An own ad is served with its tracking URLs');
  return ownAnswer(served.decision.request.id, answer, urls);
}

/** The notice macros of a partner's bid, at a price in the partner's terms. */
export function partnerMacros(
  bid: PartnerBid,
  auctionId: string,
  price: number,
): AuctionMacroValues {
  return {
    auctionId,
    impId: bid.impId ?? '1',
    ...(bid.bidId ? { bidId: bid.bidId } : {}),
    ...(bid.seat ? { seatId: bid.seat } : {}),
    ...(bid.adId ? { adId: bid.adId } : {}),
    ...(bid.rawPrice > 0 ? { mbr: price / bid.rawPrice } : {}),
    // A partner bidding in another currency is told prices in it (docs/decisions/currencies.md).
    ...(bid.currency
      ? { currency: bid.currency.code, perUsdMicros: bid.currency.perUsdMicros }
      : {}),
  };
}

/** Sales whose money waits for the buyer's billing notice (an exchange's, a caller's at 2). */
export const billedOnNotice = (claims: TrackingClaims): boolean =>
  claims.channel === 'dsp' || claims.channel === 'notice';

/**
 * One counted impression of a token (`weight` alike ones in the demo backfill); `money` is
 * what it bills and earns (micros, of all of them).
 */
export function impressionEvent(
  claims: TrackingClaims,
  dims: EventDims,
  at: number,
  money: Pick<BilledEvent, 'cost' | 'income' | 'partnerRevenue' | 'partnerTake' | 'reservation'>,
  weight = 1,
): BilledEvent {
  return {
    id: `imp:${claims.id}`,
    kind: 'imp',
    dims,
    at,
    impressions: weight,
    clicks: 0,
    ...money,
  };
}
