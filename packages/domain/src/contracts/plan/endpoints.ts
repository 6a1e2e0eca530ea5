/** The plan and strategy endpoints: list, read, create, change, switch, copy, complete, bulk. */
import { z } from 'zod';
import { strictNumber } from '../input.js';
import { defineEndpoint } from '../endpoint.js';
import { ZChangeComment, ZId, ZPage, ZPageQuery } from '../common.js';
import { ZNoted } from '../change.js';
import { ZBulkIds, ZBulkResult, ZOwnerFilter } from '../ad-common.js';
import { msg } from '../../messages.js';
import { Billing, PlanStatus } from '../../enums.js';
import { ZPlan, ZPlanFields, ZPlanPatch, ZPlanListItem, PLAN_SORTS } from './plans.js';
import { ZStrategy, ZStrategyFields, ZPlanDetail, strategyFields } from './strategies.js';

const AD = ['adController'] as const;

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
