/**
 * Each eligibility rule alone flips a serving world (one slot, one plan, one strategy, one
 * creative) from served to rejected with that rule's code, on the hot path and in the
 * diagnosis; the neighbouring cases (a boundary, an empty = any setting) still serve.
 */
import {
  NoFillReason,
  PlanStatus,
  RejectReason,
  type NoFillReasonValue,
  type RejectReasonValue,
} from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../rules.js';
import type {
  AdvertiserConfig,
  CreativeConfig,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  StrategyConfig,
} from '../types.js';
import { decideOwn, type DecideContext } from './decide.js';
import {
  ADVERTISER,
  NOW,
  NOW_SECONDS,
  STYLE,
  contextOf,
  creativeConfig,
  planConfig,
  serveRequest,
  slotConfig,
  snapshotOf,
  stateOf,
  strategyConfig,
} from './test-kit.js';

interface Change {
  slot?: Partial<SlotConfig>;
  plan?: Partial<PlanConfig>;
  strategy?: Partial<StrategyConfig>;
  creative?: Partial<CreativeConfig>;
  advertiser?: Partial<AdvertiserConfig>;
  request?: Partial<ServeRequest>;
  context?: Partial<DecideContext>;
}

function decide(change: Change, explain: boolean) {
  const snapshot = snapshotOf({
    slots: [slotConfig(change.slot)],
    plans: [planConfig(change.plan)],
    strategies: [strategyConfig(change.strategy)],
    creatives: [creativeConfig(change.creative)],
    advertisers: [{ id: ADVERTISER, status: 0, ...change.advertiser }],
  });
  return decideOwn(
    snapshot,
    serveRequest(change.request),
    contextOf({ ...change.context, explain }),
  );
}

const hours = (...onHours: number[]) => onHours.reduce((mask, hour) => mask | (1 << hour), 0);
/** Seven masks, Monday first, with only the given day's hours on. */
const scheduleOn = (weekday: number, mask: number) =>
  Array.from({ length: 7 }, (_, day) => (day === weekday ? mask : 0));
const history = (...times: number[]) => new Map([[100, times]]);

interface FlipCase {
  name: string;
  change: Change;
  reason: RejectReasonValue;
  noFill?: NoFillReasonValue;
}

const flips: FlipCase[] = [
  {
    name: 'slot inactive',
    change: { slot: { status: 1 } },
    reason: RejectReason.slotInactive,
    noFill: NoFillReason.slotInactive,
  },
  {
    name: 'media inactive',
    change: { slot: { mediaStatus: 1 } },
    reason: RejectReason.mediaInactive,
    noFill: NoFillReason.mediaInactive,
  },
  {
    name: 'country outside the slot',
    change: { slot: { countries: new Set(['GB', 'DE']) } },
    reason: RejectReason.slotCountry,
    noFill: NoFillReason.slotCountry,
  },
  {
    name: 'unknown country on a slot with countries',
    change: { slot: { countries: new Set(['US']) }, request: { country: '' } },
    reason: RejectReason.slotCountry,
    noFill: NoFillReason.slotCountry,
  },
  {
    name: 'plan unlive',
    change: { plan: { status: PlanStatus.unlive } },
    reason: RejectReason.planNotLive,
  },
  {
    name: 'plan balance exhausted',
    change: { plan: { status: PlanStatus.balanceExhausted } },
    reason: RejectReason.planNotLive,
  },
  {
    name: 'plan not started',
    change: { plan: { startAt: NOW + 1 } },
    reason: RejectReason.planNotStarted,
  },
  { name: 'plan ended at now', change: { plan: { endAt: NOW } }, reason: RejectReason.planEnded },
  {
    name: 'hour off in the schedule',
    change: { plan: { scheduleMasks: scheduleOn(0, hours(9, 11)) } },
    reason: RejectReason.planSchedule,
  },
  {
    name: 'Monday 10:00 on another weekday',
    change: { plan: { scheduleMasks: scheduleOn(6, hours(10)) } },
    reason: RejectReason.planSchedule,
  },
  {
    name: 'daily budget spent',
    change: { context: { state: stateOf({ 100: 50_000_000 }) } },
    reason: RejectReason.planBudget,
  },
  {
    name: 'no balance available',
    change: { context: { state: stateOf({}, { [ADVERTISER]: 0 }) } },
    reason: RejectReason.advertiserBalance,
  },
  {
    name: 'advertiser disabled',
    change: { advertiser: { status: 1 } },
    reason: RejectReason.advertiserBalance,
  },
  {
    name: 'strategy inactive',
    change: { strategy: { status: 1 } },
    reason: RejectReason.strategyInactive,
  },
  {
    name: 'targeting include misses',
    change: {
      strategy: { targeting: compileRules([{ key: 'country', mode: 'include', values: ['GB'] }]) },
    },
    reason: RejectReason.targeting,
  },
  {
    name: 'targeting exclude hits',
    change: {
      strategy: { targeting: compileRules([{ key: 'os', mode: 'exclude', values: ['1'] }]) },
    },
    reason: RejectReason.targeting,
  },
  {
    name: 'language not the strategy’s',
    change: { strategy: { languages: new Set(['fr']) } },
    reason: RejectReason.language,
  },
  {
    name: 'unknown language',
    change: { strategy: { languages: new Set(['en']) }, request: { lang: '' } },
    reason: RejectReason.language,
  },
  {
    name: 'daily cap reached',
    change: {
      plan: { timesPerUser: 2 },
      context: { history: history(NOW_SECONDS - 7200, NOW_SECONDS - 60) },
    },
    reason: RejectReason.frequencyDaily,
  },
  {
    name: 'interval cap reached',
    change: {
      plan: { frequencyPerUser: 1, intervalSeconds: 600 },
      context: { history: history(NOW_SECONDS - 599) },
    },
    reason: RejectReason.frequencyInterval,
  },
  {
    name: 'creative in audit',
    change: { creative: { review: 1 } },
    reason: RejectReason.creativeNotApproved,
  },
  {
    name: 'creative rejected',
    change: { creative: { review: 2 } },
    reason: RejectReason.creativeNotApproved,
  },
  {
    name: 'creative shelved',
    change: { creative: { status: 1 } },
    reason: RejectReason.creativeInactive,
  },
  {
    name: 'style the slot does not take',
    change: { slot: { styleIds: new Set([STYLE + 1]) } },
    reason: RejectReason.creativeStyle,
  },
  {
    name: 'style the strategy does not name',
    change: { strategy: { styleIds: new Set([STYLE + 1]) } },
    reason: RejectReason.creativeStyle,
  },
  {
    name: 'wider than the slot',
    change: { slot: { width: 300, height: 50 } },
    reason: RejectReason.creativeSize,
  },
  {
    name: 'taller than an open-width slot',
    change: { slot: { width: 0, height: 90 } },
    reason: RejectReason.creativeSize,
  },
  {
    name: 'creative for another OS',
    change: { creative: { os: 2 } },
    reason: RejectReason.creativeOs,
  },
  {
    name: 'bid below the slot floor',
    change: { slot: { lowestBid: 2_000_001 } },
    reason: RejectReason.bidBelowFloor,
    noFill: NoFillReason.belowFloor,
  },
  {
    name: 'bid below the caller’s floor',
    change: { request: { bidFloor: 2_500_000 } },
    reason: RejectReason.bidBelowFloor,
    noFill: NoFillReason.belowFloor,
  },
];

const stillServes: { name: string; change: Change }[] = [
  { name: 'slot country matches', change: { slot: { countries: new Set(['GB', 'US']) } } },
  { name: 'plan starts now', change: { plan: { startAt: NOW } } },
  { name: 'plan ends a moment later', change: { plan: { endAt: NOW + 1 } } },
  { name: 'only Monday 10:00 on', change: { plan: { scheduleMasks: scheduleOn(0, hours(10)) } } },
  { name: 'budget not yet spent', change: { context: { state: stateOf({ 100: 49_999_999 }) } } },
  {
    name: 'targeting include matches',
    change: {
      strategy: {
        targeting: compileRules([{ key: 'country', mode: 'include', values: ['us', 'GB'] }]),
      },
    },
  },
  {
    name: 'language among the strategy’s',
    change: { strategy: { languages: new Set(['fr', 'en']) } },
  },
  {
    name: 'daily cap counts today only',
    change: { plan: { timesPerUser: 1 }, context: { history: history(NOW_SECONDS - 11 * 3600) } },
  },
  {
    name: 'daily cap not reached',
    change: { plan: { timesPerUser: 2 }, context: { history: history(NOW_SECONDS - 60) } },
  },
  {
    name: 'interval over',
    change: {
      plan: { frequencyPerUser: 1, intervalSeconds: 600 },
      context: { history: history(NOW_SECONDS - 600) },
    },
  },
  {
    name: 'caps without a user id',
    change: {
      plan: { timesPerUser: 1 },
      request: { uid: '' },
      context: { history: history(NOW_SECONDS - 60) },
    },
  },
  { name: 'exact size', change: { slot: { width: 320, height: 50 } } },
  { name: 'open width, same height', change: { slot: { width: 0, height: 50 } } },
  {
    name: 'text creative on a sized slot',
    change: { slot: { width: 300, height: 250 }, creative: { width: 0, height: 0 } },
  },
  { name: 'creative OS matches', change: { creative: { os: 1 } } },
  { name: 'device OS unknown', change: { creative: { os: 2 }, request: { os: 0 } } },
  { name: 'bid equals the floor', change: { slot: { lowestBid: 2_000_000 } } },
];

describe('eligibility: each rule alone', () => {
  it('serves the untouched world', () => {
    const hot = decide({}, false);
    expect(hot.noFill).toBeNull();
    expect(hot.ranked.map((bid) => [bid.strategy.id, bid.creative.id, bid.ecpm])).toEqual([
      [1000, 5000, 2_000_000],
    ]);
    expect(decide({}, true).candidates).toEqual([
      expect.objectContaining({ strategyId: 1000, creativeId: 5000, reason: RejectReason.served }),
    ]);
  });

  it.each(flips)('$name → $reason', ({ change, reason, noFill }) => {
    const hot = decide(change, false);
    expect(hot.ranked).toEqual([]);
    expect(hot.noFill).toBe(noFill ?? NoFillReason.noCandidate);

    const explained = decide(change, true);
    expect(explained.ranked).toEqual([]);
    expect(explained.candidates).toHaveLength(1);
    const [fate] = explained.candidates;
    expect(fate).toMatchObject({ planId: 100, strategyId: 1000, reason });
    expect(fate?.detail).not.toBe('');
  });

  it.each(stillServes)('still serves: $name', ({ change }) => {
    const hot = decide(change, false);
    expect(hot.noFill).toBeNull();
    expect(hot.ranked.map((bid) => bid.strategy.id)).toEqual([1000]);
  });

  it('answers unknownSlot for a slot the snapshot does not hold', () => {
    const answer = decide({ request: { slotId: 11 } }, true);
    expect(answer).toMatchObject({ slot: undefined, noFill: NoFillReason.unknownSlot, ranked: [] });
  });
});

describe('eligibility: the words of a diagnosis', () => {
  const detailOf = (change: Change) => decide(change, true).candidates[0]?.detail;

  it('names the facts that failed', () => {
    expect(detailOf({ slot: { countries: new Set(['GB', 'DE']) } })).toBe(
      'country US not in [GB, DE]',
    );
    expect(
      detailOf({
        strategy: {
          targeting: compileRules([{ key: 'country', mode: 'include', values: ['GB'] }]),
        },
      }),
    ).toBe('country include [GB]');
    expect(detailOf({ plan: { endAt: NOW } })).toBe('ended at 2026-03-02T10:30:00.000Z');
    expect(detailOf({ plan: { scheduleMasks: scheduleOn(6, 0) } })).toBe(
      'Monday 10:00 UTC is not in the schedule',
    );
    expect(detailOf({ context: { state: stateOf({ 100: 50_000_000 }) } })).toBe(
      'spent 50 of 50 today',
    );
    expect(detailOf({ advertiser: { status: 1 } })).toBe(`advertiser ${ADVERTISER} is disabled`);
    expect(detailOf({ slot: { width: 300, height: 50 } })).toBe(
      "creative 5000: 320×50 does not fit the slot's 300×50 (0 = any)",
    );
    expect(detailOf({ slot: { lowestBid: 2_500_000 } })).toBe('eCPM 2 below the floor 2.5');
  });
});
