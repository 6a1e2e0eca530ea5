/**
 * Creatives (docs/product/console.md#screens /ad/idea, docs/product/advertising.md#creatives, docs/product/advertising.md#creative-review) and their audit (/ad/exam).
 * The form follows the chosen style; the server checks the same rules against the stored
 * style (assets, image counts, title and description limits) and the materials' owners.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZChangeComment, ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZBulkIds, ZBulkResult, ZIdList, ZOwnerFilter, ZOwnerRef } from './ad-common.js';
import {
  ClickAction,
  CreativeAuditState,
  CreativeLanguage,
  CreativeReview,
  Platform,
  WideStatus,
} from '../enums.js';
import { msg, type MessageCode } from '../messages.js';
import {
  GROUP_IMAGE_COUNT,
  clickActionIssues,
  creativeRuleCode,
  deeplinkProblem,
  isHttpUrl,
  isSpecialConfig,
} from '../creative-rules.js';

const AD = ['adController'] as const;
const EXAM = ['adExam'] as const;

/** At most this many monitor links of each kind. */
export const MAX_MONITOR_URLS = 5;

const ZHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => isHttpUrl(value), msg('input.httpUrl'));
/**
 * A deep link: an app scheme (myapp://…), intent:// or an http(s) universal link; never a
 * scheme that runs script or reads local content (deeplinks.ts, checked again at serve).
 */
const ZDeeplink = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, context) => {
    const problem = deeplinkProblem(value);
    if (problem) {
      context.addIssue({ code: 'custom', message: creativeRuleCode(problem) });
    }
  });

const enumField = <E extends { has(value: unknown): boolean }>(values: E, message: MessageCode) =>
  strictNumber(
    z
      .number()
      .int()
      .refine((value) => values.has(value), { message }),
  );

const ZOptionalMaterialId = z.preprocess(
  (value) => (value === '' || value === 0 ? null : value),
  ZId.nullable(),
);

/** Each field's own rule, without defaults (a modify sends only what changed). */
const FIELD = {
  name: z.string().trim().min(1).max(64),
  style_id: ZId,
  language: z
    .string()
    // Typed as a plain string (not the predicate's 'en' | 'fr'): stored rows carry a string.
    .refine((value): boolean => CreativeLanguage.has(value), {
      ...msg('ad.needLanguage'),
    }),
  os: enumField(Platform, 'supply.os'),
  title: z.string().trim().max(200),
  description: z.string().trim().max(1000),
  icon_material_id: ZOptionalMaterialId,
  image_material_id: ZOptionalMaterialId,
  group_material_ids: ZIdList.pipe(z.array(z.number()).max(GROUP_IMAGE_COUNT)),
  video_material_id: ZOptionalMaterialId,
  click_action: enumField(ClickAction, 'creative.clickAction'),
  action_text: z.string().trim().max(20),
  /** Free-form JSON text for the media integration; '' for none. */
  special_config: z
    .string()
    .trim()
    .max(10_000)
    .refine(isSpecialConfig, msg('ad.configurationFormat')),
  app_name: z.string().trim().max(64),
  app_package: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(255)
      .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, {
        ...msg('creative.package'),
      }),
  ]),
  /** Open Url and Download App: an http(s) address; Telephone: a number; No Action: ''. */
  click_url: z.string().trim().max(2048),
  deeplink_url: ZDeeplink,
  impression_monitor_urls: z.array(ZHttpUrl).max(MAX_MONITOR_URLS),
  click_monitor_urls: z.array(ZHttpUrl).max(MAX_MONITOR_URLS),
};

export const ZCreativeFields = z.object({
  ...FIELD,
  title: FIELD.title.default(''),
  description: FIELD.description.default(''),
  icon_material_id: FIELD.icon_material_id.default(null),
  image_material_id: FIELD.image_material_id.default(null),
  group_material_ids: FIELD.group_material_ids.default([]),
  video_material_id: FIELD.video_material_id.default(null),
  action_text: FIELD.action_text.default(''),
  special_config: FIELD.special_config.default(''),
  app_name: FIELD.app_name.default(''),
  app_package: FIELD.app_package.default(''),
  click_url: FIELD.click_url.default(''),
  deeplink_url: FIELD.deeplink_url.default(''),
  impression_monitor_urls: FIELD.impression_monitor_urls.default([]),
  click_monitor_urls: FIELD.click_monitor_urls.default([]),
});
export type CreativeFields = z.infer<typeof ZCreativeFields>;

/**
 * A new creative: the fields, and what its click action needs (the style's rules need the
 * stored style and are checked by the server, and by the form, with creative-rules.ts).
 */
export const ZCreateCreative = ZCreativeFields.superRefine((fields, context) => {
  for (const issue of clickActionIssues(fields)) {
    context.addIssue({
      code: 'custom',
      path: [issue.path],
      message: creativeRuleCode(issue.rule),
      ...(issue.params ? { params: issue.params } : {}),
    });
  }
});

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

/** The fields as the server answers them: plain values (no input coercion to encode). */
const ZCreativeValues = z.object({
  name: z.string(),
  style_id: z.number().int(),
  language: z.string(),
  os: z.number().int(),
  title: z.string(),
  description: z.string(),
  icon_material_id: z.number().int().nullable(),
  image_material_id: z.number().int().nullable(),
  group_material_ids: z.array(z.number().int()),
  video_material_id: z.number().int().nullable(),
  click_action: z.number().int(),
  action_text: z.string(),
  /** The stored JSON, keys sorted, indented (canonicalSpecialConfig); '' for none. */
  special_config: z.string(),
  app_name: z.string(),
  app_package: z.string(),
  click_url: z.string(),
  deeplink_url: z.string(),
  impression_monitor_urls: z.array(z.string()),
  click_monitor_urls: z.array(z.string()),
}) satisfies z.ZodType<Record<keyof CreativeFields, unknown>>;

export const ZCreative = ZCreativeValues.extend({
  id: z.number().int(),
  owner: ZOwnerRef,
  style_name: z.string(),
  /** StyleType of the style, so a preview renders without the style list. */
  style_type: z.number().int(),
  /** The materials the ids name, for previews (missing ones left out). */
  assets: z.array(ZCreativeAsset),
  /** CreativeReview: 0 approve, 1 auditing, 2 reject. */
  review: z.number().int(),
  /**
   * CreativeAuditState (auditStateOf): deleted or inactive when off the shelf, otherwise
   * pending (never reviewed), underAudit (back in audit after an edit), approved or failed.
   */
  audit_state: z.string(),
  reject_reason: z.string(),
  /** Who decided last, and when; null until the first decision. */
  reviewer: ZOwnerRef.nullable(),
  reviewed_at: z.string().nullable(),
  /** When it last entered audit: created, or content changed after a decision. */
  submitted_at: z.string(),
  /** WideStatus: 0 normal, 1 inactive (shelved), 5 deleted. */
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Creative = z.infer<typeof ZCreative>;

export const CREATIVE_SORTS = [
  'id',
  'name',
  'review',
  'status',
  'submitted_at',
  'reviewed_at',
  'updated_at',
] as const;

const ZAuditState = z
  .string()
  .refine((value) => CreativeAuditState.has(value), msg('creative.auditState'));

/**
 * Lists leave deleted creatives out unless `status` 5 (or audit_state 'deleted') asks for
 * them. `audit_state` pending / underAudit / approved / failed filter by review, normal /
 * inactive / deleted by status.
 */
const ZCreativeListQuery = ZPageQuery.extend({
  sort: z.enum(CREATIVE_SORTS).optional(),
  review: enumField(CreativeReview, 'creative.reviewState').optional(),
  audit_state: ZAuditState.optional(),
  status: enumField(WideStatus, 'input.unknownStatus').optional(),
  style_id: ZId.optional(),
  language: z.string().optional(),
  owner_id: ZOwnerFilter,
});
export type CreativeListQuery = z.input<typeof ZCreativeListQuery>;

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
  body: ZCreateCreative,
  response: ZCreative,
});

export const modifyCreative = defineEndpoint({
  method: 'PUT',
  path: '/svc/ad/idea/modify',
  summary: 'Change a creative; changed content sends an approved creative back to audit',
  tag: 'creatives',
  access: AD,
  // FIELD, not ZCreativeFields: defaults would fill in (and so overwrite) unsent fields.
  body: z.object(FIELD).partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZCreative,
});

export const switchCreative = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ad/idea/switch',
  summary: 'Shelve (1), restore (0) or delete (5) a creative; a deleted one stays deleted',
  tag: 'creatives',
  access: AD,
  body: z
    .object({ id: ZId, status: enumField(WideStatus, 'upload.statusChoice') })
    .extend(ZNoted.shape),
  response: ZCreative,
});

/** What a bulk action does to each creative: shelve (1), restore (0), delete (5, final). */
export const CREATIVE_BULK_ACTIONS = ['shelve', 'restore', 'delete'] as const;
export type CreativeBulkAction = (typeof CREATIVE_BULK_ACTIONS)[number];

/**
 * One action on several creatives, with the plans' bulk rules (docs/decisions/working-lists.md):
 * ids out of reach refuse everything; a creative whose state refuses the action (deleted,
 * already shelved) is answered in `failed` and the others are written.
 */
export const bulkCreatives = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/idea/bulk',
  summary: 'Shelve, restore or delete several creatives; answers the rows done and refused',
  tag: 'creatives',
  access: AD,
  body: z.object({
    ids: ZBulkIds,
    action: z.enum(CREATIVE_BULK_ACTIONS),
    comment: ZChangeComment.optional(),
  }),
  response: ZBulkResult,
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

export const ZAuditCounts = z.object({
  pending: z.number().int(),
  underAudit: z.number().int(),
  approved: z.number().int(),
  failed: z.number().int(),
});
export type AuditCounts = z.infer<typeof ZAuditCounts>;

export const countAudit = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/exam/counts',
  summary: 'How many creatives of the audit queue are in each review state (deleted left out)',
  tag: 'audit',
  access: EXAM,
  query: ZCreativeListQuery.pick({ keyword: true, style_id: true, language: true }),
  response: ZAuditCounts,
});

export const ZRejectReason = z
  .string()
  .trim()
  .max(500)
  .refine((text) => text.replace(/\s/g, '').length >= 2, {
    ...msg('creative.reason'),
  });

export const approveCreatives = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/exam/approve',
  summary: 'Approve creatives waiting for audit (all or none)',
  tag: 'audit',
  access: EXAM,
  body: z.object({ ids: ZIdList.pipe(z.array(z.number()).min(1).max(500)) }),
  response: z.array(ZCreative),
});

export const rejectCreatives = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/exam/reject',
  summary: 'Reject creatives waiting for audit with a reason (all or none)',
  tag: 'audit',
  access: EXAM,
  body: z.object({
    ids: ZIdList.pipe(z.array(z.number()).min(1).max(500)),
    reason: ZRejectReason,
  }),
  response: z.array(ZCreative),
});

export const CREATIVE_ENDPOINTS = {
  listCreatives,
  getCreative,
  createCreative,
  modifyCreative,
  switchCreative,
  bulkCreatives,
  listAudit,
  countAudit,
  approveCreatives,
  rejectCreatives,
} as const;
