/**
 * System settings (docs/product/console.md#screens /system/*, docs/product/settings.md, docs/product/api-conventions.md#paths): languages, countries, creative styles, ad
 * types, brands and models, audience characteristics. Reads are open to any signed-in
 * user (other screens need them); writes need the system role and may carry a change note.
 */
import { msg } from '../messages.js';
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { AdForm, AdStyleType, SimpleStatus } from '../enums.js';
import { StyleMeta } from '../enums-settings.js';

const SYSTEM = ['system'] as const;

// ---------------------------------------------------------------- field helpers

export const ZStatus = strictNumber(
  z
    .number()
    .int()
    .refine((value) => SimpleStatus.has(value), msg('settings.activeOrInactive')),
);

const ZName = z.string().trim().min(1).max(64);

/**
 * A list sent either as an array or, from a multipart form, joined with commas (docs/product/settings.md#countries:
 * lang_list is sent as the comma-separated lang_ids).
 */
export const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? [] : trimmed.split(',').map((part) => part.trim());
  }, z.array(item));

/** A width × height; 0 means unlimited (docs/product/settings.md#creative-styles). Presented as "width x height". */
export const ZSize = z.object({
  width: z.number().int().min(0).max(10_000),
  height: z.number().int().min(0).max(10_000),
});
export type Size = z.infer<typeof ZSize>;

export function formatSize(size: Size | null | undefined): string {
  return size ? `${size.width} x ${size.height}` : '-';
}

const SIZE_TEXT = /^\s*(\d{1,5})\s*[xX×*]\s*(\d{1,5})\s*$/;

/** Parses "320 x 50" into a size; null for anything else. */
export function parseSize(text: string): Size | null {
  const match = SIZE_TEXT.exec(text);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** A size as a form sends it: "width x height", an object, or empty/null for none. */
export const ZSizeInput = z.preprocess((value, context) => {
  if (value === '' || value === undefined) return null;
  if (typeof value !== 'string') return value;
  const size = parseSize(value);
  if (size) return size;
  context.issues.push({
    code: 'custom',
    ...msg('settings.sizeFormat'),
    input: value,
  });
  return z.NEVER;
}, ZSize.nullable());

// ---------------------------------------------------------------- languages

export const ZLanguage = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Language = z.infer<typeof ZLanguage>;

export const ZLanguageFields = z.object({
  name: ZName,
  /** ISO 639-1/2 code, optionally with a region: en, fr, zh-CN. */
  code: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, msg('settings.languageCode')),
});
export type LanguageFields = z.infer<typeof ZLanguageFields>;

export const listLanguages = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/language/list',
  summary: 'Every language',
  tag: 'settings',
  access: 'login',
  response: z.array(ZLanguage),
});

export const createLanguage = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/language/create',
  summary: 'Add a language',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZLanguageFields,
  response: ZLanguage,
});

export const modifyLanguage = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/language/modify',
  summary: 'Change a language (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZLanguageFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZLanguage,
});

// ---------------------------------------------------------------- countries

export const ZCountry = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The country's main language. */
  lang_id: z.number().int().nullable(),
  /** Every language used there, as language ids (sent joined as `lang_ids`, docs/product/settings.md#countries). */
  lang_list: z.array(z.number().int()),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Country = z.infer<typeof ZCountry>;

export const ZCountryFields = z.object({
  name: ZName,
  /** ISO 3166-1 alpha-2, upper case. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, msg('settings.countryCode')),
  lang_id: ZId.nullable(),
  lang_ids: csvList(ZId).refine((ids) => ids.length <= 50, {
    ...msg('settings.tooManyLanguages'),
  }),
});
export type CountryFields = z.infer<typeof ZCountryFields>;

export const listAllCountries = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/country/all',
  summary: 'Every country',
  tag: 'settings',
  access: 'login',
  response: z.array(ZCountry),
});

export const listCountries = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/country/list',
  summary: 'A page of countries: search by name or code, filter by status, sort',
  tag: 'settings',
  access: 'login',
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'name', 'code', 'status', 'updated_at']).optional(),
    status: ZStatus.optional(),
  }),
  response: ZPage(ZCountry),
});

export const createCountry = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/country/create',
  summary: 'Add a country with its languages',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZCountryFields,
  response: ZCountry,
});

export const modifyCountry = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/country/modify',
  summary: 'Change a country (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZCountryFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZCountry,
});

/** Switching status: Active 0 / Inactive 1. */
export const ZSwitchBody = z.object({ id: ZId, status: ZStatus }).extend(ZNoted.shape);

export const switchCountry = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/country/switch',
  summary: 'Make a country active or inactive',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZCountry,
});

// ---------------------------------------------------------------- creative styles

export const ZAdStyle = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  icon_size: ZSize.nullable(),
  img_size: ZSize.nullable(),
  img3_size: ZSize.nullable(),
  video_size: ZSize.nullable(),
  /** Meta elements the style carries (StyleMeta values). */
  meta: z.array(z.string()),
  /** Longest title and description in characters; 0 means unlimited. */
  title_length: z.number().int().min(0),
  description_length: z.number().int().min(0),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdStyle = z.infer<typeof ZAdStyle>;

export const ZAdStyleFields = z.object({
  name: ZName,
  type: strictNumber(
    z
      .number()
      .int()
      .refine((value) => AdStyleType.has(value), msg('settings.styleType')),
  ),
  icon_size: ZSizeInput,
  img_size: ZSizeInput,
  img3_size: ZSizeInput,
  video_size: ZSizeInput,
  meta: csvList(z.string().refine((value) => StyleMeta.has(value), msg('settings.metaElement'))),
  title_length: strictNumber(z.number().int().min(0).max(10_000)),
  description_length: strictNumber(z.number().int().min(0).max(10_000)),
});
export type AdStyleFields = z.infer<typeof ZAdStyleFields>;

export const listStyles = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/style/list',
  summary: 'Every creative style',
  tag: 'settings',
  access: 'login',
  response: z.array(ZAdStyle),
});

export const createStyle = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/style/create',
  summary: 'Add a creative style',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZAdStyleFields,
  response: ZAdStyle,
});

export const modifyStyle = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/style/modify',
  summary: 'Change a creative style (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZAdStyleFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZAdStyle,
});

export const switchStyle = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/style/switch',
  summary: 'Make a creative style active or inactive',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZAdStyle,
});

// ---------------------------------------------------------------- ad types

export const ZAdType = z.object({
  id: z.number().int(),
  name: z.string(),
  /** AdForm: Unlimited 0, Banner 1, Interstitial 2, Splash 3, Feed 4, Rewarded Video 5. */
  ad_form: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdType = z.infer<typeof ZAdType>;

export const ZAdTypeFields = z.object({
  name: ZName,
  ad_form: strictNumber(
    z
      .number()
      .int()
      .refine((value) => AdForm.has(value), msg('supply.adForm')),
  ),
});
export type AdTypeFields = z.infer<typeof ZAdTypeFields>;

export const listAdTypes = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/adtype/list',
  summary: 'Every ad type',
  tag: 'settings',
  access: 'login',
  response: z.array(ZAdType),
});

export const createAdType = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/adtype/create',
  summary: 'Add an ad type',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZAdTypeFields,
  response: ZAdType,
});

export const modifyAdType = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/adtype/modify',
  summary: 'Change an ad type (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZAdTypeFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZAdType,
});

export const switchAdType = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/adtype/switch',
  summary: 'Make an ad type active or inactive',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZAdType,
});

// ---------------------------------------------------------------- brands and models

export const ZBrand = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.number().int(),
  model_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Brand = z.infer<typeof ZBrand>;

export const ZBrandFields = z.object({
  /** Lower-case slug, unique: huawei, xiaomi, samsung. */
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, {
      ...msg('settings.brandCode'),
    }),
  name: ZName,
});
export type BrandFields = z.infer<typeof ZBrandFields>;

export const listBrands = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/brand/list',
  summary: 'A page of brands: search by code or name, filter by status, sort',
  tag: 'settings',
  access: 'login',
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'code', 'name', 'status', 'updated_at']).optional(),
    status: ZStatus.optional(),
  }),
  response: ZPage(ZBrand),
});

export const listAllBrands = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/brand/all',
  summary: 'Every brand (for targeting selects)',
  tag: 'settings',
  access: 'login',
  response: z.array(ZBrand),
});

export const getBrand = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/brand/detail',
  summary: 'One brand',
  tag: 'settings',
  access: 'login',
  query: z.object({ id: ZId }),
  response: ZBrand,
});

export const createBrand = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/brand/create',
  summary: 'Add a brand',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZBrandFields,
  response: ZBrand,
});

export const modifyBrand = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/brand/modify',
  summary: 'Change a brand (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZBrandFields.partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZBrand,
});

export const switchBrand = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/brand/switch',
  summary: 'Make a brand active or inactive',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZBrand,
});

export const ZModel = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Model = z.infer<typeof ZModel>;

export const ZModelFields = z.object({
  brand_id: ZId,
  /** The device's model code, unique within its brand: SM-G9910, M2102K1C. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 _.+-]{0,63}$/, {
      ...msg('settings.modelCode'),
    }),
  name: ZName,
});
export type ModelFields = z.infer<typeof ZModelFields>;

export const listModels = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/model/list',
  summary: "A page of one brand's models: search by code or name, filter by status, sort",
  tag: 'settings',
  access: 'login',
  query: ZPageQuery.extend({
    brand_id: ZId,
    sort: z.enum(['id', 'code', 'name', 'status', 'updated_at']).optional(),
    status: ZStatus.optional(),
  }),
  response: ZPage(ZModel),
});

export const createModel = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/model/create',
  summary: 'Add a model under a brand',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZModelFields,
  response: ZModel,
});

export const modifyModel = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/model/modify',
  summary: 'Change a model (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZModelFields.omit({ brand_id: true }).partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZModel,
});

export const switchModel = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/model/switch',
  summary: 'Make a model active or inactive',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZModel,
});

// ---------------------------------------------------------------- audience characteristics

/**
 * An audience characteristic: a top-level item (Gender, Age, Interests…) or one of its
 * children (Man, 18-24, Games…). Two levels; `code` is unique among its siblings.
 */
export const ZHumanItem = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HumanItem = z.infer<typeof ZHumanItem>;

export const ZHumanNode = ZHumanItem.extend({ children: z.array(ZHumanItem) });
export type HumanNode = z.infer<typeof ZHumanNode>;

export const ZHumanFields = z.object({
  parent_id: z.preprocess(
    (value) => (value === '' || value === 'null' ? null : value),
    ZId.nullable(),
  ),
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, {
      ...msg('settings.humanCode'),
    }),
  name: ZName,
  sort: strictNumber(z.number().int().min(0).max(10_000)).default(0),
});
export type HumanFields = z.infer<typeof ZHumanFields>;

export const listHuman = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/human/tree',
  summary: 'Audience characteristics as a tree: top-level items with their children',
  tag: 'settings',
  access: 'login',
  response: z.array(ZHumanNode),
});

export const createHuman = defineEndpoint({
  method: 'POST',
  path: '/svc/setting/human/create',
  summary: 'Add a top-level audience characteristic or a child of one',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZHumanFields,
  response: ZHumanItem,
});

export const modifyHuman = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/human/modify',
  summary: 'Change an audience characteristic (the changed fields, with an optional note)',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZHumanFields.omit({ parent_id: true }).partial().extend({ id: ZId }).extend(ZNoted.shape),
  response: ZHumanItem,
});

export const switchHuman = defineEndpoint({
  method: 'PATCH',
  path: '/svc/setting/human/switch',
  summary: 'Make an audience characteristic active or inactive',
  tag: 'settings',
  access: SYSTEM,
  multipart: true,
  body: ZSwitchBody,
  response: ZHumanItem,
});
