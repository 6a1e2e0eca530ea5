/**
 * The console's side of the delivery engine (issue 7): the diagnosis tool ("why did this
 * slot not serve this plan?") and the demand partners' health. The serving endpoints
 * themselves (/serve/ad, /openrtb2/auction, /dsp/openrtb2, /track/*) are not console
 * calls: they speak OpenRTB or the SDK query of serving.ts, outside the envelope.
 */
import { msg } from '../messages.js';
import { z } from 'zod';
import { isSafeText, strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId } from './common.js';
import { NoFillReason, RejectReason } from '../delivery.js';

/**
 * A text fact of the SDK's query: not behind the console's validation gate, so the text rule
 * is its own (these values become report keys in the database).
 */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(max).refine(isSafeText, msg('input.unsafeText')).optional(),
  );
const optionalInt = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  strictNumber(z.number().int().min(0)).optional(),
);

/**
 * The device and app facts of a request, in the console's own codes (the /serve/ad query):
 * what serving reads and what the diagnosis replays.
 */
/** The longest each free-text fact of a serve request may be (after trimming). */
export const SERVE_FACT_TEXT_LIMITS = {
  osv: 32,
  brand: 32,
  model: 64,
  app: 200,
  app_version: 32,
  uid: 128,
  oaid: 64,
  imei: 32,
  idfa: 36,
  lang: 16,
  /** Audience characteristic codes the media's data knows of the user, comma-separated. */
  audience: 1000,
  /** Consent from the page's CMP (SERVE_CONSENT_PARAMS): the TCF v2 string. */
  gdpr_consent: 4096,
  /** The IAB US Privacy string ("1YNN"). */
  us_privacy: 16,
  /** The GPP string and its applicable section ids, comma-separated. */
  gpp: 4096,
  gpp_sid: 64,
} as const;
const limit = SERVE_FACT_TEXT_LIMITS;

export const ZServeFacts = z.object({
  slot_id: ZId,
  /** Platform: 1 Android, 2 iOS, 3 WP. */
  os: strictNumber(z.number().int().min(0).max(3)),
  osv: optionalText(limit.osv),
  /** Network: 1 WIFI … 5 5G. */
  network: optionalInt,
  /** ISO 3166-1 alpha-2. */
  country: z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' ? value.toUpperCase() : value),
    z
      .string()
      .regex(/^[A-Z]{2}$/, msg('report.countryCode'))
      .optional(),
  ),
  brand: optionalText(limit.brand),
  model: optionalText(limit.model),
  app: optionalText(limit.app),
  app_version: optionalText(limit.app_version),
  uid: optionalText(limit.uid),
  oaid: optionalText(limit.oaid),
  imei: optionalText(limit.imei),
  idfa: optionalText(limit.idfa),
  lang: optionalText(limit.lang),
  audience: optionalText(limit.audience),
  /** Whether the GDPR applies (TCF v2's gdprApplies): '1' or '0'. */
  gdpr: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['0', '1']).optional()),
  gdpr_consent: optionalText(limit.gdpr_consent),
  us_privacy: optionalText(limit.us_privacy),
  gpp: optionalText(limit.gpp),
  gpp_sid: optionalText(limit.gpp_sid),
});
export type ServeFacts = z.infer<typeof ZServeFacts>;

const ZCandidateFate = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  strategy_id: z.number().int(),
  strategy_name: z.string(),
  /** 0 when the strategy was rejected before its creatives were looked at. */
  creative_id: z.number().int(),
  creative_name: z.string(),
  /** The bid as eCPM, micros per mille (CPC bids converted, CPT shown as its daily bid). */
  ecpm: z.number().int(),
  reason: z.enum(RejectReason.values as [string, ...string[]]),
  /** What exactly failed: the targeting rule, the schedule hour… (English, for operators). */
  detail: z.string(),
});
export type CandidateFate = z.infer<typeof ZCandidateFate>;

const ZPartnerFate = z.object({
  dsp_id: z.number().int(),
  dsp_name: z.string(),
  permille: z.number().int(),
  reason: z.enum(RejectReason.values as [string, ...string[]]),
  detail: z.string(),
});

export const ZDiagnosis = z.object({
  slot_id: z.number().int(),
  slot_name: z.string(),
  media_name: z.string(),
  /** The floor, micros per mille. */
  lowest_bid: z.number().int(),
  /** The UTC instant the request was replayed at. */
  at: z.string(),
  no_fill_reason: z.enum(NoFillReason.values as [string, ...string[]]).nullable(),
  /** The clearing price the winner would pay, micros per mille; 0 on no fill. */
  price: z.number().int(),
  /** The SSP strategy that took the request, when one matched. */
  ssp_strategy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  candidates: z.array(ZCandidateFate),
  partners: z.array(ZPartnerFate),
  /** Candidates left out because the caller does not reach their plans. */
  hidden_candidates: z.number().int(),
});
export type Diagnosis = z.infer<typeof ZDiagnosis>;

export const diagnoseDelivery = defineEndpoint({
  method: 'POST',
  path: '/svc/delivery/diagnose',
  summary: "Replay a request on a slot without serving it: every candidate's fate with its reason",
  tag: 'delivery',
  access: ['system', 'ssp', 'adController'],
  body: ZServeFacts.extend({
    /** Show only this plan's candidates. */
    plan_id: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      ZId.optional(),
    ),
    /** Replay at this UTC instant (ISO 8601); now when absent. */
    at: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.iso.datetime({ offset: true }).optional(),
    ),
  }),
  response: ZDiagnosis,
});

/**
 * One demand partner's health; the row of dsp_id OWN_DEMAND_DSP_ID (dsp_name empty) is our own
 * bids sold to the exchanges that call us, with their caller losses and unbilled impressions
 * only, shown when it has any.
 */
export const ZPartnerHealth = z.object({
  dsp_id: z.number().int(),
  dsp_name: z.string(),
  calls: z.number().int(),
  bids: z.number().int(),
  timeouts: z.number().int(),
  errors: z.number().int(),
  wins: z.number().int(),
  /** bids / calls, 0-1; null without calls. */
  bid_rate: z.number().nullable(),
  timeout_rate: z.number().nullable(),
  /** Mean answer time over the calls that answered, ms. */
  avg_latency_ms: z.number().nullable(),
  /** Loss notices of the partner's bids we sold, from the caller that bought them. */
  caller_losses: z.number().int(),
  /** Shown impressions of its ads whose caller's billing notice never came. */
  unbilled: z.number().int(),
  /** Bids refused before our auction, by reason (BidRejection), most first. */
  rejections: z.array(z.object({ reason: z.string(), bids: z.number().int() })),
});
export type PartnerHealth = z.infer<typeof ZPartnerHealth>;

export const partnerHealth = defineEndpoint({
  method: 'GET',
  path: '/svc/delivery/partner/health',
  summary: "Each demand partner's calls, bid rate, timeout rate and latency over recent hours",
  tag: 'delivery',
  access: ['system', 'ssp'],
  query: z.object({
    hours: strictNumber(
      z
        .number()
        .int()
        .min(1)
        .max(24 * 31),
    ).default(24),
  }),
  response: z.array(ZPartnerHealth),
});

export const DELIVERY_ENDPOINTS = { diagnoseDelivery, partnerHealth } as const;
