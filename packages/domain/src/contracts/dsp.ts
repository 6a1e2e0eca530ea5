/**
 * Demand partners (spec §2 /ssp/dsp, §3 DSP, §5 'Need to add request URL'): upstream DSPs
 * called over OpenRTB 2.6. Roles system and ssp. Outbound URLs must be http(s) and, unless
 * the operator allows private networks for testing, never reach loopback or private ranges.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZMicros } from './ad-common.js';
import { AD_MESSAGES } from '../ad-messages.js';
import { AdForm, DspType, SimpleStatus } from '../enums.js';

const SSP = ['system', 'ssp'] as const;

const enumField = <E extends { has(value: unknown): boolean }>(values: E, message: string) =>
  z.coerce
    .number()
    .int()
    .refine((value) => values.has(value), { message });

/** Spec §3 DSP defaults. */
export const DSP_DEFAULTS = {
  dspCpm: 10_000_000,
  dspPercent: 1000,
  dspType: 1,
  timeoutMs: 300,
  config: {} as Record<string, unknown>,
} as const;

export const MAX_DSP_TIMEOUT_MS = 5_000;

const ZOutboundUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    message: 'Must be an http(s) address',
  });

/** A JSON object typed as text (or sent as an object); 'JSON format error' otherwise. */
export const ZJsonObject = z.preprocess(
  (value, context) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.issues.push({ code: 'custom', message: AD_MESSAGES.jsonFormat.en, input: value });
      return z.NEVER;
    }
  },
  z.record(z.string(), z.unknown(), { message: AD_MESSAGES.jsonFormat.en }),
);

export const ZDspFields = z.object({
  name: z.string().trim().min(1).max(64),
  type: enumField(DspType, 'Unknown DSP type').default(DSP_DEFAULTS.dspType),
  /** AdForm the partner buys; 0 = any. */
  slot_type: enumField(AdForm, 'Unknown slot type').default(0),
  timeout_ms: z.coerce
    .number()
    .int()
    .min(10)
    .max(MAX_DSP_TIMEOUT_MS)
    .default(DSP_DEFAULTS.timeoutMs),
  request_url: z
    .string({ message: AD_MESSAGES.needRequestUrl.en })
    .trim()
    .min(1, { message: AD_MESSAGES.needRequestUrl.en })
    .pipe(ZOutboundUrl),
  test_url: z.union([z.literal(''), ZOutboundUrl]).default(''),
  /** dspCpm in micros per mille. */
  cpm: ZMicros.default(DSP_DEFAULTS.dspCpm),
  /** dspPercent, permille 0-1000. */
  percent: z.coerce.number().int().min(0).max(1000).default(DSP_DEFAULTS.dspPercent),
  config: ZJsonObject.default(DSP_DEFAULTS.config),
});
export type DspFields = z.infer<typeof ZDspFields>;

export const ZDsp = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  slot_type: z.number().int(),
  timeout_ms: z.number().int(),
  request_url: z.string(),
  test_url: z.string(),
  cpm: z.number().int(),
  percent: z.number().int(),
  config: z.record(z.string(), z.unknown()),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dsp = z.infer<typeof ZDsp>;

export const listDsps = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/dsp/list',
  summary: 'A page of demand partners: search, status, sort',
  tag: 'supply',
  access: SSP,
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'name', 'timeout_ms', 'status', 'updated_at']).optional(),
    status: enumField(SimpleStatus, 'Must be 0 or 1').optional(),
  }),
  response: ZPage(ZDsp),
});

export const listAllDsps = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/dsp/all',
  summary: 'Every demand partner (for allocation selects)',
  tag: 'supply',
  access: SSP,
  response: z.array(ZDsp),
});

export const createDsp = defineEndpoint({
  method: 'POST',
  path: '/svc/ssp/dsp/create',
  summary: 'Add a demand partner',
  tag: 'supply',
  access: SSP,
  body: ZDspFields,
  response: ZDsp,
});

export const modifyDsp = defineEndpoint({
  method: 'PUT',
  path: '/svc/ssp/dsp/modify',
  summary: 'Change a demand partner (the changed fields, with an optional note)',
  tag: 'supply',
  access: SSP,
  body: z
    .object({
      name: ZDspFields.shape.name,
      type: enumField(DspType, 'Unknown DSP type'),
      slot_type: enumField(AdForm, 'Unknown slot type'),
      timeout_ms: z.coerce.number().int().min(10).max(MAX_DSP_TIMEOUT_MS),
      request_url: ZDspFields.shape.request_url,
      test_url: z.union([z.literal(''), ZOutboundUrl]),
      cpm: ZMicros,
      percent: z.coerce.number().int().min(0).max(1000),
      config: ZJsonObject,
    })
    .partial()
    .extend({ id: ZId })
    .extend(ZNoted.shape),
  response: ZDsp,
});

export const switchDsp = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ssp/dsp/switch',
  summary: 'Make a demand partner active or inactive',
  tag: 'supply',
  access: SSP,
  body: z
    .object({ id: ZId, status: enumField(SimpleStatus, 'Must be 0 or 1') })
    .extend(ZNoted.shape),
  response: ZDsp,
});

/** What the test action saw. */
export const ZDspTestResult = z.object({
  /** bid: a valid BidResponse with a bid; noBid: 204 or no seatbid; timeout; error: HTTP or network error; invalid: the answer did not parse as a BidResponse. */
  outcome: z.enum(['bid', 'noBid', 'timeout', 'error', 'invalid']),
  url: z.string(),
  http_status: z.number().int().nullable(),
  latency_ms: z.number().int(),
  /** The first bid's price in micros per mille, when there is one. */
  price: z.number().int().nullable(),
  /** A human explanation (the parse error, the network error…). */
  message: z.string(),
  /** The request sent and the answer's body (truncated), for the screen. */
  request: z.record(z.string(), z.unknown()),
  response_body: z.string(),
});
export type DspTestResult = z.infer<typeof ZDspTestResult>;

export const testDsp = defineEndpoint({
  method: 'POST',
  path: '/svc/ssp/dsp/test',
  summary: "Send an OpenRTB 2.6 test bid request to the partner's test URL (or request URL)",
  tag: 'supply',
  access: SSP,
  body: z.object({ id: ZId }),
  response: ZDspTestResult,
});

export const DSP_ENDPOINTS = {
  listDsps,
  listAllDsps,
  createDsp,
  modifyDsp,
  switchDsp,
  testDsp,
} as const;
