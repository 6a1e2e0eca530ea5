/**
 * SSP strategies (spec §3 SSP strategy, §5 'JSON format error', 'Slot required for SSP
 * strategy'): for a slot, when the trigger rules match, traffic is split among demand
 * partners by permillage (each 0-1000, sum at most 1000). Configured on the DSP screen.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZJsonObject } from './dsp.js';
import { ZTargetingRule } from './plan.js';
import { AD_MESSAGES } from '../ad-messages.js';
import { SimpleStatus, TRIGGER_KEYS } from '../enums.js';

const SSP = ['system', 'ssp'] as const;

export const ZTriggerRule = ZTargetingRule.refine(
  (rule) => (TRIGGER_KEYS as readonly string[]).includes(rule.key),
  { message: AD_MESSAGES.targetingWrong.en, path: ['key'] },
);

export const ZAllocation = z.object({
  dsp_id: z.coerce.number().int().positive(),
  permille: z.coerce.number().int().min(0).max(1000),
});
export type Allocation = z.infer<typeof ZAllocation>;

/** Allocations: one per DSP, the sum at most 1000 (the rest stays with our own DSP). */
export const ZAllocations = z
  .array(ZAllocation)
  .max(50)
  .superRefine((allocations, context) => {
    const seen = new Set<number>();
    allocations.forEach((allocation, index) => {
      if (seen.has(allocation.dsp_id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'dsp_id'],
          message: 'Each demand partner once',
        });
      }
      seen.add(allocation.dsp_id);
    });
    const sum = allocations.reduce((total, allocation) => total + allocation.permille, 0);
    if (sum > 1000) {
      context.addIssue({
        code: 'custom',
        message: `The allocations add up to ${sum}‰; at most 1000‰`,
      });
    }
  });

const ZSlotRef = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : value),
  z.coerce.number({ message: AD_MESSAGES.slotRequired.en }).int().positive({
    message: AD_MESSAGES.slotRequired.en,
  }),
);

export const ZSspStrategyFields = z.object({
  slot_id: ZSlotRef,
  name: z.string().trim().min(1).max(64),
  config: ZJsonObject.default({}),
  triggers: z.array(ZTriggerRule).max(TRIGGER_KEYS.length).default([]),
  allocations: ZAllocations,
  priority: z.coerce.number().int().min(0).max(1000).default(0),
});
export type SspStrategyFields = z.infer<typeof ZSspStrategyFields>;

export const ZSspStrategy = z.object({
  id: z.number().int(),
  slot_id: z.number().int(),
  slot_name: z.string(),
  media_name: z.string(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  triggers: z.array(z.object({ key: z.string(), mode: z.string(), values: z.array(z.string()) })),
  allocations: z.array(z.object({ dsp_id: z.number().int(), permille: z.number().int() })),
  priority: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SspStrategy = z.infer<typeof ZSspStrategy>;

export const listSspStrategies = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/strategy/list',
  summary: 'A page of SSP strategies: search, slot, DSP and status filters',
  tag: 'supply',
  access: SSP,
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'name', 'priority', 'status', 'updated_at']).optional(),
    slot_id: z.coerce.number().int().positive().optional(),
    dsp_id: z.coerce.number().int().positive().optional(),
    status: z.coerce
      .number()
      .int()
      .refine((value) => SimpleStatus.has(value), { message: 'Must be 0 or 1' })
      .optional(),
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
      triggers: z.array(ZTriggerRule).max(TRIGGER_KEYS.length),
      allocations: ZAllocations,
      priority: z.coerce.number().int().min(0).max(1000),
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
  body: z
    .object({
      id: ZId,
      status: z.coerce
        .number()
        .int()
        .refine((value) => SimpleStatus.has(value), { message: 'Must be 0 or 1' }),
    })
    .extend(ZNoted.shape),
  response: ZSspStrategy,
});

/** The traffic split of one slot: each active strategy with its DSP shares and the rest. */
export const ZSlotSplit = z.object({
  slot_id: z.number().int(),
  strategies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      priority: z.number().int(),
      triggers: ZSspStrategy.shape.triggers,
      shares: z.array(
        z.object({ dsp_id: z.number().int(), dsp_name: z.string(), permille: z.number().int() }),
      ),
      /** What is left for our own DSP, permille. */
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
