/**
 * The decision explained (the diagnosis tool: 'why did this slot not serve this plan?'):
 * every strategy of the snapshot, in plan order, goes through the eligibility rules in
 * their order and gets its fate with the first rule that stopped it, in words. Slower than
 * the hot path (rank.ts) and meant to be: it reaches the same bids in the same order.
 */
import { RejectReason, type RejectReasonValue } from '@adloom/domain';
import type {
  CandidateFate,
  CreativeConfig,
  OwnBid,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  Snapshot,
  StrategyConfig,
} from '../types.js';
import { allStrategies } from './candidates.js';
import type { DecideContext } from './decide.js';
import {
  choiceDetail,
  creativesDetail,
  floorDetail,
  planDetail,
  slotDetail,
  strategyDetail,
  type PlanFacts,
} from './details.js';
import {
  CREATIVE_RULE_ORDER,
  creativeRejection,
  frequencyRejection,
  planRejection,
  strategyRejection,
} from './eligibility.js';
import { ecpmOf, floorOf } from './pricing.js';
import { rankOrder } from './ranking.js';
import { creativeIndex, hashRequestId } from './rotation.js';
import { utcClock } from './schedule.js';

export interface ExplainedBids {
  ranked: OwnBid[];
  belowFloor: boolean;
  candidates: CandidateFate[];
}

const fate = (
  strategy: StrategyConfig,
  creativeId: number,
  ecpm: number,
  reason: RejectReasonValue,
  detail: string,
): CandidateFate => ({
  planId: strategy.planId,
  strategyId: strategy.id,
  creativeId,
  ecpm,
  reason,
  detail,
});

/** Every strategy stopped by the slot itself (inactive, its media inactive, the country). */
export function slotFates(
  snapshot: Snapshot,
  slot: SlotConfig,
  request: ServeRequest,
  reason: RejectReasonValue,
): CandidateFate[] {
  const detail = slotDetail(reason, slot, request);
  return allStrategies(snapshot).map((strategy) => {
    const plan = snapshot.plans.get(strategy.planId);
    return fate(strategy, 0, plan ? ecpmOf(plan, strategy) : 0, reason, detail);
  });
}

/** A strategy's creative choice: the eligible ones, and which the request shows. */
interface CreativePick {
  creative: CreativeConfig | undefined;
  /** 1-based place of the chosen one among the eligible. */
  position: number;
  eligible: number;
  /** When none is eligible: the rejection that came furthest, and its creative. */
  reason: RejectReasonValue;
  rejectedId: number;
}

function pickCreative(
  strategy: StrategyConfig,
  creatives: ReadonlyMap<number, CreativeConfig>,
  slot: SlotConfig,
  request: ServeRequest,
  requestHash: number,
): CreativePick {
  const eligible: CreativeConfig[] = [];
  const pick: CreativePick = {
    creative: undefined,
    position: 0,
    eligible: 0,
    reason: RejectReason.creativeInactive,
    rejectedId: 0,
  };
  let furthest = -1;
  for (const id of strategy.creativeIds) {
    const creative = creatives.get(id);
    if (!creative) continue;
    const reason = creativeRejection(creative, slot, strategy, request);
    if (reason === null) {
      eligible.push(creative);
    } else if (CREATIVE_RULE_ORDER.indexOf(reason) > furthest) {
      // The most telling rejection is the one that got furthest through the rules.
      furthest = CREATIVE_RULE_ORDER.indexOf(reason);
      pick.reason = reason;
      pick.rejectedId = id;
    }
  }
  if (eligible.length > 0) {
    const index = creativeIndex(requestHash, strategy.id, eligible.length);
    pick.creative = eligible[index];
    pick.position = index + 1;
    pick.eligible = eligible.length;
  }
  return pick;
}

export function diagnoseOwnBids(
  snapshot: Snapshot,
  slot: SlotConfig,
  request: ServeRequest,
  ctx: DecideContext,
): ExplainedBids {
  const { state, history } = ctx;
  const clock = utcClock(ctx.now);
  const floor = floorOf(slot, request);
  const counted = request.uid !== '';
  const requestHash = hashRequestId(request.id);
  const ranked: OwnBid[] = [];
  const candidates: CandidateFate[] = [];
  const eligibleFates = new Map<number, CandidateFate>();
  let belowFloor = false;

  let plan: PlanConfig | undefined;
  let planReason: RejectReasonValue | null = null;
  let frequencyReason: RejectReasonValue | null = null;
  for (const strategy of allStrategies(snapshot)) {
    if (plan?.id !== strategy.planId) {
      plan = snapshot.plans.get(strategy.planId);
      if (!plan) continue;
      planReason = planRejection(plan, snapshot.advertisers.get(plan.ownerId), state, clock);
      const seen = counted ? history.get(plan.id) : undefined;
      frequencyReason = frequencyRejection(plan, seen, clock);
    }
    const facts: PlanFacts = {
      plan,
      advertiser: snapshot.advertisers.get(plan.ownerId),
      state,
      history,
      clock,
      counted,
    };
    const ecpm = ecpmOf(plan, strategy);
    const early = planReason ?? strategyRejection(strategy, request) ?? frequencyReason;
    if (early !== null) {
      const detail = planDetail(early, facts) || strategyDetail(early, strategy, request);
      candidates.push(fate(strategy, 0, ecpm, early, detail));
      continue;
    }
    const pick = pickCreative(strategy, snapshot.creatives, slot, request, requestHash);
    if (!pick.creative) {
      const detail = creativesDetail(strategy, snapshot.creatives, slot, request);
      candidates.push(fate(strategy, pick.rejectedId, ecpm, pick.reason, detail));
      continue;
    }
    if (ecpm < floor) {
      belowFloor = true;
      const detail = floorDetail(ecpm, floor);
      candidates.push(fate(strategy, pick.creative.id, ecpm, RejectReason.bidBelowFloor, detail));
      continue;
    }
    ranked.push({ kind: 'own', plan, strategy, creative: pick.creative, ecpm });
    // `outbid` until the order is known: the first is `served`.
    const detail = choiceDetail(pick.creative.id, pick.position, pick.eligible);
    const eligible = fate(strategy, pick.creative.id, ecpm, RejectReason.outbid, detail);
    candidates.push(eligible);
    eligibleFates.set(strategy.id, eligible);
  }

  ranked.sort(rankOrder(requestHash));
  const best = ranked[0] && eligibleFates.get(ranked[0].strategy.id);
  if (best) best.reason = RejectReason.served;
  return { ranked, belowFloor, candidates };
}
