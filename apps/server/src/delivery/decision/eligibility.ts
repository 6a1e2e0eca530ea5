/**
 * The eligibility rules of a decision, each answering the RejectReason of the first rule
 * that fails (or null), in the order RejectReason lists them: slot, plan, strategy,
 * frequency, creative. They return codes only: the hot path neither allocates nor builds
 * strings; explain.ts says why in words when a diagnosis asks.
 */
import {
  CreativeReview,
  PlanStatus,
  RejectReason,
  SimpleStatus,
  WideStatus,
  type RejectReasonValue,
} from '@adloom/domain';
import { firstFailingRule } from '../rules.js';
import type {
  AdvertiserConfig,
  CreativeConfig,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  StateView,
  StrategyConfig,
} from '../types.js';
import { countSince, inSchedule, type UtcClock } from './schedule.js';

/** Platform 0: the creative runs anywhere, or the request does not say. */
const ANY_OS = 0;

export function slotRejection(
  slot: SlotConfig,
  request: Pick<ServeRequest, 'country'>,
): RejectReasonValue | null {
  if (slot.status !== WideStatus.active) return RejectReason.slotInactive;
  if (slot.mediaStatus !== WideStatus.active) return RejectReason.mediaInactive;
  if (slot.countries.size > 0 && !slot.countries.has(request.country)) {
    return RejectReason.slotCountry;
  }
  return null;
}

/** Plan-wide rules up to money; the same for every strategy of the plan in one request. */
export function planRejection(
  plan: PlanConfig,
  advertiser: AdvertiserConfig | undefined,
  state: StateView,
  clock: UtcClock,
): RejectReasonValue | null {
  if (plan.status !== PlanStatus.live) return RejectReason.planNotLive;
  if (clock.nowMs < plan.startAt) return RejectReason.planNotStarted;
  if (plan.endAt !== null && clock.nowMs >= plan.endAt) return RejectReason.planEnded;
  if (!inSchedule(plan.scheduleMasks, clock)) return RejectReason.planSchedule;
  if (state.planSpentToday(plan.id) >= plan.budget) return RejectReason.planBudget;
  if (!advertiserCanPay(plan.ownerId, advertiser, state)) return RejectReason.advertiserBalance;
  return null;
}

export function advertiserCanPay(
  ownerId: number,
  advertiser: AdvertiserConfig | undefined,
  state: StateView,
): boolean {
  return (
    advertiser !== undefined &&
    advertiser.status === SimpleStatus.active &&
    state.advertiserAvailable(ownerId) > 0
  );
}

export function strategyRejection(
  strategy: StrategyConfig,
  request: ServeRequest,
): RejectReasonValue | null {
  if (strategy.status !== SimpleStatus.active) return RejectReason.strategyInactive;
  if (firstFailingRule(strategy.targeting, request) !== undefined) return RejectReason.targeting;
  // An unknown language ('') is in no set, so it fails a strategy that names languages.
  if (strategy.languages.size > 0 && !strategy.languages.has(request.lang)) {
    return RejectReason.language;
  }
  return null;
}

/** Impressions of the plan the user saw within its interval (the last intervalSeconds). */
export function seenInInterval(plan: PlanConfig, seen: readonly number[], clock: UtcClock): number {
  return countSince(seen, clock.nowSeconds - plan.intervalSeconds + 1);
}

/**
 * The plan's frequency caps against the user's impressions of it (epoch seconds). A
 * request without a user id cannot be counted: the caller passes nothing seen.
 */
export function frequencyRejection(
  plan: PlanConfig,
  seen: readonly number[] | undefined,
  clock: UtcClock,
): RejectReasonValue | null {
  if (seen === undefined || seen.length === 0) return null;
  if (plan.timesPerUser > 0 && countSince(seen, clock.dayStartSeconds) >= plan.timesPerUser) {
    return RejectReason.frequencyDaily;
  }
  if (
    plan.frequencyPerUser > 0 &&
    plan.intervalSeconds > 0 &&
    seenInInterval(plan, seen, clock) >= plan.frequencyPerUser
  ) {
    return RejectReason.frequencyInterval;
  }
  return null;
}

/** The creative's style is taken by the slot and, when the strategy names styles, by it. */
export function styleAccepted(
  creative: CreativeConfig,
  slot: Pick<SlotConfig, 'styleIds'>,
  strategy: StrategyConfig,
): boolean {
  return (
    slot.styleIds.has(creative.styleId) &&
    (strategy.styleIds.size === 0 || strategy.styleIds.has(creative.styleId))
  );
}

/**
 * Size rule — exact fit per side: a slot side of 0 takes any size, otherwise the creative's
 * side must equal it. A creative without a visual (0 × 0: text) fits every slot.
 */
export function fitsSlot(
  creative: CreativeConfig,
  slot: Pick<SlotConfig, 'width' | 'height'>,
): boolean {
  if (creative.width === 0 && creative.height === 0) return true;
  return (
    (slot.width === 0 || creative.width === slot.width) &&
    (slot.height === 0 || creative.height === slot.height)
  );
}

/** The device runs the creative: it names no OS, or the request does not say, or they agree. */
export function osFits(creative: CreativeConfig, request: Pick<ServeRequest, 'os'>): boolean {
  return creative.os === ANY_OS || request.os === ANY_OS || creative.os === request.os;
}

/** Approved and not shelved: what holds for a creative whatever the slot and the request. */
export function creativeServable(creative: CreativeConfig): boolean {
  return creative.review === CreativeReview.approve && creative.status === WideStatus.active;
}

export function creativeRejection(
  creative: CreativeConfig,
  slot: SlotConfig,
  strategy: StrategyConfig,
  request: ServeRequest,
): RejectReasonValue | null {
  if (creative.review !== CreativeReview.approve) return RejectReason.creativeNotApproved;
  if (creative.status !== WideStatus.active) return RejectReason.creativeInactive;
  if (!styleAccepted(creative, slot, strategy)) return RejectReason.creativeStyle;
  if (!fitsSlot(creative, slot)) return RejectReason.creativeSize;
  if (!osFits(creative, request)) return RejectReason.creativeOs;
  return null;
}

/** The creative rules in their order, to tell which of several rejections came furthest. */
export const CREATIVE_RULE_ORDER: readonly RejectReasonValue[] = [
  RejectReason.creativeNotApproved,
  RejectReason.creativeInactive,
  RejectReason.creativeStyle,
  RejectReason.creativeSize,
  RejectReason.creativeOs,
];
