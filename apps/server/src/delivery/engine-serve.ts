/**
 * Serving a request (docs/product/design.md#delivery-engine): the slot's upstream partner
 * (chosen by its SSP strategy) called within the request's time budget while our own demand
 * is decided, one auction, the winner held (an own CPM ad's price) and answered with signed
 * tracking URLs — a partner's by the partner leg (engine-partner.ts); and the diagnosis that
 * replays a request without serving.
 */
import {
  Billing,
  TMAX_RESERVE_MS,
  TRACKING_TOKEN_TTL_SECONDS,
  type ServeAdAnswer,
} from '@adloom/domain';
import { ownAnswerJson, preparedOwnAd, trackingUrls } from './answer.js';
import { decideOwn, NO_CANDIDATES, runAuction } from './decision/decide.js';
import { auctionTypeOf, floorOf, settlesOnCallerNotice } from './decision/pricing.js';
import { slotOf } from './decision/exchange.js';
import {
  claimsOf,
  EMPTY_HISTORY,
  NO_PARTNER_BIDS,
  NO_PARTNERS,
  requestDims,
  SLOT_LEVEL,
  type EngineParts,
  type ServeOptions,
  type Served,
} from './engine-parts.js';
import type { PartnerLeg } from './engine-partner.js';
import { heldMicros, holdMs } from './holds.js';
import { newTokenId } from './tracking/token.js';
import type {
  Bid,
  Decision,
  OwnBid,
  PartnerBid,
  PartnerFate,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  Snapshot,
  SspStrategyConfig,
} from './types.js';
import { partnerFloor } from './upstream/bid-request.js';
import { PartnerBatch, type LegResult } from './upstream/batch.js';
import {
  allocatePartner,
  chooseSspStrategy,
  partnerFates,
  partnerShares,
} from './upstream/select.js';
import { expectNotice } from './upstream/unbilled.js';

export class ServePath {
  constructor(
    private readonly parts: EngineParts,
    private readonly partnerLeg: PartnerLeg,
  ) {}

  async serve(request: ServeRequest, options: ServeOptions): Promise<Served> {
    const started = performance.now();
    const now = options.now ?? this.parts.now();
    const weight = options.weight ?? 1;
    // Built once the engine has started: no await on the hot path (a closed engine refuses).
    const snapshot = this.parts.current() ?? (await this.parts.snapshot());
    // The own DSP decides an exchange's impression on the exchange stand-in slot.
    const slot = slotOf(snapshot, request);
    const count = !request.test && slot !== undefined;

    const history = request.uid ? await this.parts.store.userHistory(request.uid) : EMPTY_HISTORY;
    const floor = slot ? floorOf(slot, request) : request.bidFloor;

    // Upstream first, so the partner's time runs while our own demand is decided.
    let sspStrategy: SspStrategyConfig | null = null;
    let partnerCall: Promise<LegResult> | null = null;
    const link = options.auction;
    let partnerFate: readonly PartnerFate[] = NO_PARTNERS;
    if (slot && slot.status === 0 && slot.mediaStatus === 0 && request.channel !== 'dsp') {
      sspStrategy = chooseSspStrategy(snapshot, request);
      const allocated = sspStrategy
        ? allocatePartner(sspStrategy, snapshot, Math.floor(this.parts.random() * 1000))
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
            allowPrivate: this.parts.allowPrivate,
            ...(this.parts.seller ? { seller: this.parts.seller } : {}),
            rates: snapshot.rates,
          });
        const key = link?.key ?? request.id;
        partnerCall = batch.join(key, leg, allocated.dsp, allocated.permille, deadlineMs);
      }
    }
    // An impression calling no partner: the auction's partner calls need not wait for it.
    if (link) link.batch.pass(link.key);

    // A backfill request is a sample already: its losers always count, with its weight.
    const lossWeight = !count
      ? 0
      : options.weight !== undefined
        ? weight
        : this.parts.auctionSample.take(weight);
    const own = decideOwn(snapshot, request, {
      now,
      state: this.parts.store.view(),
      history,
      explain: false,
      // The auction needs only the winner and the price setter; a sampled request, every
      // strategy that entered.
      ...(lossWeight > 0 ? {} : { depth: 2 }),
    });
    let partnerBids: readonly PartnerBid[] = NO_PARTNER_BIDS;
    let partnerBid: { bid: PartnerBid; belowFloor: boolean } | null = null;
    if (partnerCall) {
      const answered = await partnerCall;
      if (!request.test && answered.countsCall) {
        this.parts.accounting.countPartnerCall(
          answered.fate.dspId,
          answered.callOutcome,
          answered.latencyMs,
          now,
          weight,
        );
        // Every bid refused before our auction, by reason (the DSP screen's table).
        if (answered.rejections.length > 0) {
          this.parts.accounting.countPartnerRejections(
            answered.fate.dspId,
            answered.rejections,
            now,
          );
        }
      }
      // The SSP strategy may hold partners to a higher floor than our own demand.
      const belowFloor =
        answered.bid !== null && answered.bid.ecpm < partnerFloor(floor, sspStrategy);
      const fate: PartnerFate = belowFloor
        ? { ...answered.fate, reason: 'bidBelowFloor' }
        : answered.fate;
      if (belowFloor && !request.test) {
        this.parts.accounting.countPartnerRejections(answered.fate.dspId, ['belowFloor'], now);
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
      !(await this.holdServed(auction.winner.plan, request, auction.price, tokenId, now, weight));
    const won = unpaid ? null : auction.winner;
    if (lossWeight > 0 && slot) {
      const losers = this.countLostAuctions(own.ranked, won, request, slot, now, lossWeight);
      if (options.weight === undefined) this.parts.auctionSample.spent(losers);
    }
    // A partner bid that lost our auction is told so, with why and what would have won.
    if (partnerBid && won !== partnerBid.bid) {
      const belowFloor = partnerBid.belowFloor || partnerBid.bid.ecpm < floor;
      this.partnerLeg.notifyLoss({ ...partnerBid, belowFloor }, request.id, won, auction.price);
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
        this.parts.accounting.countUnfilled(requestDims(request, slot, null), now, weight);
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
    return this.answerWin(decision, slot, won, auction.price, options.origin, now, tokenId, weight);
  }

  /**
   * The strategies of ours that entered this auction and did not fill it (auction-sample.ts):
   * outbid, lost to a partner, or out of money when held. Answers how many.
   */
  private countLostAuctions(
    entrants: readonly OwnBid[],
    won: Bid | null,
    request: ServeRequest,
    slot: SlotConfig,
    now: number,
    weight: number,
  ): number {
    let losers = 0;
    for (const bid of entrants) {
      if (bid === won) continue;
      losers += 1;
      this.parts.accounting.countLostAuction(requestDims(request, slot, bid), now, weight);
    }
    return losers;
  }

  /** Holds the served ad's price until its billed event claims it; false: nothing is left. */
  private holdServed(
    plan: PlanConfig,
    request: ServeRequest,
    price: number,
    id: string,
    now: number,
    weight: number,
  ): Promise<boolean> | boolean {
    const micros = heldMicros(plan, request, price) * weight;
    if (micros <= 0) return true;
    return this.parts.store.hold({
      id,
      reservation: {
        planId: plan.id,
        advertiserId: plan.ownerId,
        micros,
        budget: plan.budget,
        day: this.parts.days.dayOf(now),
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
    weight: number,
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
      this.partnerLeg.keepForCallerLoss(request, id, exp);
      if (claims.channel === 'notice' && !request.test) {
        await expectNotice(
          this.parts.billingNotices,
          id,
          { dspId: 0, planId: plan.id },
          exp * 1000,
        );
      }
      const token = this.parts.signer.sign(claims);
      const urls = trackingUrls(origin, token);
      if (!request.test) this.parts.accounting.countFill(claims, now, weight);
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
    return this.partnerLeg.answerWin(decision, slot, winner, price, origin, now, id, weight);
  }

  /** Replays a request without serving, counting or calling anyone: every candidate's fate. */
  async diagnose(
    request: ServeRequest,
    at: number,
  ): Promise<{ decision: Decision; snapshot: Snapshot }> {
    await this.parts.sync();
    const snapshot = await this.parts.snapshot();
    const history = request.uid ? await this.parts.store.userHistory(request.uid) : EMPTY_HISTORY;
    const own = decideOwn(snapshot, request, {
      now: at,
      state: this.parts.store.view(),
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
}
