/**
 * Our own demand's decision for one request (docs/product/design.md#delivery-engine): pure and synchronous over the
 * snapshot, the live counters and the user's history. The slot is checked first (it
 * exists, it and its media are active, it serves the request's country); then every
 * candidate strategy passes the eligibility rules in order (eligibility.ts), each eligible
 * one brings one creative rotated by the request id and its eCPM (pricing.ts), and the
 * eligible are ranked: booked (CPT) placements first, then by eCPM (ranking.ts).
 *
 * Without `explain` the decision takes the hot path (rank.ts). With it, every strategy of
 * the snapshot gets its fate and the reason in words (diagnose.ts); both reach the same
 * ranking.
 */
import {
  NoFillReason,
  RejectReason,
  type NoFillReasonValue,
  type RejectReasonValue,
} from '@adloom/domain';
import type {
  Bid,
  CandidateFate,
  OwnBid,
  ServeRequest,
  SlotConfig,
  Snapshot,
  StateView,
  UserHistory,
} from '../types.js';
import { diagnoseOwnBids, slotFates } from './diagnose.js';
import { slotRejection } from './eligibility.js';
import { slotOf } from './exchange.js';
import { rankOwnBids } from './rank.js';

/** The engine runs the auction next to the decision it feeds. */
export { runAuction, type AuctionResult } from './pricing.js';

export interface DecideContext {
  /** Epoch ms. */
  now: number;
  state: StateView;
  history: UserHistory;
  explain: boolean;
  /**
   * How many of the best bids the caller needs; all when unset. The auction needs two (the
   * winner and the price setter): with `depth: 2` the hot path stops as soon as it has
   * them, instead of checking every candidate. A diagnosis always ranks them all.
   */
  depth?: number;
}

export interface OwnDecision {
  slot: SlotConfig | undefined;
  /**
   * Why nothing of ours can serve, null when `ranked` holds a bid: a slot-level reason, or
   * belowFloor when some strategy passed every rule but the floor, else noCandidate.
   */
  noFill: NoFillReasonValue | null;
  /** Every eligible strategy (or the best `depth`) with its chosen creative, the best first. */
  ranked: OwnBid[];
  /** Every strategy's fate; only when asked to explain. */
  candidates: readonly CandidateFate[];
}

const SLOT_NO_FILL: Partial<Record<RejectReasonValue, NoFillReasonValue>> = {
  [RejectReason.slotInactive]: NoFillReason.slotInactive,
  [RejectReason.mediaInactive]: NoFillReason.mediaInactive,
  [RejectReason.slotCountry]: NoFillReason.slotCountry,
};

export function decideOwn(
  snapshot: Snapshot,
  request: ServeRequest,
  ctx: DecideContext,
): OwnDecision {
  const slot = slotOf(snapshot, request);
  if (!slot) return { slot, noFill: NoFillReason.unknownSlot, ranked: [], candidates: [] };
  const slotReason = slotRejection(slot, request);
  if (slotReason !== null) {
    return {
      slot,
      noFill: SLOT_NO_FILL[slotReason] ?? NoFillReason.noCandidate,
      ranked: [],
      candidates: ctx.explain ? slotFates(snapshot, slot, request, slotReason) : [],
    };
  }
  if (ctx.explain) {
    const { ranked, belowFloor, candidates } = diagnoseOwnBids(snapshot, slot, request, ctx);
    return { slot, noFill: noFillOf(ranked, belowFloor), ranked, candidates };
  }
  const { ranked, belowFloor } = rankOwnBids(snapshot, slot, request, ctx);
  return { slot, noFill: noFillOf(ranked, belowFloor), ranked, candidates: NO_CANDIDATES };
}

/** The fates of a decision that explains nothing: one shared empty list. */
export const NO_CANDIDATES: readonly CandidateFate[] = Object.freeze([]);

function noFillOf(ranked: readonly OwnBid[], belowFloor: boolean): NoFillReasonValue | null {
  if (ranked.length > 0) return null;
  return belowFloor ? NoFillReason.belowFloor : NoFillReason.noCandidate;
}

/**
 * After the auction with the partners: the winner's fate is `served`, every other eligible
 * one of ours `outbid` (a partner may have won). Rejected candidates keep their reason.
 */
export function settleFates(candidates: readonly CandidateFate[], winner: Bid | null): void {
  const winnerStrategy = winner?.kind === 'own' ? winner.strategy.id : -1;
  for (const candidate of candidates) {
    if (candidate.reason !== RejectReason.served && candidate.reason !== RejectReason.outbid) {
      continue;
    }
    candidate.reason =
      candidate.strategyId === winnerStrategy ? RejectReason.served : RejectReason.outbid;
  }
}
