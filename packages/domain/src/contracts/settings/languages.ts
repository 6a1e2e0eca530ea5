/** Languages (docs/product/settings.md#languages): every language, add and change one. */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZId } from '../common.js';
import { ZNoted } from '../change.js';
import { SYSTEM, ZName } from './fields.js';

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
