/**
 * How bids compare and what the winner pays (DESIGN §5, docs/decisions/delivery.md).
 *
 * eCPM (micros per mille) puts every billing on one scale:
 * - CPM: the bid itself.
 * - CPC: bid × expected CTR × 1000, the CTR smoothed with a 1 % prior worth
 *   PRIOR_IMPRESSIONS impressions, so a new strategy neither wins nor loses everything on
 *   its first clicks.
 * - CPT: a booked placement paid per day. Its eCPM is its daily bid, for display only: CPT
 *   bids rank above every CPM and CPC bid, and among themselves by that bid.
 *
 * The price rule (second price): the winner pays the second-highest eligible eCPM plus
 * PRICE_INCREMENT_MICROS, at least the floor, never more than its own eCPM. A lone bidder
 * pays floor + increment, capped the same way. A CPT winner pays its eCPM (it is billed per
 * day, not per mille). Bids below the floor do not compete.
 */
import { Billing, PRICE_INCREMENT_MICROS, PRIOR_CTR, PRIOR_IMPRESSIONS } from '@adloom/domain';
import type { Bid, PlanConfig, ServeRequest, SlotConfig, StrategyConfig } from '../types.js';

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
 * The auction over our own ranked bids and the partners' bids. On equal rank the earlier
 * bid keeps its place (own bids come first, in their ranked order), so a tie never hands a
 * request from our own demand to a partner.
 */
export function runAuction(
  own: readonly Bid[],
  partners: readonly Bid[],
  floor: number,
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
  return { winner, runnerUp, price: clearingPrice(winner, runnerUp, floor) };
}

/** The price rule above. */
export function clearingPrice(winner: Bid | null, runnerUp: Bid | null, floor: number): number {
  if (winner === null) return 0;
  if (isBooked(winner)) return winner.ecpm;
  const base = runnerUp === null ? floor : Math.max(floor, runnerUp.ecpm);
  return Math.min(winner.ecpm, base + PRICE_INCREMENT_MICROS);
}
