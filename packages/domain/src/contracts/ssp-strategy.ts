/**
 * SSP strategies (docs/product/supply.md#ssp-strategies, docs/product/messages-and-codes.md#form-messages 'JSON format error', 'Slot required for SSP
 * strategy'): for a slot, when the trigger rules match, traffic is split among demand
 * partners by permillage (each 0-1000, sum at most 1000; what is left stays with our own
 * DSP). Configured on the DSP screen; roles system and ssp. The semantics (priority,
 * matching, the remainder) are in docs/decisions/supply.md.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { MAX_ID, ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZJsonObject } from './dsp.js';
import { ZTargetingRule } from './plan.js';
import { msg } from '../messages.js';
import { SimpleStatus, TRIGGER_KEYS } from '../enums.js';

const SSP = ['system', 'ssp'] as const;

/** The whole of a slot's traffic, in permille. */
export const PERMILLE_TOTAL = 1000;

/** Most allocations one strategy holds. */
export const MAX_ALLOCATIONS = 50;

/** The permille of all allocations together. */
export function allocationSum(allocations: readonly { permille: number }[]): number {
  return allocations.reduce((total, allocation) => total + allocation.permille, 0);
}

/** What our own DSP keeps: 1000 minus the allocations (never below 0). */
export function ownPermille(allocations: readonly { permille: number }[]): number {
  return Math.max(0, PERMILLE_TOTAL - allocationSum(allocations));
}

/** A trigger rule: one of TRIGGER_KEYS, including or excluding values of its format. */
export const ZTriggerRule = ZTargetingRule.refine(
  (rule) => (TRIGGER_KEYS as readonly string[]).includes(rule.key),
  { ...msg('ad.targetingWrong'), path: ['key'] },
);

/** The trigger rules of a strategy: one per key; none = every request of the slot. */
export const ZTriggers = z
  .array(ZTriggerRule)
  .max(TRIGGER_KEYS.length)
  .superRefine((rules, context) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      if (seen.has(rule.key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          ...msg('dsp.triggerOnce'),
        });
      }
      seen.add(rule.key);
    });
  });

/** A blank (a form row without a choice) is undefined, so it earns the row's own message. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const ZAllocation = z.object({
  dsp_id: z.preprocess(
    blankToUndefined,
    strictNumber(
      z
        .number(msg('dsp.chooseDsp'))
        .int(msg('dsp.chooseDsp'))
        .positive(msg('dsp.chooseDsp'))
        .max(MAX_ID, msg('dsp.chooseDsp')),
    ),
  ),
  permille: z.preprocess(
    blankToUndefined,
    strictNumber(
      z
        .number(msg('dsp.permilleRange'))
        .int(msg('dsp.permilleRange'))
        .min(0, msg('dsp.permilleRange'))
        .max(PERMILLE_TOTAL, msg('dsp.permilleRange')),
    ),
  ),
});
export type Allocation = z.infer<typeof ZAllocation>;

/**
 * Allocations: one per DSP, each 0-1000, the sum at most 1000 (the rest stays with our own
 * DSP). An empty list sends every request of the strategy to our own DSP.
 */
export const ZAllocations = z
  .array(ZAllocation)
  .max(MAX_ALLOCATIONS)
  .superRefine((allocations, context) => {
    const seen = new Set<number>();
    allocations.forEach((allocation, index) => {
      if (seen.has(allocation.dsp_id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'dsp_id'],
          ...msg('dsp.dspOnce'),
        });
      }
      seen.add(allocation.dsp_id);
    });
    // An entry out of range has its own message; the sum speaks of valid entries only.
    const inRange = allocations.every(
      (allocation) =>
        Number.isInteger(allocation.permille) &&
        allocation.permille >= 0 &&
        allocation.permille <= PERMILLE_TOTAL,
    );
    const sum = allocationSum(allocations);
    if (inRange && sum > PERMILLE_TOTAL) {
      context.addIssue({
        code: 'custom',
        ...msg('dsp.allocationsOver'),
        params: { sum, max: PERMILLE_TOTAL },
      });
    }
  });

/** The linked slot: missing, blank or not an id → 'Slot required for SSP strategy'. */
const ZSlotRef = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : value),
  strictNumber(
    z
      .number(msg('ad.slotRequired'))
      .int(msg('ad.slotRequired'))
      .positive(msg('ad.slotRequired'))
      .max(MAX_ID, msg('ad.slotRequired')),
  ),
);

const ZPriority = strictNumber(z.number().int().min(0).max(1000));
/**
 * dspPercent for every partner of the strategy: the permille of a partner's price passed on
 * (our take is the rest); null = each partner's own (docs/decisions/partner-pricing.md).
 */
const ZSharePercent = strictNumber(z.number().int().min(0).max(1000)).nullable();

export const ZSspStrategyFields = z.object({
  slot_id: ZSlotRef,
  name: z.string().trim().min(1).max(64),
  /** Config key/value pairs: a JSON object, or its text ('JSON format error' otherwise). */
  config: ZJsonObject.default({}),
  triggers: ZTriggers.default([]),
  allocations: ZAllocations.default([]),
  /** Higher first when several strategies of a slot match. */
  priority: ZPriority.default(0),
  percent: ZSharePercent.default(null),
});
export type SspStrategyFields = z.infer<typeof ZSspStrategyFields>;

const ZTriggerView = z.object({ key: z.string(), mode: z.string(), values: z.array(z.string()) });

export const ZSspStrategy = z.object({
  id: z.number().int(),
  slot_id: z.number().int(),
  slot_name: z.string(),
  media_id: z.number().int(),
  media_name: z.string(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  triggers: z.array(ZTriggerView),
  /** With each partner's name ('' when it no longer exists) and status. */
  allocations: z.array(
    z.object({
      dsp_id: z.number().int(),
      dsp_name: z.string(),
      dsp_status: z.number().int(),
      permille: z.number().int(),
    }),
  ),
  /** What is left for our own DSP, permille. */
  own_permille: z.number().int(),
  priority: z.number().int(),
  /** The share overriding its partners' dspPercent, permille; null = theirs. */
  percent: z.number().int().nullable(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SspStrategy = z.infer<typeof ZSspStrategy>;

const ZSimpleStatus = strictNumber(
  z
    .number()
    .int()
    .refine((value) => SimpleStatus.has(value), msg('plan.zeroOrOne')),
);

export const listSspStrategies = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/strategy/list',
  summary: 'A page of SSP strategies: search, slot, DSP and status filters',
  tag: 'supply',
  access: SSP,
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'name', 'priority', 'status', 'updated_at']).optional(),
    slot_id: ZId.optional(),
    dsp_id: ZId.optional(),
    status: ZSimpleStatus.optional(),
  }),
  response: ZPage(ZSspStrategy),
});

export const createSspStrategy = defineEndpoint({
  method: 'POST',
  path: '/svc/ssp/strategy/create',
  summary: 'Add an SSP strategy to a slot',
  tag: 'supply',
  access: SSP,
  body: ZSspStrategyFields,
  response: ZSspStrategy,
});

export const modifySspStrategy = defineEndpoint({
  method: 'PUT',
  path: '/svc/ssp/strategy/modify',
  summary: 'Change an SSP strategy (the changed fields, with an optional note)',
  tag: 'supply',
  access: SSP,
  body: z
    .object({
      slot_id: ZSlotRef,
      name: ZSspStrategyFields.shape.name,
      config: ZJsonObject,
      triggers: ZTriggers,
      allocations: ZAllocations,
      priority: ZPriority,
      percent: ZSharePercent,
    })
    .partial()
    .extend({ id: ZId })
    .extend(ZNoted.shape),
  response: ZSspStrategy,
});

export const switchSspStrategy = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ssp/strategy/switch',
  summary: 'Make an SSP strategy active or inactive',
  tag: 'supply',
  access: SSP,
  body: z.object({ id: ZId, status: ZSimpleStatus }).extend(ZNoted.shape),
  response: ZSspStrategy,
});

/** The traffic split of one slot: each active strategy, by priority, with its shares and the rest. */
export const ZSlotSplit = z.object({
  slot_id: z.number().int(),
  slot_name: z.string(),
  media_name: z.string(),
  strategies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      priority: z.number().int(),
      triggers: z.array(ZTriggerView),
      shares: z.array(
        z.object({
          dsp_id: z.number().int(),
          dsp_name: z.string(),
          /** An inactive partner is sent nothing: its share goes to our own DSP meanwhile. */
          dsp_status: z.number().int(),
          permille: z.number().int(),
        }),
      ),
      /** What is left for our own DSP, permille (1000 minus the shares). */
      own_permille: z.number().int(),
    }),
  ),
});
export type SlotSplit = z.infer<typeof ZSlotSplit>;

export const getSlotSplit = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/strategy/split',
  summary: "A slot's traffic split among demand partners",
  tag: 'supply',
  access: SSP,
  query: z.object({ slot_id: ZId }),
  response: ZSlotSplit,
});

export const SSP_STRATEGY_ENDPOINTS = {
  listSspStrategies,
  createSspStrategy,
  modifySspStrategy,
  switchSspStrategy,
  getSlotSplit,
} as const;
