/**
 * The setting lists every screen reads (spec §7): languages, countries, creative styles.
 * Their editing screens and writes belong to the settings module; these reads are open
 * to any signed-in user, and the console reloads them after sign-in.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { SimpleStatus, AdStyleType } from '../enums.js';

export const ZLanguage = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Language = z.infer<typeof ZLanguage>;

export const ZCountry = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The country's main language. */
  lang_id: z.number().int().nullable(),
  /** Every language spoken there, as language ids (sent joined as `lang_ids`, spec §3). */
  lang_list: z.array(z.number().int()),
  status: z
    .number()
    .int()
    .refine((value) => SimpleStatus.has(value)),
});
export type Country = z.infer<typeof ZCountry>;

/** A width × height; 0 means unlimited (spec §5). Presented as "width x height". */
export const ZSize = z.object({
  width: z.number().int().min(0).max(10_000),
  height: z.number().int().min(0).max(10_000),
});
export type Size = z.infer<typeof ZSize>;

export function formatSize(size: Size | null | undefined): string {
  return size ? `${size.width} x ${size.height}` : '-';
}

export const ZAdStyle = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z
    .number()
    .int()
    .refine((value) => AdStyleType.has(value)),
  icon_size: ZSize.nullable(),
  img_size: ZSize.nullable(),
  img3_size: ZSize.nullable(),
  video_size: ZSize.nullable(),
  /** Meta elements the style carries (title, description, icon, button, …). */
  meta: z.array(z.string()),
  /** Longest title and description in characters; 0 means unlimited. */
  title_length: z.number().int().min(0),
  description_length: z.number().int().min(0),
});
export type AdStyle = z.infer<typeof ZAdStyle>;

export const listLanguages = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/language/list',
  summary: 'Every language',
  tag: 'settings',
  access: 'login',
  response: z.array(ZLanguage),
});

export const listAllCountries = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/country/all',
  summary: 'Every country',
  tag: 'settings',
  access: 'login',
  response: z.array(ZCountry),
});

export const listStyles = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/style/list',
  summary: 'Every creative style',
  tag: 'settings',
  access: 'login',
  response: z.array(ZAdStyle),
});
