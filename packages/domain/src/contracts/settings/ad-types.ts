/** Ad types (docs/product/settings.md#ad-types): a name over an ad form. */
import { msg } from '../../messages.js';
import { z } from 'zod';
import { strictNumber } from '../input.js';
import { defineEndpoint } from '../endpoint.js';
import { ZId } from '../common.js';
import { ZNoted } from '../change.js';
import { AdForm } from '../../enums.js';
import { SYSTEM, ZName, ZSwitchBody } from './fields.js';

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
