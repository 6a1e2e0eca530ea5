/**
 * The words of a diagnosis: for a rejection code, the facts that made the rule fail (the
 * slot's countries, the plan's end, the failing targeting rule…). Only a decision asked to
 * explain itself calls these; the codes are translated by the console, these details are
 * technical and stay in English.
 */
import {
  CreativeReview,
  PlanStatus,
  RejectReason,
  SimpleStatus,
  WideStatus,
  Weekday,
  formatMoney,
  type RejectReasonValue,
} from '@adloom/domain';
import { describeRule, firstFailingRule } from '../rules.js';
import type {
  AdvertiserConfig,
  CreativeConfig,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  StateView,
  StrategyConfig,
  UserHistory,
} from '../types.js';
import { creativeRejection, seenInInterval } from './eligibility.js';
import { countSince, type UtcClock } from './schedule.js';

const list = (values: Iterable<string | number>) => `[${[...values].join(', ')}]`;
const iso = (ms: number) => new Date(ms).toISOString();
const money = (micros: number) => formatMoney(micros, 6).replace(/\.?0+$/, '');

export function slotDetail(reason: RejectReasonValue, slot: SlotConfig, request: ServeRequest) {
  switch (reason) {
    case RejectReason.slotInactive:
      return `slot ${slot.id} is ${WideStatus.label(slot.status, 'en')}`;
    case RejectReason.mediaInactive:
      return `media ${slot.mediaId} (${slot.mediaName}) is ${WideStatus.label(slot.mediaStatus, 'en')}`;
    default:
      return `country ${request.country || '(unknown)'} not in ${list(slot.countries)}`;
  }
}

export interface PlanFacts {
  plan: PlanConfig;
  advertiser: AdvertiserConfig | undefined;
  state: StateView;
  history: UserHistory;
  clock: UtcClock;
  /** False when the request has no user id: nothing was counted. */
  counted: boolean;
}

export function planDetail(reason: RejectReasonValue, facts: PlanFacts): string {
  const { plan, advertiser, state, clock } = facts;
  switch (reason) {
    case RejectReason.planNotLive:
      return `plan ${plan.id} is ${PlanStatus.label(plan.status, 'en')}`;
    case RejectReason.planNotStarted:
      return `starts at ${iso(plan.startAt)}`;
    case RejectReason.planEnded:
      return `ended at ${iso(plan.endAt ?? 0)}`;
    case RejectReason.planSchedule:
      return `${Weekday.label(clock.weekday + 1, 'en')} ${clock.hour}:00 UTC is not in the schedule`;
    case RejectReason.planBudget:
      return `spent ${money(state.planSpentToday(plan.id))} of ${money(plan.budget)} today`;
    case RejectReason.advertiserBalance:
      if (!advertiser) return `advertiser ${plan.ownerId} is unknown`;
      if (advertiser.status !== SimpleStatus.active)
        return `advertiser ${plan.ownerId} is disabled`;
      return `advertiser ${plan.ownerId} has ${money(state.advertiserAvailable(plan.ownerId))} available`;
    case RejectReason.frequencyDaily: {
      const seen = facts.counted ? (facts.history.get(plan.id) ?? []) : [];
      return `seen ${countSince(seen, clock.dayStartSeconds)} times today, cap ${plan.timesPerUser}`;
    }
    case RejectReason.frequencyInterval: {
      const seen = facts.counted ? (facts.history.get(plan.id) ?? []) : [];
      return `seen ${seenInInterval(plan, seen, clock)} times in the last ${plan.intervalSeconds} s, cap ${plan.frequencyPerUser}`;
    }
    default:
      return '';
  }
}

export function strategyDetail(
  reason: RejectReasonValue,
  strategy: StrategyConfig,
  request: ServeRequest,
): string {
  switch (reason) {
    case RejectReason.strategyInactive:
      return `strategy ${strategy.id} is inactive`;
    case RejectReason.targeting: {
      const rule = firstFailingRule(strategy.targeting, request);
      return rule ? describeRule(rule) : '';
    }
    case RejectReason.language:
      return `language ${request.lang || '(unknown)'} not in ${list(strategy.languages)}`;
    default:
      return '';
  }
}

function creativeFact(
  reason: RejectReasonValue,
  creative: CreativeConfig,
  slot: SlotConfig,
  strategy: StrategyConfig,
  request: ServeRequest,
): string {
  switch (reason) {
    case RejectReason.creativeNotApproved:
      return `review ${CreativeReview.label(creative.review, 'en')}`;
    case RejectReason.creativeInactive:
      return `status ${WideStatus.label(creative.status, 'en')}`;
    case RejectReason.creativeStyle:
      return slot.styleIds.has(creative.styleId)
        ? `style ${creative.styleId} not in the strategy's ${list(strategy.styleIds)}`
        : `style ${creative.styleId} not in the slot's ${list(slot.styleIds)}`;
    case RejectReason.creativeSize:
      return `${creative.width}×${creative.height} does not fit the slot's ${slot.width}×${slot.height} (0 = any)`;
    case RejectReason.creativeOs:
      return `os ${creative.os}, the device's ${request.os}`;
    default:
      return '';
  }
}

/** Each creative of the strategy with why it cannot serve: `creative 7: review Auditing; …`. */
export function creativesDetail(
  strategy: StrategyConfig,
  creatives: ReadonlyMap<number, CreativeConfig>,
  slot: SlotConfig,
  request: ServeRequest,
): string {
  const parts: string[] = [];
  for (const id of strategy.creativeIds) {
    const creative = creatives.get(id);
    if (!creative) continue;
    const reason = creativeRejection(creative, slot, strategy, request);
    if (reason)
      parts.push(`creative ${id}: ${creativeFact(reason, creative, slot, strategy, request)}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'the strategy has no creative';
}

export function floorDetail(ecpm: number, floor: number): string {
  return `eCPM ${money(ecpm)} below the floor ${money(floor)}`;
}

export function choiceDetail(creativeId: number, position: number, eligible: number): string {
  return eligible === 1
    ? `creative ${creativeId}, the only eligible one`
    : `creative ${creativeId}, ${position} of ${eligible} eligible, rotated by the request id`;
}
