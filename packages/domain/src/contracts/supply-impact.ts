/**
 * What stops when a media or a slot stops serving (issue 20 item 6): asked before a delete or a
 * deactivation so the confirmation can say how many slots and how much traffic it costs.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId } from './common.js';

export const SupplyImpactTarget = ['media', 'slot'] as const;

export const ZSupplyImpact = z.object({
  /** Active slots that stop: a media's active slots, or 1 for an active slot (0 if inactive). */
  live_slots: z.number().int().nonnegative(),
  /** Ad requests those slots received in the last 24 hours and 7 days (stats_hourly). */
  requests_24h: z.number().int().nonnegative(),
  requests_7d: z.number().int().nonnegative(),
});
export type SupplyImpact = z.infer<typeof ZSupplyImpact>;

export const getSupplyImpact = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/impact',
  summary:
    'What stops if a media or slot stops serving: its active slots and their recent requests',
  tag: 'supply',
  access: ['system', 'ssp', 'slot'],
  query: z.object({ target: z.enum(SupplyImpactTarget), id: ZId }),
  response: ZSupplyImpact,
});

export const SUPPLY_IMPACT_ENDPOINTS = { getSupplyImpact };
