/**
 * Demand partners (docs/product/console.md#screens /ssp/dsp, docs/product/supply.md#demand-partners, docs/product/messages-and-codes.md#form-messages 'Need to add request URL'): upstream DSPs
 * called over OpenRTB 2.6. Roles system and ssp. Outbound URLs must be http(s) and, unless
 * the operator allows private networks for testing, never reach loopback or private ranges.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZMoneyMicros } from './ad-common.js';
import { msg, type MessageCode } from '../messages.js';
import { AdForm, DspType, SimpleStatus } from '../enums.js';

const SSP = ['system', 'ssp'] as const;

const enumField = <E extends { has(value: unknown): boolean }>(values: E, message: MessageCode) =>
  strictNumber(
    z
      .number()
      .int()
      .refine((value) => values.has(value), { message }),
  );

/** docs/product/supply.md#dsp-defaults. */
export const DSP_DEFAULTS = {
  dspCpm: 10_000_000,
  dspPercent: 1000,
  dspType: 1,
  timeoutMs: 300,
  config: {} as Record<string, unknown>,
} as const;

export const MIN_DSP_TIMEOUT_MS = 10;
export const MAX_DSP_TIMEOUT_MS = 5_000;

/** What is wrong with an outbound URL on its face (scheme, credentials); undefined when fine. */
export function outboundUrlProblem(value: string): MessageCode | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'input.httpUrl';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return 'input.httpUrl';
  }
  if (url.username !== '' || url.password !== '') return 'dsp.credentials';
  return undefined;
}

const MAX_URL_LENGTH = 2048;

const checkOutboundUrl = (value: string, context: z.RefinementCtx) => {
  const problem = value === '' ? undefined : outboundUrlProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
};

/** The partner's bid endpoint: required ('Need to add request URL'), http(s), no credentials. */
const ZRequestUrl = z
  .string(msg('ad.needRequestUrl'))
  .trim()
  .min(1, msg('ad.needRequestUrl'))
  .max(MAX_URL_LENGTH)
  .superRefine(checkOutboundUrl);

/** The partner's test endpoint; empty = the test action uses the request URL. */
const ZTestUrl = z.string().trim().max(MAX_URL_LENGTH).superRefine(checkOutboundUrl);

/** A JSON value with every object's keys sorted, so equal contents compare (and store) equal. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A JSON object typed as text (or sent as an object); 'JSON format error' otherwise. */
export const ZJsonObject = z.preprocess(
  (value, context) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.issues.push({ code: 'custom', ...msg('ad.jsonFormat'), input: value });
      return z.NEVER;
    }
  },
  z.record(z.string(), z.unknown(), msg('ad.jsonFormat')),
);

/** How a partner's user sync runs (`userSyncType`): an iframe, or an image redirect. */
export const USER_SYNC_TYPES = ['iframe', 'redirect'] as const;

/**
 * The partner's user-sync URL in its config (`userSync`, optional): where /cookie_sync sends
 * a browser, an outbound http(s) URL like the request URL (docs/decisions/partner-requests.md);
 * `userSyncType`, optional, one of USER_SYNC_TYPES (redirect when absent).
 */
function checkUserSync(config: Record<string, unknown>, context: z.RefinementCtx): void {
  if (
    'userSyncType' in config &&
    !(USER_SYNC_TYPES as readonly unknown[]).includes(config.userSyncType)
  ) {
    context.addIssue({ code: 'custom', ...msg('dsp.userSyncType'), input: config.userSyncType });
  }
  if (!('userSync' in config)) return;
  const url = config.userSync;
  if (
    typeof url !== 'string' ||
    url.trim() === '' ||
    url.length > MAX_URL_LENGTH ||
    /\s/.test(url.trim()) ||
    outboundUrlProblem(url.trim()) !== undefined
  ) {
    context.addIssue({ code: 'custom', ...msg('dsp.userSync'), input: url });
  }
}

export const ZDspFields = z.object({
  name: z.string().trim().min(1).max(64),
  type: enumField(DspType, 'dsp.dspType').default(DSP_DEFAULTS.dspType),
  /** AdForm the partner buys; 0 = any. */
  slot_type: enumField(AdForm, 'dsp.slotType').default(0),
  timeout_ms: strictNumber(
    z.number().int().min(MIN_DSP_TIMEOUT_MS).max(MAX_DSP_TIMEOUT_MS),
  ).default(DSP_DEFAULTS.timeoutMs),
  request_url: ZRequestUrl,
  test_url: ZTestUrl.default(''),
  /** dspCpm in micros per mille. */
  cpm: ZMoneyMicros.default(DSP_DEFAULTS.dspCpm),
  /** dspPercent, permille 0-1000. */
  percent: strictNumber(z.number().int().min(0).max(1000)).default(DSP_DEFAULTS.dspPercent),
  config: ZJsonObject.default(DSP_DEFAULTS.config).superRefine(checkUserSync),
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

/** The columns a DSP list sorts by. */
export const DSP_SORTS = [
  'id',
  'name',
  'type',
  'slot_type',
  'timeout_ms',
  'cpm',
  'percent',
  'status',
  'updated_at',
] as const;

export const listDsps = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/dsp/list',
  summary: 'A page of demand partners: search, status, sort',
  tag: 'supply',
  access: SSP,
  query: ZPageQuery.extend({
    sort: z.enum(DSP_SORTS).optional(),
    status: enumField(SimpleStatus, 'plan.zeroOrOne').optional(),
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
      type: enumField(DspType, 'dsp.dspType'),
      slot_type: enumField(AdForm, 'dsp.slotType'),
      timeout_ms: strictNumber(z.number().int().min(MIN_DSP_TIMEOUT_MS).max(MAX_DSP_TIMEOUT_MS)),
      request_url: ZRequestUrl,
      test_url: ZTestUrl,
      cpm: ZMoneyMicros,
      percent: strictNumber(z.number().int().min(0).max(1000)),
      config: ZJsonObject.superRefine(checkUserSync),
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
    .object({ id: ZId, status: enumField(SimpleStatus, 'plan.zeroOrOne') })
    .extend(ZNoted.shape),
  response: ZDsp,
});

/** How a test bid request ended. */
export const DSP_TEST_OUTCOMES = ['bid', 'noBid', 'timeout', 'error', 'invalid'] as const;
export type DspTestOutcome = (typeof DSP_TEST_OUTCOMES)[number];

/** The first bid of a test answer, as the screen shows it. */
export const ZDspTestBid = z.object({
  id: z.string(),
  impid: z.string(),
  /** The bid's price (CPM) in micros. */
  price: z.number().int(),
  crid: z.string().nullable(),
  seat: z.string().nullable(),
  adomain: z.array(z.string()),
  /** The markup's size in bytes (UTF-8); 0 when the bid carries no adm. */
  adm_size: z.number().int(),
  /** How many bids the answer held in all. */
  bid_count: z.number().int(),
});
export type DspTestBid = z.infer<typeof ZDspTestBid>;

/** What the test action saw. */
export const ZDspTestResult = z.object({
  /** bid: a valid BidResponse with a bid; noBid: 204 or no seatbid; timeout; error: HTTP or network error, or the URL guard's refusal; invalid: the answer did not parse as a BidResponse. */
  outcome: z.enum(DSP_TEST_OUTCOMES),
  url: z.string(),
  http_status: z.number().int().nullable(),
  latency_ms: z.number().int(),
  /** The timeout the request ran with, in ms. */
  timeout_ms: z.number().int(),
  /** The first bid's price in micros per mille, when there is one. */
  price: z.number().int().nullable(),
  bid: ZDspTestBid.nullable(),
  /** A human explanation (the parse error, the network error…). */
  message: z.string(),
  /** The request sent and the answer's body (truncated), for the screen. */
  request: z.record(z.string(), z.unknown()),
  response_body: z.string(),
  /** True when the answer's body was longer than what is shown (or read). */
  response_truncated: z.boolean(),
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
