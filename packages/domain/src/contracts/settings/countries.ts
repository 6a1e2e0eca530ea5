/** Countries (docs/product/settings.md#countries) with their languages. */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZId, ZPage, ZPageQuery } from '../common.js';
import { ZNoted } from '../change.js';
import { SYSTEM, ZName, ZStatus, ZSwitchBody, csvList } from './fields.js';

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
