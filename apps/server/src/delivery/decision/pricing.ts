/**
 * How bids compare and what the winner pays (docs/product/design.md#delivery-engine, docs/decisions/delivery.md).
 *
 * eCPM (micros per mille) puts every billing on one scale:
 * - CPM: the bid itself.
 * - CPC: bid × expected CTR × 1000, the CTR smoothed with a 1 % prior worth
 *   PRIOR_IMPRESSIONS impressions, so a new strategy neither wins nor loses everything on
 *   its first clicks.
 * - CPT: a booked placement paid per day. Its eCPM is its daily bid, for display only: CPT
 *   bids rank above every CPM and CPC bid, and among themselves by that bid.
 *
 * The price rule follows the auction type (docs/decisions/partner-pricing.md; auctionTypeOf:
 * the slot's on our SDK's traffic, first price — the winner's worth — for OpenRTB callers,
 * whose own auction sets the price): first price,
 * the winner pays its own eCPM; second price, the second-highest eligible eCPM plus
 * PRICE_INCREMENT_MICROS, at least the floor, never more than its own eCPM (a lone bidder
 * pays floor + increment, capped the same way). A CPT winner pays its eCPM (it is billed per
 * day, not per mille). Bids below the floor do not compete. A partner's bid competes net of
 * our take (its share passed on, call.ts); what it pays is the clearing price back in its
 * own terms (settlePartner).
 */
import {
  AuctionType,
  Billing,
  DspType,
  PRICE_INCREMENT_MICROS,
  PRIOR_CTR,
  PRIOR_IMPRESSIONS,
  type AuctionTypeValue,
} from '@adloom/domain';
import type {
  Bid,
  Channel,
  PartnerBid,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  StrategyConfig,
} from '../types.js';

/** The strategy's click rate, smoothed by the prior. */
export function expectedCtr(strategy: Pick<StrategyConfig, 'impressions' | 'clicks'>): number {
  return (
    (strategy.clicks + PRIOR_CTR * PRIOR_IMPRESSIONS) / (strategy.impressions + PRIOR_IMPRESSIONS)
  );
}

/** The strategy's bid as eCPM, micros per mille (integer). */
export function ecpmOf(
  plan: Pick<PlanConfig, 'billing'>,
  strategy: Pick<StrategyConfig, 'bid' | 'impressions' | 'clicks'>,
): number {
  if (plan.billing === Billing.cpc) return Math.round(strategy.bid * expectedCtr(strategy) * 1000);
  return strategy.bid;
}

/** The floor a request is decided against: the slot's lowest bid or the caller's, the higher. */
export function floorOf(
  slot: Pick<SlotConfig, 'lowestBid'>,
  request: Pick<ServeRequest, 'bidFloor'>,
) {
  return Math.max(slot.lowestBid, request.bidFloor);
}

/** A booked (CPT) placement of our own demand: ranks above everything else. */
export function isBooked(bid: Bid): boolean {
  return bid.kind === 'own' && bid.plan.billing === Billing.cpt;
}

/** True when `a` ranks strictly above `b`: booked first, then the higher eCPM. */
export function outranks(a: Bid, b: Bid): boolean {
  const bookedA = isBooked(a);
  if (bookedA !== isBooked(b)) return bookedA;
  return a.ecpm > b.ecpm;
}

export interface AuctionResult {
  winner: Bid | null;
  /** What the winner pays, micros per mille; 0 without a winner. */
  price: number;
  /** The best bid after the winner (what set the price), if any. */
  runnerUp: Bid | null;
}

/**
 * The auction type our own auction (own demand and partners' net bids) clears under. Our
 * SDK's /serve/ad: we are the final seller, so the slot's type. An OpenRTB caller or an
 * exchange (/openrtb2/auction, /dsp/openrtb2) runs the final auction and sets the price
 * itself: we offer what our winner is worth (its eCPM, a partner's bid net of our take) —
 * first price here — and the caller's `at` decides what it charges (settlesOnNotice).
 */
export function auctionTypeOf(
  request: { channel: Channel },
  slot: Pick<SlotConfig, 'auctionType'> | undefined,
): AuctionTypeValue {
  if (request.channel !== 'sdk') return AuctionType.first;
  return slot?.auctionType ?? AuctionType.second;
}

/**
 * The `at` a partner is told: the caller's, OpenRTB's default 2 when it states none (a
 * partner then pays the caller's clearing price in its terms, at most its bid); on our SDK's
 * traffic the slot's type (we run the final auction).
 */
export function partnerAuctionType(
  caller: { at?: number | undefined } | undefined,
  slot: Pick<SlotConfig, 'auctionType'> | undefined,
): AuctionTypeValue {
  if (caller) return caller.at === AuctionType.first ? AuctionType.first : AuctionType.second;
  return slot?.auctionType ?? AuctionType.second;
}

/**
 * True when what a sale is worth is only known from the buyer's billing notice: an OpenRTB
 * caller's second-price auction (it charges its own second price, at most our offer, and
 * says it in `${AUCTION_PRICE}`). Under `at` 1 it charges our offer, which we know.
 */
export function settlesOnCallerNotice(request: {
  channel: Channel;
  at?: number | undefined;
}): boolean {
  return request.channel === 'openrtb' && request.at !== AuctionType.first;
}

/**
 * The auction over our own ranked bids and the partners' bids. On equal rank the earlier
 * bid keeps its place (own bids come first, in their ranked order), so a tie never hands a
 * request from our own demand to a partner.
 */
export function runAuction(
  own: readonly Bid[],
  partners: readonly Bid[],
  floor: number,
  type: AuctionTypeValue = AuctionType.second,
): AuctionResult {
  let winner: Bid | null = null;
  let runnerUp: Bid | null = null;
  for (const list of [own, partners]) {
    for (const bid of list) {
      if (bid.ecpm < floor) continue;
      if (winner === null || outranks(bid, winner)) {
        runnerUp = winner;
        winner = bid;
      } else if (runnerUp === null || outranks(bid, runnerUp)) {
        runnerUp = bid;
      }
    }
  }
  return { winner, runnerUp, price: clearingPrice(winner, runnerUp, floor, type) };
}

/** The price rule above. */
export function clearingPrice(
  winner: Bid | null,
  runnerUp: Bid | null,
  floor: number,
  type: AuctionTypeValue = AuctionType.second,
): number {
  if (winner === null) return 0;
  if (isBooked(winner) || type === AuctionType.first) return winner.ecpm;
  const base = runnerUp === null ? floor : Math.max(floor, runnerUp.ecpm);
  return Math.min(winner.ecpm, base + PRICE_INCREMENT_MICROS);
}

/** A partner's bid net of our take: the part of its basis (bid or fixed CPM) passed on. */
export function netOfTake(basis: number, sharePermille: number): number {
  return Math.floor((basis * sharePermille) / 1000);
}

/**
 * The bid under another share than its partner's own (an SSP strategy's `percent`): its
 * basis (the bid, or a fixed-price partner's CPM) net of that take.
 */
export function withShare(bid: PartnerBid, percent: number): PartnerBid {
  const basis = bid.dsp.type === DspType.fixed ? bid.dsp.cpm : bid.rawPrice;
  return { ...bid, ecpm: netOfTake(basis, percent) };
}

/** Micros per mille of a won partner bid, split between the partner, us and the publisher. */
export interface PartnerSettlement {
  /** What the partner pays, in its own terms: the clearing price before our take. */
  paid: number;
  /** The publisher's share: the clearing price (what the caller is offered). */
  share: number;
  /** Ours: paid − share. */
  take: number;
}

/**
 * What a partner that won at `price` (net terms) pays: the price grossed back up by its
 * share, at most its bid; what of it is the publisher's (the price) and what is ours.
 */
export function settlePartner(
  bid: Pick<PartnerBid, 'ecpm' | 'rawPrice'>,
  price: number,
): PartnerSettlement {
  if (bid.ecpm <= 0 || price <= 0) return { paid: 0, share: 0, take: 0 };
  const paid = Math.min(bid.rawPrice, Math.round((price * bid.rawPrice) / bid.ecpm));
  const share = Math.min(price, paid);
  return { paid, share, take: paid - share };
}

/**
 * A settlement per impression, micros: each part of the per-mille amounts over 1000,
 * rounded, the take being the rest so that revenue = take + share to the micro.
 */
export function impressionSettlement(perMille: PartnerSettlement): PartnerSettlement {
  const paid = Math.round(perMille.paid / 1000);
  const share = Math.min(paid, Math.round(perMille.share / 1000));
  return { paid, share, take: paid - share };
}
