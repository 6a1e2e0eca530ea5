/**
 * The delivery engine (docs/product/design.md#delivery-engine): decides a request over the in-memory snapshot, lets the
 * slot's upstream partner (chosen by its SSP strategy) compete within the request's time
 * budget, answers with signed tracking URLs, and counts and bills what those URLs report.
 * One per server process, started lazily by the first delivery request so that a console
 * that serves no ads (and every test app) pays nothing for it.
 */
import { randomUUID } from 'node:crypto';
import {
  Billing,
  SERVING_CURRENCY,
  SimpleStatus,
  toUsdMicros,
  type RateTable,
  TMAX_RESERVE_MS,
  TRACKING_TOKEN_TTL_SECONDS,
  type BidRequest,
  type Imp,
  type NoFillReasonValue,
  type ServeAdAnswer,
  type TrackKindValue,
} from '@adloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createAccounting } from './accounting/accounting.js';
import {
  ownAnswer,
  ownAnswerJson,
  partnerMarkupWithBeacon,
  preparedOwnAd,
  servedPartnerAd,
  type PreparedAd,
  trackingUrls,
  type TrackingUrls,
} from './answer.js';
import { decideOwn, NO_CANDIDATES, runAuction } from './decision/decide.js';
import {
  auctionTypeOf,
  floorOf,
  impressionSettlement,
  settlePartner,
  settlesOnCallerNotice,
} from './decision/pricing.js';
import { slotOf } from './decision/exchange.js';
import { DayClock, heldMicros, heldReservationOf, holdMs } from './holds.js';
import { EventJournal } from './journal/journal.js';
import { MonitorPinger } from './monitors.js';
import type { Accounting, BilledEvent, EventDims, Reservation, StateStore } from './ports.js';
import { loadSnapshot } from './snapshot/load.js';
import { SnapshotSource, type SnapshotLoader } from './snapshot/source.js';
import { createStateStore } from './state/index.js';
import { newTokenId, TokenSigner, type TrackingClaims } from './tracking/token.js';
import type {
  Bid,
  Decision,
  PartnerBid,
  PartnerFate,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  Snapshot,
  SspStrategyConfig,
  UserHistory,
} from './types.js';
import {
  partnerFloor,
  partnerUserSync,
  partnerUserSyncType,
  partnerVendorId,
  type SellerIdentity,
} from './upstream/bid-request.js';
import type { SyncPartner } from './http/user-sync.js';
import { PartnerBatch, type LegResult } from './upstream/batch.js';
import { fillAuctionMacros } from './upstream/call.js';
import {
  filledHeldNotices,
  heldLossText,
  heldNoticesText,
  lossKey,
} from './upstream/held-notices.js';
import { LOSS_REASON, parseMacroPrice, type AuctionMacroValues } from './upstream/macros.js';
import {
  relayCallerLoss,
  type CallerLossNotice,
  type CallerLossStats,
} from './upstream/caller-loss.js';
import { NoticeQueue } from './upstream/notices.js';
import {
  createMemoryBillingNotices,
  createRedisBillingNotices,
  type BillingNoticeStore,
} from './upstream/billing-notices.js';
import { closePartnerConnections } from './upstream/transport.js';
import {
  expectNotice,
  markShown,
  noticeArrived,
  sweepUnbilled,
  type UnbilledStats,
} from './upstream/unbilled.js';
import {
  allocatePartner,
  chooseSspStrategy,
  partnerFates,
  partnerShares,
} from './upstream/select.js';

export interface EngineOptions {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  store?: StateStore;
  accounting?: Accounting;
  load?: SnapshotLoader;
  now?: () => number;
  /** 0 ≤ x < 1: the SSP strategy's traffic draw. */
  random?: () => number;
}

export interface ServeOptions {
  /** Where the device reaches us: the origin of tracking and asset URLs. */
  origin: string;
  /** Epoch ms; the clock otherwise (the demo backfill replays past times). */
  now?: number;
  /** One impression of a caller's auction: partners get the auction's impressions in one call. */
  auction?: AuctionLink;
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
}

export interface TrackOutcome {
  /** The token was genuine and unexpired and the event was taken for counting. */
  counted: boolean;
  /** Clicks: where to send the device (the creative's landing page). */
  redirect: string | null;
}

const EMPTY_HISTORY: UserHistory = new Map();
// Shared empties: most requests call no partner.
const NO_PARTNERS: readonly PartnerFate[] = Object.freeze([]);
const NO_PARTNER_BIDS: readonly PartnerBid[] = Object.freeze([]);
const SLOT_LEVEL: ReadonlySet<NoFillReasonValue> = new Set([
  'unknownSlot',
  'slotInactive',
  'mediaInactive',
  'slotCountry',
]);

const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

function dimsOf(claims: TrackingClaims): EventDims {
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

/** What a won request's token carries: the request's facts and what the winner pays. */
function claimsOf(
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
function partnerMacros(bid: PartnerBid, auctionId: string, price: number): AuctionMacroValues {
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
const billedOnNotice = (claims: TrackingClaims): boolean =>
  claims.channel === 'dsp' || claims.channel === 'notice';

export class DeliveryEngine {
  readonly signer: TokenSigner;
  readonly store: StateStore;
  readonly accounting: Accounting;
  readonly source: SnapshotSource;
  readonly monitors: MonitorPinger;
  /** Partner nurl, burl and lurl, fired off the answer's path. */
  readonly notices: NoticeQueue;
  /** OpenRTB callers' loss notices of our bids, by what became of them (upstream/caller-loss.ts). */
  readonly callerLosses: CallerLossStats = { partner: 0, own: 0, refused: 0 };
  /** Shown impressions whose caller never sent a billing notice (upstream/unbilled.ts). */
  readonly unbilledImpressions: UnbilledStats = { partner: 0, own: 0 };
  /**
   * Filled billing notices of served partner ads by token id, fired by their impression once,
   * in whichever process it arrives (Redis with REDIS_URL; upstream/billing-notices.ts).
   */
  private readonly billingNotices: BillingNoticeStore;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly allowPrivate: boolean;
  private startup: Promise<Snapshot> | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly days = new DayClock();
  /** This process's journal instance: the owner of its tracked reservations ('' = none). */
  private readonly owner: string;
  /** CPT plans charged today by this process (the database catches other processes). */
  private readonly cptCharged = new Set<string>();
  /** Our node in the supply chains partners get (SELLER_DOMAIN). */
  private readonly seller: SellerIdentity | undefined;

  constructor(private readonly options: EngineOptions) {
    const { db, config, log } = options;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.allowPrivate = config.dspAllowPrivateNetworks;
    this.seller = config.sellerDomain ? { domain: config.sellerDomain } : undefined;
    this.signer = new TokenSigner(config.trackingSecret ?? randomUUID() + randomUUID());
    this.store =
      options.store ??
      createStateStore({
        db,
        redisUrl: config.redisUrl,
        keyPrefix: config.redisPrefix,
        now: this.now,
        logger: log,
      });
    const journal = options.accounting
      ? undefined
      : new EventJournal({ dir: config.journalDir, fsyncMs: config.journalFsyncMs, log });
    this.owner = journal?.instance ?? '';
    this.accounting =
      options.accounting ??
      createAccounting({
        db,
        store: this.store,
        flushMs: config.deliveryFlushMs,
        log,
        now: this.now,
        journal,
      });
    this.source = new SnapshotSource({
      db,
      load: options.load ?? loadSnapshot,
      pollMs: 1000,
      now: this.now,
      onError: (error) => log.error({ err: error }, 'delivery: snapshot rebuild failed'),
    });
    this.monitors = new MonitorPinger({ allowPrivate: this.allowPrivate });
    this.notices = new NoticeQueue({ allowPrivate: this.allowPrivate });
    this.billingNotices = config.redisUrl
      ? createRedisBillingNotices({
          url: config.redisUrl,
          keyPrefix: config.redisPrefix,
          now: this.now,
          onError: (error) => log.error({ err: error }, 'delivery: billing notice store failed'),
        })
      : createMemoryBillingNotices(this.now);
  }

  /** Loads the snapshot and the live state, and starts the timers (once). */
  start(): Promise<Snapshot> {
    if (this.closed) return Promise.reject(new Error('The delivery engine is closed'));
    this.startup ??= (async () => {
      // What a crashed process answered is counted before anything new is served.
      await this.accounting.recover();
      await this.store.refresh();
      const snapshot = await this.source.ensure();
      this.source.start();
      this.accounting.start();
      this.refreshTimer = setInterval(() => {
        // Holds of ads whose impression never came (in any process, a crashed one's too).
        this.store.releaseExpiredHolds().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'delivery: releasing expired holds failed');
        });
        this.store.refresh().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'delivery: state refresh failed');
        });
        this.sweepUnbilled().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'delivery: the unbilled sweep failed');
        });
      }, this.options.config.deliveryFlushMs);
      this.refreshTimer.unref();
      return snapshot;
    })();
    this.startup.catch(() => {
      this.startup = null;
    });
    return this.startup;
  }

  private async snapshot(): Promise<Snapshot> {
    await this.start();
    const current = this.source.current();
    if (!current) throw new Error('The delivery snapshot is not built');
    return current;
  }

  /**
   * The partner calls of one caller's auction of `expected` impressions (each one serve);
   * `buyerUids`: the partners' ids of the browser from their user syncs.
   */
  partnerBatch(
    caller: BidRequest,
    expected: number,
    buyerUids?: ReadonlyMap<number, string>,
  ): PartnerBatch {
    const rates = this.source.current()?.rates;
    return new PartnerBatch({
      caller,
      expected,
      ...(buyerUids ? { buyerUids } : {}),
      allowPrivate: this.allowPrivate,
      ...(this.seller ? { seller: this.seller } : {}),
      ...(rates ? { rates } : {}),
    });
  }

  /** Slots by their operator-set codes, for the OpenRTB entry points to find an impression's slot. */
  async slotCodes(): Promise<ReadonlyMap<string, number>> {
    const current = this.closed ? null : this.source.current();
    return (current ?? (await this.snapshot())).slotIdsByCode;
  }

  /** Active demand partners with a user-sync URL (http/user-sync.ts), from the snapshot. */
  async syncPartners(): Promise<SyncPartner[]> {
    const current = this.closed ? null : this.source.current();
    const { dsps } = current ?? (await this.snapshot());
    return [...dsps.values()].flatMap((dsp) => {
      const userSync = dsp.status === SimpleStatus.active ? partnerUserSync(dsp.config) : undefined;
      const vendorId = partnerVendorId(dsp);
      const type = partnerUserSyncType(dsp.config);
      return userSync ? [{ id: dsp.id, userSync, type, ...(vendorId ? { vendorId } : {}) }] : [];
    });
  }

  /** The active currency rates (the snapshot's), for the OpenRTB entry points' conversions. */
  async currencyRates(): Promise<RateTable> {
    const current = this.closed ? null : this.source.current();
    return (current ?? (await this.snapshot())).rates;
  }

  /** Picks up a configuration change now instead of within the next second (tests, tools). */
  async sync(): Promise<void> {
    await this.start();
    await this.source.sync();
    await this.store.refresh();
  }

  // ---------------------------------------------------------------- serving

  async serve(request: ServeRequest, options: ServeOptions): Promise<Served> {
    const started = performance.now();
    const now = options.now ?? this.now();
    // Built once the engine has started: no await on the hot path (a closed engine refuses).
    const current = this.closed ? null : this.source.current();
    const snapshot = current ?? (await this.snapshot());
    // The own DSP decides an exchange's impression on the exchange stand-in slot.
    const slot = slotOf(snapshot, request);
    const count = !request.test && slot !== undefined;

    const history = request.uid ? await this.store.userHistory(request.uid) : EMPTY_HISTORY;
    const floor = slot ? floorOf(slot, request) : request.bidFloor;

    // Upstream first, so the partner's time runs while our own demand is decided.
    let sspStrategy: SspStrategyConfig | null = null;
    let partnerCall: Promise<LegResult> | null = null;
    const link = options.auction;
    let partnerFate: readonly PartnerFate[] = NO_PARTNERS;
    if (slot && slot.status === 0 && slot.mediaStatus === 0 && request.channel !== 'dsp') {
      sspStrategy = chooseSspStrategy(snapshot, request);
      const allocated = sspStrategy
        ? allocatePartner(sspStrategy, snapshot, Math.floor(this.random() * 1000))
        : null;
      const deadlineMs = Math.floor(
        request.tmaxMs - TMAX_RESERVE_MS - (performance.now() - started),
      );
      if (sspStrategy) partnerFate = partnerFates(sspStrategy, snapshot, allocated);
      if (allocated && deadlineMs > 0) {
        const leg = {
          request,
          slot,
          strategy: sspStrategy,
          floor,
          ...(link ? { imp: link.imp } : {}),
        };
        const batch =
          link?.batch ??
          new PartnerBatch({
            expected: 1,
            allowPrivate: this.allowPrivate,
            ...(this.seller ? { seller: this.seller } : {}),
            rates: snapshot.rates,
          });
        const key = link?.key ?? request.id;
        partnerCall = batch.join(key, leg, allocated.dsp, allocated.permille, deadlineMs);
      }
    }
    // An impression calling no partner: the auction's partner calls need not wait for it.
    if (link) link.batch.pass(link.key);

    const own = decideOwn(snapshot, request, {
      now,
      state: this.store.view(),
      history,
      explain: false,
      // The auction needs only the winner and the price setter.
      depth: 2,
    });
    let partnerBids: readonly PartnerBid[] = NO_PARTNER_BIDS;
    let partnerBid: { bid: PartnerBid; belowFloor: boolean } | null = null;
    if (partnerCall) {
      const answered = await partnerCall;
      if (!request.test && answered.countsCall) {
        this.accounting.countPartnerCall(
          answered.fate.dspId,
          answered.callOutcome,
          answered.latencyMs,
          now,
        );
        // Every bid refused before our auction, by reason (the DSP screen's table).
        if (answered.rejections.length > 0) {
          this.accounting.countPartnerRejections(answered.fate.dspId, answered.rejections, now);
        }
      }
      // The SSP strategy may hold partners to a higher floor than our own demand.
      const belowFloor =
        answered.bid !== null && answered.bid.ecpm < partnerFloor(floor, sspStrategy);
      const fate: PartnerFate = belowFloor
        ? { ...answered.fate, reason: 'bidBelowFloor' }
        : answered.fate;
      if (belowFloor && !request.test) {
        this.accounting.countPartnerRejections(answered.fate.dspId, ['belowFloor'], now);
      }
      partnerFate = partnerFate.map((other) => (other.dspId === fate.dspId ? fate : other));
      if (answered.bid && !belowFloor) partnerBids = [answered.bid];
      if (answered.bid) partnerBid = { bid: answered.bid, belowFloor };
    }

    const slotLevel = own.noFill !== null && SLOT_LEVEL.has(own.noFill);
    const auction = slotLevel
      ? { winner: null, price: 0, runnerUp: null }
      : runAuction(own.ranked, partnerBids, floor, auctionTypeOf(request, slot));
    const tokenId = auction.winner && slot ? newTokenId() : '';
    // No ad nobody pays for: an own ad's price is held before it is answered (holds.ts).
    const unpaid =
      count &&
      auction.winner?.kind === 'own' &&
      !(await this.holdServed(auction.winner.plan, request, auction.price, tokenId, now));
    const won = unpaid ? null : auction.winner;
    // A partner bid that lost our auction is told so, with why and what would have won.
    if (partnerBid && won !== partnerBid.bid) {
      const belowFloor = partnerBid.belowFloor || partnerBid.bid.ecpm < floor;
      this.notifyLoss({ ...partnerBid, belowFloor }, request.id, won, auction.price);
    }
    if (won?.kind === 'partner') {
      partnerFate = partnerFate.map((fate) =>
        fate.dspId === won.dsp.id ? { ...fate, reason: 'served' } : fate,
      );
    }
    const decision: Decision = {
      request,
      slot,
      winner: won,
      price: auction.price,
      noFill: won ? null : (own.noFill ?? 'noCandidate'),
      sspStrategy,
      candidates: NO_CANDIDATES,
      partners: partnerFate,
    };
    if (!won || !slot) {
      // A fill counts its own request (countFill); this one got nothing.
      if (count) {
        this.accounting.countUnfilled(
          {
            advertiserId: 0,
            planId: 0,
            strategyId: 0,
            creativeId: 0,
            mediaId: slot?.mediaId ?? 0,
            slotId: slot?.id ?? 0,
            dspId: 0,
            country: request.country,
            os: request.os,
            appVersion: request.appVersion,
          },
          now,
        );
      }
      const answer: ServeAdAnswer = {
        fill: false,
        request_id: request.id,
        reason: decision.noFill ?? 'noCandidate',
      };
      return {
        decision,
        answer,
        answerJson: JSON.stringify(answer),
        claims: null,
        urls: null,
        noticeUrl: '',
        partnerPrice: 0,
      };
    }
    return this.answerWin(decision, slot, won, auction.price, options.origin, now, tokenId);
  }

  /** Holds the served ad's price until its billed event claims it; false: nothing is left. */
  private holdServed(
    plan: PlanConfig,
    request: ServeRequest,
    price: number,
    id: string,
    now: number,
  ): Promise<boolean> | boolean {
    const micros = heldMicros(plan, request, price);
    if (micros <= 0) return true;
    return this.store.hold({
      id,
      reservation: {
        planId: plan.id,
        advertiserId: plan.ownerId,
        micros,
        budget: plan.budget,
        day: this.days.dayOf(now),
      },
      expiresAt: now + holdMs(plan.cacheSeconds),
    });
  }

  private async answerWin(
    decision: Decision,
    slot: SlotConfig,
    winner: Bid,
    price: number,
    origin: string,
    now: number,
    id: string,
  ): Promise<Served> {
    const { request } = decision;
    const exp = Math.floor(now / 1000) + TRACKING_TOKEN_TTL_SECONDS;
    if (winner.kind === 'own') {
      const { plan, strategy, creative } = winner;
      // A CPC winner pays per click: the clearing eCPM back in click terms, capped at its bid.
      const clickPrice =
        plan.billing === Billing.cpc && winner.ecpm > 0
          ? Math.min(strategy.bid, Math.round((price * strategy.bid) / winner.ecpm))
          : 0;
      const claims = claimsOf(request, slot, id, exp, {
        advertiserId: plan.ownerId,
        planId: plan.id,
        strategyId: strategy.id,
        creativeId: creative.id,
        dspId: 0,
        billing: plan.billing,
        price,
        clickPrice,
      });
      // A caller's second-price auction: billed on its notice, at most our offer (`price`).
      if (settlesOnCallerNotice(request)) claims.channel = 'notice';
      this.keepForCallerLoss(request, id, exp);
      if (claims.channel === 'notice' && !request.test) {
        await expectNotice(this.billingNotices, id, { dspId: 0, planId: plan.id }, exp * 1000);
      }
      const token = this.signer.sign(claims);
      const urls = trackingUrls(origin, token);
      if (!request.test) this.accounting.countFill(claims, now);
      const prepared = preparedOwnAd(origin, slot, creative, plan.cacheSeconds);
      return {
        decision,
        answer: prepared,
        answerJson: ownAnswerJson(request.id, prepared, token),
        claims,
        urls,
        noticeUrl: '',
        partnerPrice: 0,
      };
    }
    // The partner pays the clearing price in its own terms (before our take), at most its
    // bid; the publisher's share is the clearing price, ours the rest (decision/pricing.ts).
    const settlement = settlePartner(winner, price);
    const partnerPrice = settlement.paid;
    const macros = { ...partnerMacros(winner, request.id, partnerPrice), loss: LOSS_REASON.won };
    // Sold in a caller's second-price auction: the caller's billing notice names the price
    // (countBilling); the token carries the most the partner pays (its bid) and our offer.
    const onNotice = settlesOnCallerNotice(request);
    const claims = claimsOf(request, slot, id, exp, {
      advertiserId: 0,
      planId: 0,
      strategyId: 0,
      creativeId: 0,
      dspId: winner.dsp.id,
      billing: 0,
      price: onNotice ? winner.rawPrice : settlement.paid,
      clickPrice: 0,
      incomeCpm: onNotice ? price : settlement.share,
    });
    this.keepForCallerLoss(request, id, exp, {
      ...(winner.lurl ? { url: winner.lurl } : {}),
      macros,
      bid: winner.rawPrice,
      offer: price,
    });
    if (onNotice) {
      claims.channel = 'notice';
      if (!request.test) {
        await expectNotice(
          this.billingNotices,
          id,
          { dspId: winner.dsp.id, planId: 0 },
          exp * 1000,
        );
      }
      const held = heldNoticesText([winner.nurl, winner.burl], macros, winner.rawPrice);
      if (held && !request.test) await this.billingNotices.keep(id, held, exp * 1000);
    } else {
      if (winner.nurl) this.notices.fire(fillAuctionMacros(winner.nurl, partnerPrice, macros));
      if (winner.burl && !request.test) {
        // Kept before the ad is answered: its impression may reach another process at once.
        const burl = fillAuctionMacros(winner.burl, partnerPrice, macros);
        await this.billingNotices.keep(id, burl, exp * 1000);
      }
    }
    const urls = trackingUrls(origin, this.signer.sign(claims));
    if (!request.test) {
      this.accounting.countFill(claims, now);
      this.accounting.countPartnerWin(winner.dsp.id, now);
    }
    const ad = servedPartnerAd(slot, {
      adm: partnerMarkupWithBeacon(fillAuctionMacros(winner.adm, partnerPrice, macros), urls),
      crid: winner.crid,
      w: winner.w,
      h: winner.h,
    });
    const answer: ServeAdAnswer = {
      fill: true,
      request_id: request.id,
      ad,
      impression_urls: [urls.impression],
      notice_urls: [],
    };
    return {
      decision,
      answer,
      answerJson: JSON.stringify(answer),
      claims,
      urls,
      noticeUrl: '',
      partnerPrice,
    };
  }

  /**
   * A bid answered to an OpenRTB caller may lose there: what its loss notice needs is kept
   * under the ad's token id (a partner's lurl, else a mark), taken by the first notice.
   * Not awaited: the caller has not seen the bid yet, and a Redis store runs commands in order.
   */
  private keepForCallerLoss(
    request: ServeRequest,
    id: string,
    exp: number,
    partner?: { url?: string; macros: AuctionMacroValues; bid: number; offer: number },
  ): void {
    if (request.channel === 'sdk' || request.test) return;
    const text = heldLossText(partner?.url ? { ...partner, url: partner.url } : undefined);
    void this.billingNotices.keep(lossKey(id), text, exp * 1000);
  }

  /**
   * Counts the shown impressions sold on a caller's notice that never got one, once their
   * token has expired (the engine's timer runs it; tests call it with a later time).
   */
  async sweepUnbilled(nowMs: number = this.now()): Promise<number> {
    const unbilled = await sweepUnbilled(this.billingNotices, nowMs, this.unbilledImpressions);
    if (unbilled > 0) {
      this.options.log.warn(
        { unbilled, total: this.unbilledImpressions },
        'delivery: impressions shown without the caller’s billing notice stay unbilled',
      );
    }
    return unbilled;
  }

  /** An OpenRTB caller's loss notice of one of our bids (our lurl): relayed or counted once. */
  async callerLoss(token: string, notice: CallerLossNotice): Promise<boolean> {
    const snapshot = await this.snapshot();
    return relayCallerLoss(
      {
        signer: this.signer,
        kept: this.billingNotices,
        notices: this.notices,
        store: this.store,
        rates: snapshot.rates,
        stats: this.callerLosses,
        nowMs: this.now(),
      },
      token,
      notice,
    );
  }

  /** lurl of a partner bid that lost: below the floor (100) or outbid (102). */
  private notifyLoss(
    lost: { bid: PartnerBid; belowFloor: boolean },
    auctionId: string,
    winner: Bid | null,
    clearing: number,
  ): void {
    const { bid } = lost;
    if (!bid.lurl) return;
    // The price that would have won, in the partner's terms (before our share): known when
    // something else won; OpenRTB's ${AUCTION_PRICE} in a loss notice is the clearing price.
    const inPartnerTerms = (micros: number) =>
      bid.ecpm > 0 ? Math.round((micros * bid.rawPrice) / bid.ecpm) : micros;
    const minToWin = winner ? inPartnerTerms(clearing) : undefined;
    const price = winner ? inPartnerTerms(clearing) : 0;
    this.notices.fire(
      fillAuctionMacros(bid.lurl, price, {
        ...partnerMacros(bid, auctionId, price),
        loss: lost.belowFloor ? LOSS_REASON.belowFloor : LOSS_REASON.outbid,
        ...(minToWin === undefined ? {} : { minToWin }),
      }),
    );
  }

  // ---------------------------------------------------------------- diagnosis

  /** Replays a request without serving, counting or calling anyone: every candidate's fate. */
  async diagnose(
    request: ServeRequest,
    at: number,
  ): Promise<{ decision: Decision; snapshot: Snapshot }> {
    await this.sync();
    const snapshot = await this.snapshot();
    const history = request.uid ? await this.store.userHistory(request.uid) : EMPTY_HISTORY;
    const own = decideOwn(snapshot, request, {
      now: at,
      state: this.store.view(),
      history,
      explain: true,
    });
    const slot = own.slot;
    const floor = slot ? floorOf(slot, request) : request.bidFloor;
    const slotLevel = own.noFill !== null && SLOT_LEVEL.has(own.noFill);
    const auction = slotLevel
      ? { winner: null, price: 0, runnerUp: null }
      : runAuction(own.ranked, [], floor, auctionTypeOf(request, slot));
    const sspStrategy = slot && !slotLevel ? chooseSspStrategy(snapshot, request) : null;
    const winner = auction.winner;
    const candidates = own.candidates.map((fate) =>
      winner?.kind === 'own' &&
      fate.strategyId === winner.strategy.id &&
      fate.creativeId === winner.creative.id
        ? { ...fate, reason: 'served' as const }
        : fate,
    );
    return {
      snapshot,
      decision: {
        request,
        slot,
        winner,
        price: auction.price,
        noFill: winner ? null : (own.noFill ?? 'noCandidate'),
        sspStrategy,
        candidates,
        partners: sspStrategy ? partnerShares(sspStrategy, snapshot) : [],
      },
    };
  }

  // ---------------------------------------------------------------- tracking

  async track(
    kind: TrackKindValue,
    token: string,
    options: TrackOptions = {},
  ): Promise<TrackOutcome> {
    const now = options.now ?? this.now();
    const snapshot = await this.snapshot();
    const nowSeconds = Math.floor(now / 1000);
    const genuine = this.signer.open(token);
    const landing = (claims: TrackingClaims | undefined) => {
      const creative = claims ? snapshot.creatives.get(claims.creativeId) : undefined;
      return creative ? creative.clickUrl || creative.deeplinkUrl || null : null;
    };
    const claims = genuine && genuine.exp >= nowSeconds ? genuine : undefined;
    if (!claims || claims.test) {
      return { counted: false, redirect: kind === 'clk' ? landing(genuine) : null };
    }
    switch (kind) {
      case 'imp':
        await this.countImpression(claims, snapshot, now);
        return { counted: true, redirect: null };
      case 'clk':
        await this.countClick(claims, snapshot, now);
        return { counted: true, redirect: landing(claims) };
      case 'bill':
        return {
          counted: await this.countBilling(claims, snapshot, now, options.price, options.currency),
          redirect: null,
        };
      case 'win':
        // Our own DSP won an exchange's auction: the fill was counted when we bid; billing
        // waits for the billing notice (burl) or the impression.
        return { counted: billedOnNotice(claims), redirect: null };
      default:
        return { counted: false, redirect: null };
    }
  }

  private async reserved(
    claims: TrackingClaims,
    snapshot: Snapshot,
    micros: number,
    now: number,
    eventId: string,
  ): Promise<{ cost: number; reservation?: Reservation }> {
    const plan = snapshot.plans.get(claims.planId);
    if (micros <= 0 || !plan) return { cost: 0 };
    const reservation: Reservation = {
      planId: plan.id,
      advertiserId: plan.ownerId,
      micros,
      budget: plan.budget,
      day: utcDay(now),
      ...(this.owner ? { tag: `${this.owner}|${eventId}` } : {}),
    };
    const cost = await this.store.reserve(reservation);
    return cost > 0 ? { cost, reservation: { ...reservation, micros: cost } } : { cost: 0 };
  }

  /**
   * The served ad's hold, when it is still there (the part of it not billed goes back);
   * else a reservation now, of what is left.
   */
  private async heldOrReserved(
    claims: TrackingClaims,
    snapshot: Snapshot,
    micros: number,
    now: number,
    eventId: string,
  ): Promise<{ cost: number; reservation?: Reservation }> {
    const held = heldReservationOf(claims);
    if (held.micros > 0) {
      const cost = Math.min(micros, held.micros);
      const billed: Reservation = {
        ...held,
        micros: cost,
        ...(this.owner ? { tag: `${this.owner}|${eventId}` } : {}),
      };
      if (await this.store.claimHold(claims.id, held, billed)) {
        return cost > 0 ? { cost, reservation: billed } : { cost: 0 };
      }
    }
    return this.reserved(claims, snapshot, micros, now, eventId);
  }

  private async countImpression(claims: TrackingClaims, snapshot: Snapshot, now: number) {
    const dims = dimsOf(claims);
    // Shown: if its billing notice never comes, it is an unbilled impression.
    if (claims.channel === 'notice')
      await markShown(this.billingNotices, claims.id, claims.exp * 1000);
    if (claims.dspId && claims.channel === 'notice') {
      // Sold in a caller's second-price auction: the money waits for its billing notice.
      this.accounting.countEvent(impressionEvent(claims, dims, now, { cost: 0, income: 0 }));
      return;
    }
    if (claims.dspId) {
      // The partner bills on our impression beacon: its burl, once (taken out as it fires).
      const billing = await this.billingNotices.take(claims.id);
      if (billing) this.notices.fire(billing);
      // A partner ad's token carries what the partner pays (price) and the publisher's share.
      const { paid, share, take } = impressionSettlement({
        paid: claims.price,
        share: claims.incomeCpm,
        take: claims.price - claims.incomeCpm,
      });
      this.accounting.countEvent(
        impressionEvent(claims, dims, now, {
          cost: 0,
          income: share,
          partnerRevenue: paid,
          partnerTake: take,
        }),
      );
      return;
    }
    const plan = snapshot.plans.get(claims.planId);
    // Own-DSP sales to exchanges and a caller's second-price sales bill CPM on the billing
    // notice at the buyer's price.
    const billsHere = claims.billing === Billing.cpm && !billedOnNotice(claims);
    const { cost, reservation } = billsHere
      ? await this.heldOrReserved(
          claims,
          snapshot,
          Math.round(claims.price / 1000),
          now,
          `imp:${claims.id}`,
        )
      : { cost: 0, reservation: undefined };
    this.accounting.countEvent(
      impressionEvent(claims, dims, now, {
        cost,
        income: cost,
        ...(reservation ? { reservation } : {}),
      }),
    );
    if (claims.billing === Billing.cpt && plan) await this.chargeCpt(plan, claims, snapshot, now);
    if (claims.uid && plan) {
      await this.store.recordImpression(claims.uid, plan.id, Math.floor(now / 1000), plan);
    }
    const creative = snapshot.creatives.get(claims.creativeId);
    if (creative) this.monitors.fire(creative.impressionMonitorUrls);
  }

  /** CPT: the plan's daily price, once per plan and UTC day, on its first impression. */
  private async chargeCpt(
    plan: PlanConfig,
    claims: TrackingClaims,
    snapshot: Snapshot,
    now: number,
  ) {
    const day = utcDay(now);
    const key = `${plan.id}:${day}`;
    if (this.cptCharged.has(key)) return;
    this.cptCharged.add(key);
    if (this.cptCharged.size > 100_000) this.cptCharged.clear();
    const strategy = snapshot.strategies.get(claims.strategyId);
    const { cost, reservation } = await this.reserved(
      claims,
      snapshot,
      strategy?.bid ?? plan.bid,
      now,
      `cpt:${key}`,
    );
    this.accounting.countEvent({
      id: `cpt:${key}`,
      kind: 'cpt',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 0,
      cost,
      income: cost,
      ...(reservation ? { reservation } : {}),
    });
  }

  private async countClick(claims: TrackingClaims, snapshot: Snapshot, now: number) {
    const { cost, reservation } =
      claims.billing === Billing.cpc
        ? await this.reserved(claims, snapshot, claims.clickPrice, now, `clk:${claims.id}`)
        : { cost: 0, reservation: undefined };
    this.accounting.countEvent({
      id: `clk:${claims.id}`,
      kind: 'clk',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 1,
      cost,
      // Sold in a caller's second-price auction, the supply side earned the caller's price
      // per impression on its billing notice (countBilling), not the click.
      income: claims.channel === 'notice' ? 0 : cost,
      ...(reservation ? { reservation } : {}),
    });
    const creative = snapshot.creatives.get(claims.creativeId);
    if (creative) this.monitors.fire(creative.clickMonitorUrls);
  }

  /**
   * The billing notice (burl) of a sale billed on it (billedOnNotice): the buyer's price, at
   * most our bid; a partner's ad settles what the partner pays, our take and the share.
   */
  private async countBilling(
    claims: TrackingClaims,
    snapshot: Snapshot,
    now: number,
    priceText: string | undefined,
    currency: string | undefined,
  ): Promise<boolean> {
    if (!billedOnNotice(claims)) return false;
    const told = parseMacroPrice(priceText);
    // In the answer's currency: back to US dollars; a currency without a rate is refused.
    const cleared =
      told === undefined
        ? undefined
        : toUsdMicros(told, currency ?? SERVING_CURRENCY, snapshot.rates, 'down');
    // A notice without a price (empty, an unfilled macro) is refused: never billed at our bid.
    if (cleared === undefined) return false;
    if (claims.channel === 'notice') await noticeArrived(this.billingNotices, claims.id);
    if (claims.dspId) {
      await this.settleResoldPartner(claims, cleared, now);
      return true;
    }
    if (claims.billing === Billing.cpc && claims.channel === 'notice') {
      // An own CPC ad in a caller's second-price auction: the supply side's share is the
      // caller's price per impression (at most our offer); the advertiser pays per click.
      this.accounting.countEvent({
        id: `bill:${claims.id}`,
        kind: 'bill',
        dims: dimsOf(claims),
        at: now,
        impressions: 0,
        clicks: 0,
        cost: 0,
        income: Math.round(Math.min(cleared, claims.price) / 1000),
      });
      return true;
    }
    if (claims.billing !== Billing.cpm) return false;
    const price = Math.min(cleared, claims.price);
    const { cost, reservation } = await this.heldOrReserved(
      claims,
      snapshot,
      Math.round(price / 1000),
      now,
      `bill:${claims.id}`,
    );
    this.accounting.countEvent({
      id: `bill:${claims.id}`,
      kind: 'bill',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 0,
      cost,
      income: cost,
      ...(reservation ? { reservation } : {}),
    });
    return true;
  }

  /**
   * A partner's ad sold in a caller's second-price auction, on the caller's billing notice:
   * the publisher's share is the caller's price (at most our offer, `incomeCpm`), the partner
   * pays it grossed up by its share (at most its bid, `price`) and is told so in its nurl and
   * burl, kept until now; counted once (event id and the notices taken out once).
   */
  private async settleResoldPartner(claims: TrackingClaims, cleared: number, now: number) {
    const offer = claims.incomeCpm;
    const perMille = settlePartner(
      { ecpm: offer, rawPrice: claims.price },
      Math.min(cleared, offer),
    );
    const { paid, share, take } = impressionSettlement(perMille);
    this.accounting.countEvent({
      id: `bill:${claims.id}`,
      kind: 'bill',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 0,
      cost: 0,
      income: share,
      partnerRevenue: paid,
      partnerTake: take,
    });
    const held = await this.billingNotices.take(claims.id);
    if (held) for (const url of filledHeldNotices(held, perMille.paid)) this.notices.fire(url);
  }

  // ---------------------------------------------------------------- life cycle

  /** Writes everything counted so far (tests, tools, shutdown). */
  async flush(): Promise<void> {
    await this.accounting.flush();
    await this.store.refresh();
  }

  /** Stops the timers and flushes everything counted: the graceful shutdown's last step. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await this.source.stop();
    if (this.startup) {
      await this.startup.catch(() => undefined);
      await this.accounting.stop();
    }
    await this.monitors.drain();
    await this.notices.drain();
    // Kept-alive partner connections (made again on the next call of another engine).
    await closePartnerConnections();
    await this.billingNotices.close();
    await this.store.close();
  }
}

/** One counted impression of a token; `money` is what it bills and earns (micros). */
function impressionEvent(
  claims: TrackingClaims,
  dims: EventDims,
  at: number,
  money: Pick<BilledEvent, 'cost' | 'income' | 'partnerRevenue' | 'partnerTake' | 'reservation'>,
): BilledEvent {
  return { id: `imp:${claims.id}`, kind: 'imp', dims, at, impressions: 1, clicks: 0, ...money };
}
