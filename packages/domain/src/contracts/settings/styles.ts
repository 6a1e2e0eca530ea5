/** Creative styles (docs/product/settings.md#creative-styles): elements, sizes, lengths. */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { strictNumber } from '../input.js';
import { defineEndpoint } from '../endpoint.js';
import { ZId } from '../common.js';
import { ZNoted } from '../change.js';
import { AdStyleType } from '../../enums.js';
import { StyleMeta } from '../../enums-settings.js';
import { SYSTEM, ZName, ZSwitchBody, csvList, ZSize, ZSizeInput } from './fields.js';

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
