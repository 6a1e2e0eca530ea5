/**
 * Creatives (spec §2 /ad/idea, §3 Creative, §4 review states) and their audit (/ad/exam).
 * The form follows the chosen style; the server checks the same rules against the stored
 * style (assets, image counts, title and description limits) and the materials' owners.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZIdList, ZOwnerFilter, ZOwnerRef } from './ad-common.js';
import { ClickAction, CreativeLanguage, CreativeReview, Platform, WideStatus } from '../enums.js';

const AD = ['adController'] as const;
const EXAM = ['adExam'] as const;

/** At most this many monitor links of each kind. */
export const MAX_MONITOR_URLS = 5;

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const ZHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => HTTP_URL.test(value), { message: 'Must be an http(s) address' });
const ZOptionalHttpUrl = z.union([z.literal(''), ZHttpUrl]);
/** A deep link: any app scheme (myapp://…) or an http(s) universal link. */
const ZDeeplink = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(2048)
    .regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, { message: 'Must be a link such as myapp://path' }),
]);

const enumField = <E extends { has(value: unknown): boolean }>(values: E, message: string) =>
  z.coerce
    .number()
    .int()
    .refine((value) => values.has(value), { message });

const ZOptionalMaterialId = z.preprocess(
  (value) => (value === '' || value === 0 ? null : value),
  z.coerce.number().int().positive().nullable(),
);

export const ZCreativeFields = z.object({
  name: z.string().trim().min(1).max(64),
  style_id: z.coerce.number().int().positive(),
  language: z
    .string()
    .refine((value) => CreativeLanguage.has(value), { message: 'Need to add language' }),
  os: enumField(Platform, 'Unknown OS'),
  title: z.string().trim().max(200).default(''),
  description: z.string().trim().max(1000).default(''),
  icon_material_id: ZOptionalMaterialId.default(null),
  image_material_id: ZOptionalMaterialId.default(null),
  group_material_ids: ZIdList.default([]),
  video_material_id: ZOptionalMaterialId.default(null),
  click_action: enumField(ClickAction, 'Unknown click action'),
  action_text: z.string().trim().max(20).default(''),
  /** Free-form JSON text for the media integration; '' for none. */
  special_config: z.string().trim().max(10_000).default(''),
  app_name: z.string().trim().max(64).default(''),
  app_package: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, {
          message: 'Use a package name such as com.example.app',
        }),
    ])
    .default(''),
  click_url: z.string().trim().max(2048).default(''),
  deeplink_url: ZDeeplink.default(''),
  impression_monitor_urls: z.array(ZHttpUrl).max(MAX_MONITOR_URLS).default([]),
  click_monitor_urls: z.array(ZHttpUrl).max(MAX_MONITOR_URLS).default([]),
});
export type CreativeFields = z.infer<typeof ZCreativeFields>;
export { ZOptionalHttpUrl };

/** A material as a creative shows it: enough to render the preview. */
export const ZCreativeAsset = z.object({
  id: z.number().int(),
  kind: z.string(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CreativeAsset = z.infer<typeof ZCreativeAsset>;

export const ZCreative = ZCreativeFields.extend({
  id: z.number().int(),
  owner: ZOwnerRef,
  style_name: z.string(),
  /** The materials the ids name, for previews (missing ones left out). */
  assets: z.array(ZCreativeAsset),
  /** CreativeReview: 0 approve, 1 auditing, 2 reject. */
  review: z.number().int(),
  /** CreativeAuditState, derived from review and status. */
  audit_state: z.string(),
  reject_reason: z.string(),
  reviewed_at: z.string().nullable(),
  /** WideStatus: 0 normal, 1 inactive (shelved), 5 deleted. */
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Creative = z.infer<typeof ZCreative>;

const ZCreativeListQuery = ZPageQuery.extend({
  sort: z.enum(['id', 'name', 'review', 'status', 'updated_at']).optional(),
  review: enumField(CreativeReview, 'Unknown review state').optional(),
  status: enumField(WideStatus, 'Unknown status').optional(),
  style_id: z.coerce.number().int().positive().optional(),
  language: z.string().optional(),
  owner_id: ZOwnerFilter,
});

export const listCreatives = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/idea/list',
  summary: 'A page of creatives within reach: search, filter by review, status, style, language',
  tag: 'creatives',
  access: AD,
  query: ZCreativeListQuery,
  response: ZPage(ZCreative),
});

export const getCreative = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/idea/detail',
  summary: 'One creative',
  tag: 'creatives',
  access: AD,
  query: z.object({ id: ZId }),
  response: ZCreative,
});

export const createCreative = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/idea/create',
  summary: 'Add a creative; it waits for audit',
  tag: 'creatives',
  access: AD,
  body: ZCreativeFields,
  response: ZCreative,
});

export const modifyCreative = defineEndpoint({
  method: 'PUT',
  path: '/svc/ad/idea/modify',
  summary: 'Change a creative; changed content sends an approved creative back to audit',
  tag: 'creatives',
  access: AD,
  body: ZCreativeFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZCreative,
});

export const switchCreative = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ad/idea/switch',
  summary: 'Shelve (1), restore (0) or delete (5) a creative',
  tag: 'creatives',
  access: AD,
  body: z
    .object({ id: ZId, status: enumField(WideStatus, 'Must be 0, 1 or 5') })
    .extend(ZNoted.shape),
  response: ZCreative,
});

// ---------------------------------------------------------------- audit (/ad/exam)

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/exam/list',
  summary:
    'The audit queue: creatives of your users (exam) or of everyone (examAdvanced), by state',
  tag: 'audit',
  access: EXAM,
  query: ZCreativeListQuery,
  response: ZPage(ZCreative),
});

export const approveCreatives = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/exam/approve',
  summary: 'Approve one or more creatives',
  tag: 'audit',
  access: EXAM,
  body: z.object({ ids: ZIdList.pipe(z.array(z.number()).min(1).max(500)) }),
  response: z.array(ZCreative),
});

export const rejectCreatives = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/exam/reject',
  summary: 'Reject one or more creatives with a reason',
  tag: 'audit',
  access: EXAM,
  body: z.object({
    ids: ZIdList.pipe(z.array(z.number()).min(1).max(500)),
    reason: z
      .string()
      .trim()
      .max(500)
      .refine((text) => text.replace(/\s/g, '').length >= 2, {
        message: 'Give the advertiser a reason',
      }),
  }),
  response: z.array(ZCreative),
});

export const CREATIVE_ENDPOINTS = {
  listCreatives,
  getCreative,
  createCreative,
  modifyCreative,
  switchCreative,
  listAudit,
  approveCreatives,
  rejectCreatives,
} as const;
