/** A plan's fields, their cross-field rules, the stored row and the list's row and sorts. */
import { z } from 'zod';
import { strictNumber } from '../input.js';
import { ZMoneyMicros, ZOwnerRef } from '../ad-common.js';
import { msg, type MessageCode } from '../../messages.js';
import { IabCategory } from '../../iab-category.js';
import { Billing } from '../../enums.js';
import { ZSchedule, FULL_SCHEDULE } from './targeting.js';

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
