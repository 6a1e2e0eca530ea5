/**
 * Plans and their strategies (docs/product/console.md#screens /ad/plan, docs/product/advertising.md#plans, docs/product/advertising.md#targeting, docs/product/advertising.md#plan-status,
 * docs/product/messages-and-codes.md#form-messages). Money is integer micros both ways; the schedule is seven lists of hours
 * (Monday first) in UTC+00:00. Bodies are JSON: schedules and targeting are nested.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZChangeComment, ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import {
  ZBulkIds,
  ZBulkResult,
  ZIdList,
  ZMoneyMicros,
  ZOwnerFilter,
  ZOwnerRef,
} from './ad-common.js';
import { msg, type MessageCode } from '../messages.js';
import { IabCategory } from '../iab-category.js';
import {
  Billing,
  CreativeLanguage,
  DeviceType,
  Network,
  OrientationKey,
  Platform,
  PlanStatus,
  TargetingMode,
  type OrientationKeyValue,
} from '../enums.js';

const AD = ['adController'] as const;

// ---------------------------------------------------------------- schedule

/** Seven lists of hours (0-23), Monday first; every hour of every day by default. */
export const ZSchedule = z
  .array(z.array(z.number().int().min(0).max(23)).max(24))
  .length(7, msg('plan.scheduleDays'))
  .refine((days) => days.some((hours) => hours.length > 0), {
    ...msg('plan.scheduleEmpty'),
  });
export type Schedule = number[][];

export const FULL_SCHEDULE: Schedule = Array.from({ length: 7 }, () =>
  Array.from({ length: 24 }, (_, hour) => hour),
);

/** The schedule as seven 24-bit masks (how it is stored and served). */
export function scheduleToMasks(schedule: Schedule): number[] {
  return schedule.map((hours) => hours.reduce((mask, hour) => mask | (1 << hour), 0));
}

export function masksToSchedule(masks: readonly number[]): Schedule {
  return Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (_, hour) => hour).filter((hour) => ((masks[day] ?? 0) >> hour) & 1),
  );
}

// ---------------------------------------------------------------- targeting

/** Most values one rule holds (pasted device lists). */
export const MAX_TARGETING_VALUES = 10_000;

const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MD5 = /^[0-9a-f]{32}$/i;

/** The format each dimension's values must have; existence is the server's check. */
export const ORIENTATION_VALUE_FORMAT: Record<OrientationKeyValue, (value: string) => boolean> = {
  country: (value) => /^[A-Z]{2}$/.test(value),
  os: (value) => Platform.has(Number(value)) && value !== '0',
  network: (value) => Network.has(Number(value)) && value !== '0',
  slot: (value) => /^[1-9]\d{0,9}$/.test(value),
  uid: (value) => /^[\w.:@-]{1,128}$/.test(value),
  appVersion: (value) => VERSION.test(value),
  oaid: (value) => /^[0-9a-f-]{16,64}$/i.test(value),
  imei: (value) => /^\d{14,16}$/.test(value) || MD5.test(value),
  idfa: (value) => UUID.test(value),
  brand: (value) => /^[a-z0-9][a-z0-9_-]{0,31}$/.test(value),
  model: (value) => /^[A-Za-z0-9][A-Za-z0-9 _.+-]{0,63}$/.test(value),
  // An Android package or iOS bundle id, or an App Store id (digits) as exchanges send it.
  pkg: (value) =>
    /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/.test(value) || /^\d{1,12}$/.test(value),
  osv: (value) => VERSION.test(value),
  deviceType: (value) => /^[1-9]$/.test(value) && DeviceType.has(Number(value)),
  siteDomain: (value) =>
    value.length <= 253 && /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value),
  audience: (value) => /^[a-z0-9][a-z0-9_-]{0,31}(\/[a-z0-9][a-z0-9_-]{0,31})?$/.test(value),
};

/** Splits pasted text (lines, commas, spaces, semicolons) into distinct values. */
export function splitPastedValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export const ZTargetingRule = z
  .object({
    key: z.string().refine((value) => OrientationKey.has(value), msg('ad.targetingWrong')),
    mode: z.string().refine((value) => TargetingMode.has(value), msg('ad.targetingWrong')),
    values: z
      .array(z.string().trim().max(128))
      .max(MAX_TARGETING_VALUES)
      .refine((values) => values.filter(Boolean).length > 0, {
        ...msg('ad.targetingEmpty'),
      }),
  })
  .superRefine((rule, context) => {
    const format = ORIENTATION_VALUE_FORMAT[rule.key as OrientationKeyValue];
    if (!format) return;
    const index = rule.values.findIndex((value) => value !== '' && !format(value));
    if (index >= 0) {
      context.addIssue({
        code: 'custom',
        path: ['values', index],
        ...msg('ad.configurationFormat'),
      });
    }
  });
export type TargetingRule = z.infer<typeof ZTargetingRule>;

/** One rule per dimension: include or exclude its values. */
export const ZTargeting = z.array(ZTargetingRule).superRefine((rules, context) => {
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (seen.has(rule.key)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'key'],
        ...msg('ad.targetingWrong'),
      });
    }
    seen.add(rule.key);
  });
});

// ---------------------------------------------------------------- plans

const ZCount = (max: number) => strictNumber(z.number().int().min(0).max(max));
const ZInstant = z.iso.datetime({ offset: true });

const planFields = {
  name: z.string().trim().min(1).max(64),
  /** Daily budget, micros, more than 0. */
  budget: ZMoneyMicros.refine((value) => value > 0, msg('plan.positive')),
  /** Default bid of the plan's strategies, micros; 0 = each strategy sets its own. */
  bid: ZMoneyMicros,
  billing: strictNumber(
    z
      .number()
      .int()
      .refine((value) => Billing.has(value), msg('plan.billing')),
  ),
  schedule: ZSchedule,
  start_at: ZInstant,
  end_at: ZInstant.nullable(),
  /** Impressions per user per day; 0 = unlimited. */
  times_per_user: ZCount(1_000_000),
  /** Impressions per user within `interval_seconds`; 0 = unlimited. */
  frequency_per_user: ZCount(1_000_000),
  interval_seconds: ZCount(30 * 86_400),
  /** How long a device may cache the ad, seconds. */
  cache_seconds: ZCount(7 * 86_400),
  /** What the plan advertises (IabCategory, an IAB tier-1 code); null = not stated. */
  iab_category: z.enum(IabCategory.values).nullable(),
};

/** The plan's fields without the cross-field rules, with the defaults of a new plan. */
export const ZPlanShape = z.object({
  ...planFields,
  bid: planFields.bid.default(0),
  schedule: planFields.schedule.default(FULL_SCHEDULE),
  end_at: planFields.end_at.default(null),
  times_per_user: planFields.times_per_user.default(0),
  frequency_per_user: planFields.frequency_per_user.default(0),
  interval_seconds: planFields.interval_seconds.default(0),
  cache_seconds: planFields.cache_seconds.default(0),
  iab_category: planFields.iab_category.default(null),
});

/** The fields a modify may send: any of them, and no defaults (an absent field is left alone). */
export const ZPlanPatch = z.object(planFields).partial();

type PlanCrossFields = Pick<
  z.infer<typeof ZPlanShape>,
  'start_at' | 'end_at' | 'frequency_per_user' | 'interval_seconds'
>;

/** The plan's cross-field rules, for the form, create, and a modify's merged row. */
export function planFieldIssues(plan: PlanCrossFields): { path: string; code: MessageCode }[] {
  const issues: { path: string; code: MessageCode }[] = [];
  if (plan.end_at && Date.parse(plan.end_at) <= Date.parse(plan.start_at)) {
    issues.push({ path: 'end_at', code: 'plan.endAfterStart' });
  }
  if (plan.frequency_per_user > 0 && plan.interval_seconds === 0) {
    issues.push({
      path: 'interval_seconds',
      code: 'plan.intervalNeeded',
    });
  }
  return issues;
}

export const ZPlanFields = ZPlanShape.superRefine((plan, context) => {
  for (const issue of planFieldIssues(plan)) {
    context.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
  }
});
export type PlanFields = z.infer<typeof ZPlanFields>;

/** Plan statuses as a list filter: an array, a repeated parameter or a comma-joined string. */
const ZPlanStatusList = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? [] : text.split(',').map((part) => part.trim());
  },
  z.array(
    strictNumber(
      z
        .number()
        .int()
        .refine((value) => PlanStatus.has(value), msg('plan.planStatus')),
    ),
  ),
);

export const ZPlan = z.object({
  id: z.number().int(),
  owner: ZOwnerRef,
  name: z.string(),
  budget: z.number().int(),
  bid: z.number().int(),
  billing: z.number().int(),
  schedule: z.array(z.array(z.number().int())),
  start_at: z.string(),
  end_at: z.string().nullable(),
  times_per_user: z.number().int(),
  frequency_per_user: z.number().int(),
  interval_seconds: z.number().int(),
  cache_seconds: z.number().int(),
  /** IabCategory code, or null when the plan states none. */
  iab_category: z.string().nullable(),
  /**
   * PlanStatus: 0 live, 7 unlive, 1 out of time, 2 balance exhausted, 3 lack of funds,
   * 5 archived.
   */
  status: z.number().int(),
  /** PlanStep: where the creation flow stands (4 = complete). */
  creation_step: z.number().int(),
  /** When creation was completed (docs/product/advertising.md#plans publish time). */
  published_at: z.string().nullable(),
  strategy_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof ZPlan>;

// ---------------------------------------------------------------- strategies

const strategyFields = {
  plan_id: ZId,
  name: z.string().trim().min(1).max(64),
  /** Bid in micros; null (or 0) = the plan's bid. One of the two must be more than 0. */
  bid: ZMoneyMicros.nullable(),
  targeting: ZTargeting,
  style_ids: ZIdList.refine((ids) => ids.length > 0, msg('ad.confirmStyle')),
  languages: z
    .array(
      z.string().refine((value) => CreativeLanguage.has(value), {
        ...msg('ad.needLanguage'),
      }),
    )
    .min(1, msg('ad.needLanguage')),
  /** The creatives this strategy serves (configured in the flow's third step). */
  creative_ids: ZIdList,
};

export const ZStrategyFields = z.object({
  ...strategyFields,
  bid: strategyFields.bid.default(null),
  targeting: strategyFields.targeting.default([]),
  creative_ids: strategyFields.creative_ids.default([]),
});
export type StrategyFields = z.infer<typeof ZStrategyFields>;

/**
 * A stored strategy as answers carry it. Plain types, not the form's rules: a strategy saved
 * before a style was switched off still reads back, and completing the plan names the problem.
 */
export const ZStrategy = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  name: z.string(),
  bid: z.number().int().nullable(),
  targeting: z.array(z.object({ key: z.string(), mode: z.string(), values: z.array(z.string()) })),
  style_ids: z.array(z.number().int()),
  languages: z.array(z.string()),
  creative_ids: z.array(z.number().int()),
  /** SimpleStatus: 0 active, 1 inactive. */
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Strategy = z.infer<typeof ZStrategy>;

export const ZPlanDetail = ZPlan.extend({ strategies: z.array(ZStrategy) });

/** A plan's delivery over the current UTC day, from the plan rollup (stats_plan_hourly). */
export const ZPlanToday = z.object({
  /** Micros spent today; pacing is this against the daily budget. */
  spend: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
});
export type PlanToday = z.infer<typeof ZPlanToday>;

/** A plan as the list shows it: with today's delivery. */
export const ZPlanListItem = ZPlan.extend({ today: ZPlanToday });
export type PlanListItem = z.infer<typeof ZPlanListItem>;

/** The list's sorts; the last five read today's delivery (CTR and pacing as ratios). */
export const PLAN_SORTS = [
  'id',
  'name',
  'budget',
  'bid',
  'status',
  'start_at',
  'updated_at',
  'spend_today',
  'impressions',
  'clicks',
  'ctr',
  'pacing',
] as const;
export type PlanSortKey = (typeof PLAN_SORTS)[number];
export type PlanDetail = z.infer<typeof ZPlanDetail>;

export const listPlans = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/plan/list',
  summary:
    'A page of plans within reach with today’s delivery: search, filter by status (several), billing, owner',
  tag: 'plans',
  access: AD,
  query: ZPageQuery.extend({
    sort: z.enum(PLAN_SORTS).optional(),
    /**
     * One status or several (comma-joined or repeated): `status=2,3` lists stalled plans.
     * Without it archived plans (5) are left out.
     */
    status: ZPlanStatusList.optional(),
    billing: strictNumber(
      z
        .number()
        .int()
        .refine((value) => Billing.has(value), msg('plan.billing')),
    ).optional(),
    owner_id: ZOwnerFilter,
    /** `false`: plans whose creation is unfinished (step before 4); `true`: completed ones. */
    complete: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  }),
  response: ZPage(ZPlanListItem),
});

export const getPlan = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/plan/detail',
  summary: 'One plan with its strategies',
  tag: 'plans',
  access: AD,
  query: z.object({ id: ZId }),
  response: ZPlanDetail,
});

export const createPlan = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/plan/create',
  summary: 'Create a plan (step 1 of the creation flow); it stays unlive until completed',
  tag: 'plans',
  access: AD,
  body: ZPlanFields,
  response: ZPlan,
});

export const modifyPlan = defineEndpoint({
  method: 'PUT',
  path: '/svc/ad/plan/modify',
  summary: 'Change a plan (the changed fields, with an optional note)',
  tag: 'plans',
  access: AD,
  body: ZPlanPatch.extend({ id: ZId }).extend(ZNoted.shape),
  response: ZPlan,
});

/** Start (0 live) or stop (7 unlive) a plan. */
export const switchPlan = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ad/plan/switch',
  summary: 'Start (0) or stop (7) a plan; only a completed plan starts',
  tag: 'plans',
  access: AD,
  body: z
    .object({
      id: ZId,
      status: strictNumber(
        z
          .number()
          .int()
          .refine((value) => value === PlanStatus.live || value === PlanStatus.unlive, {
            ...msg('plan.startStop'),
          }),
      ),
    })
    .extend(ZNoted.shape),
  response: ZPlan,
});

export const copyPlan = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/plan/copy',
  summary: 'Copy a plan with its strategies; the copy is unlive',
  tag: 'plans',
  access: AD,
  body: z.object({ id: ZId }),
  response: ZPlan,
});

/** The last step: every rule of docs/product/messages-and-codes.md#form-messages is checked over the plan and its strategies. */
export const completePlan = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/plan/complete',
  summary: 'Complete plan creation (checks strategies, creatives and bids)',
  tag: 'plans',
  access: AD,
  body: z.object({ id: ZId }),
  response: ZPlanDetail,
});

export const listStrategies = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/strategy/list',
  summary: "A plan's strategies",
  tag: 'plans',
  access: AD,
  query: z.object({ plan_id: ZId }),
  response: z.array(ZStrategy),
});

export const createStrategy = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/strategy/create',
  summary: 'Add a strategy to a plan',
  tag: 'plans',
  access: AD,
  body: ZStrategyFields,
  response: ZStrategy,
});

export const modifyStrategy = defineEndpoint({
  method: 'PUT',
  path: '/svc/ad/strategy/modify',
  summary: 'Change a strategy (targeting, styles, languages, bid, creatives)',
  tag: 'plans',
  access: AD,
  body: z
    .object(strategyFields)
    .omit({ plan_id: true })
    .partial()
    .extend({ id: ZId })
    .extend(ZNoted.shape),
  response: ZStrategy,
});

export const switchStrategy = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ad/strategy/switch',
  summary: 'Make a strategy active or inactive',
  tag: 'plans',
  access: AD,
  body: z
    .object({
      id: ZId,
      status: strictNumber(
        z
          .number()
          .int()
          .refine((value) => value === 0 || value === 1, msg('plan.zeroOrOne')),
      ),
    })
    .extend(ZNoted.shape),
  response: ZStrategy,
});

export const deleteStrategy = defineEndpoint({
  method: 'DELETE',
  path: '/svc/ad/strategy/delete',
  summary: 'Remove a strategy from a plan that is not live',
  tag: 'plans',
  access: AD,
  body: z.object({ id: ZId }).extend(ZNoted.shape),
  response: z.null(),
});

/** What a bulk action does to each plan; start and stop as the switch, archive, restore. */
export const PLAN_BULK_ACTIONS = ['start', 'stop', 'archive', 'restore'] as const;
export type PlanBulkAction = (typeof PLAN_BULK_ACTIONS)[number];

/**
 * One action on several plans (docs/decisions/working-lists.md): every id must exist and be
 * in reach, or nothing is written; plans whose state refuses the action are answered in
 * `failed` with the single action's reason and the others are written, each with its own
 * change-log row carrying the comment.
 */
export const bulkPlans = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/plan/bulk',
  summary: 'Start, stop, archive or restore several plans; answers the rows done and refused',
  tag: 'plans',
  access: AD,
  body: z.object({
    ids: ZBulkIds,
    action: z.enum(PLAN_BULK_ACTIONS),
    comment: ZChangeComment.optional(),
  }),
  response: ZBulkResult,
});

export const PLAN_ENDPOINTS = {
  bulkPlans,
  listPlans,
  getPlan,
  createPlan,
  modifyPlan,
  switchPlan,
  copyPlan,
  completePlan,
  listStrategies,
  createStrategy,
  modifyStrategy,
  switchStrategy,
  deleteStrategy,
} as const;
