/** A strategy's fields and stored row, and a plan with its strategies. */
import { z } from 'zod';
import { ZId } from '../common.js';
import { ZIdList, ZMoneyMicros } from '../ad-common.js';
import { msg } from '../../messages.js';
import { CreativeLanguage } from '../../enums.js';
import { ZTargeting } from './targeting.js';
import { ZPlan } from './plans.js';

export const strategyFields = {
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

export type PlanDetail = z.infer<typeof ZPlanDetail>;
