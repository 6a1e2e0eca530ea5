/**
 * The hot path: our own eligible bids on a slot for one request, best first, without a
 * diagnosis. It walks the slot's prepared candidates (candidates.ts), already sorted by
 * standing, so the ranking costs no sort (only runs of equal bids are reordered), and a
 * rejected candidate costs no allocation: plan verdicts live in reused arrays, bids were
 * built with the snapshot. Same rules, same order as the diagnosis (diagnose.ts).
 */
import type { ImpFit, OwnBid, ServeRequest, SlotConfig, Snapshot } from '../types.js';
import {
  languageSegmentOf,
  planCountOf,
  segmentOf,
  slotCandidates,
  type Candidate,
} from './candidates.js';
import type { DecideContext } from './decide.js';
import { frequencyRejection, osFits, planRejection, strategyRejection } from './eligibility.js';
import { floorOf } from './pricing.js';
import { byStanding, isBookedPlan, rotateTies } from './ranking.js';
import { creativeIndex, hashRequestId } from './rotation.js';
import { firstFailingRule } from '../rules.js';
import { utcClock, type UtcClock } from './schedule.js';

const UNKNOWN = 0;
const PASS = 1;
const FAIL = 2;

/**
 * Plan verdicts of the current request, by plan index; a new request starts by moving the
 * stamp instead of clearing. Safe to share: a decision runs to its end synchronously.
 */
const verdicts = {
  stamp: 0,
  stamps: new Int32Array(0),
  plans: new Uint8Array(0),
  caps: new Uint8Array(0),
};

function beginRequest(planCount: number): number {
  if (verdicts.stamps.length < planCount || verdicts.stamp >= 0x7fffffff) {
    const size = Math.max(planCount, verdicts.stamps.length);
    verdicts.stamps = new Int32Array(size);
    verdicts.plans = new Uint8Array(size);
    verdicts.caps = new Uint8Array(size);
    verdicts.stamp = 0;
  }
  verdicts.stamp += 1;
  return verdicts.stamp;
}

interface RequestScope {
  request: ServeRequest;
  ctx: DecideContext;
  clock: UtcClock;
  stamp: number;
  hash: number;
  counted: boolean;
}

export interface RankedBids {
  ranked: OwnBid[];
  /** Some candidate passed every rule but the floor. */
  belowFloor: boolean;
}

export function rankOwnBids(
  snapshot: Snapshot,
  slot: SlotConfig,
  request: ServeRequest,
  ctx: DecideContext,
): RankedBids {
  const { candidates, bids, osBound } = languageSegmentOf(
    segmentOf(slotCandidates(snapshot, slot), request.country, request.os),
    request.lang,
  );
  const scope: RequestScope = {
    request,
    ctx,
    clock: utcClock(ctx.now),
    stamp: beginRequest(planCountOf(snapshot)),
    hash: hashRequestId(request.id),
    counted: request.uid !== '',
  };
  const floor = floorOf(slot, request);
  const depth = ctx.depth ?? Number.POSITIVE_INFINITY;
  const ranked: OwnBid[] = [];
  let belowFloor = false;
  for (let index = 0; index < candidates.length; index += 1) {
    const candidate = candidates[index] as Candidate;
    const fitting = bids[index] as readonly OwnBid[];
    // Deep enough: stop at the first candidate ranking below the last kept one (equal ones
    // stay, their order among themselves is the request's).
    const last = ranked.length >= depth ? ranked[ranked.length - 1] : undefined;
    if (last && byStanding(last, candidate) !== 0) break;
    if (candidate.ecpm < floor) {
      // Only a no-fill needs to know whether the floor alone stopped someone.
      if (ranked.length === 0 && !belowFloor) {
        belowFloor = bidOf(candidate, fitting, osBound[index] === 1, scope) !== null;
      }
      // Sorted by standing: after a CPM or CPC bid below the floor, the rest are below it.
      if (!isBookedPlan(candidate.plan) && (ranked.length > 0 || belowFloor)) break;
      continue;
    }
    const bid = bidOf(candidate, fitting, osBound[index] === 1, scope);
    if (bid) ranked.push(bid);
  }
  rotateTies(ranked, scope.hash);
  if (ranked.length > depth) ranked.length = depth;
  return { ranked, belowFloor };
}

/** The candidate's bid for this request (its creative rotated by the request id), or null. */
function bidOf(
  candidate: Candidate,
  fitting: readonly OwnBid[],
  osBound: boolean,
  scope: RequestScope,
): OwnBid | null {
  const { plan, planIndex, strategy } = candidate;
  const { request, ctx, clock, stamp } = scope;
  // The cheap, often failing checks first (strategyRejection makes them again, in order).
  const { languages } = strategy;
  if (languages.size > 0 && !languages.has(request.lang)) return null;
  if (candidate.slotRules.length > 0 && firstFailingRule(candidate.slotRules, request)) {
    return null;
  }
  if (verdicts.stamps[planIndex] !== stamp) {
    verdicts.stamps[planIndex] = stamp;
    verdicts.plans[planIndex] =
      planRejection(plan, candidate.advertiser, ctx.state, clock) === null ? PASS : FAIL;
    verdicts.caps[planIndex] = UNKNOWN;
  }
  if (verdicts.plans[planIndex] === FAIL) return null;
  if (candidate.selective && strategyRejection(strategy, request) !== null) return null;
  if (verdicts.caps[planIndex] === UNKNOWN) {
    const seen = scope.counted ? ctx.history.get(plan.id) : undefined;
    verdicts.caps[planIndex] = frequencyRejection(plan, seen, clock) === null ? PASS : FAIL;
  }
  if (verdicts.caps[planIndex] === FAIL) return null;

  const { fit } = request;
  if ((!osBound || request.os === 0) && !fit) {
    return fitting[creativeIndex(scope.hash, strategy.id, fitting.length)] ?? null;
  }
  let eligible = 0;
  let first: OwnBid | null = null;
  for (const bid of fitting) {
    if (!creativeFits(bid, request, fit)) continue;
    if (eligible === 0) first = bid;
    eligible += 1;
  }
  if (eligible <= 1) return first;
  let skip = creativeIndex(scope.hash, strategy.id, eligible);
  for (const bid of fitting) {
    if (!creativeFits(bid, request, fit)) continue;
    if (skip === 0) return bid;
    skip -= 1;
  }
  return null;
}

/** The device runs the creative and, for an OpenRTB impression, the impression takes it. */
function creativeFits(bid: OwnBid, request: ServeRequest, fit: ImpFit | undefined): boolean {
  return (
    osFits(bid.creative, request) && (fit === undefined || fit.accepts(bid.creative, bid.plan))
  );
}
