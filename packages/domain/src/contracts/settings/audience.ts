/**
 * Audience characteristics (docs/product/settings.md#audience-characteristics): a two-level
 * tree of items (Gender → Man, Age → 18-24).
 */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { strictNumber } from '../input.js';
import { defineEndpoint } from '../endpoint.js';
import { ZId } from '../common.js';
import { ZNoted } from '../change.js';
import { SYSTEM, ZName, ZSwitchBody } from './fields.js';

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
