/** Device brands and their models (docs/product/settings.md#brands-and-models), for targeting. */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZId, ZPage, ZPageQuery } from '../common.js';
import { ZNoted } from '../change.js';
import { SYSTEM, ZName, ZStatus, ZSwitchBody } from './fields.js';

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
