/**
 * Media and slots (spec §2 /ssp/media and /ssp/slot, §3 Slot and Media): where ads can
 * appear. Roles system, ssp and slot; a slot-role user manages the media it reaches
 * (owns, or owns through its users), ssp and system all of them.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZIdList, ZMicros, ZOwnerFilter, ZOwnerRef } from './ad-common.js';
import { AdForm, Platform, SupplyType, WideStatus } from '../enums.js';

const SUPPLY = ['system', 'ssp', 'slot'] as const;

const enumField = <E extends { has(value: unknown): boolean }>(values: E, message: string) =>
  z.coerce
    .number()
    .int()
    .refine((value) => values.has(value), { message });

export const ZWideStatus = enumField(WideStatus, 'Must be 0 (active), 1 (inactive) or 5 (deleted)');

// ---------------------------------------------------------------- media

export const ZMediaFields = z.object({
  name: z.string().trim().min(1).max(64),
  os: enumField(Platform, 'Unknown OS').default(0),
  /** App package / bundle id, or the site's domain. */
  bundle: z
    .string()
    .trim()
    .max(128)
    .regex(/^$|^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
      message: 'Use a package name such as com.example.app or a domain such as example.com',
    })
    .default(''),
  /** The publisher account; defaults to the acting user. */
  owner_id: z.coerce.number().int().positive().optional(),
});
export type MediaFields = z.infer<typeof ZMediaFields>;

export const ZMedia = z.object({
  id: z.number().int(),
  owner: ZOwnerRef,
  name: z.string(),
  os: z.number().int(),
  bundle: z.string(),
  status: z.number().int(),
  slot_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Media = z.infer<typeof ZMedia>;

export const listMedia = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/media/list',
  summary: 'A page of media within reach: search, status and owner filters, sort',
  tag: 'supply',
  access: SUPPLY,
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'name', 'status', 'updated_at']).optional(),
    status: ZWideStatus.optional(),
    owner_id: ZOwnerFilter,
  }),
  response: ZPage(ZMedia),
});

export const listAllMedia = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/media/all',
  summary: 'Every media within reach that is not deleted (for selects)',
  tag: 'supply',
  access: SUPPLY,
  response: z.array(ZMedia),
});

export const createMedia = defineEndpoint({
  method: 'POST',
  path: '/svc/ssp/media/create',
  summary: 'Add a media',
  tag: 'supply',
  access: SUPPLY,
  body: ZMediaFields,
  response: ZMedia,
});

export const modifyMedia = defineEndpoint({
  method: 'PUT',
  path: '/svc/ssp/media/modify',
  summary: 'Change a media (the changed fields, with an optional note)',
  tag: 'supply',
  access: SUPPLY,
  body: z
    .object({
      name: ZMediaFields.shape.name,
      os: enumField(Platform, 'Unknown OS'),
      bundle: ZMediaFields.shape.bundle.unwrap(),
      owner_id: z.coerce.number().int().positive(),
    })
    .partial()
    .extend({ id: ZId })
    .extend(ZNoted.shape),
  response: ZMedia,
});

export const switchMedia = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ssp/media/switch',
  summary: 'Make a media active (0), inactive (1) or deleted (5)',
  tag: 'supply',
  access: SUPPLY,
  body: z.object({ id: ZId, status: ZWideStatus }).extend(ZNoted.shape),
  response: ZMedia,
});

// ---------------------------------------------------------------- slots

export const ZSlotFields = z.object({
  media_id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(64),
  /** Floor in micros per mille. */
  lowest_bid: ZMicros.default(0),
  style_ids: ZIdList,
  ad_type_id: z.coerce.number().int().positive().nullable().default(null),
  ad_form: enumField(AdForm, 'Unknown ad form').default(0),
  /** Country codes; empty = every country. */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, { message: 'Use two-letter country codes' }))
    .max(300)
    .default([]),
  /** 0 = unlimited. */
  width: z.coerce.number().int().min(0).max(10_000).default(0),
  height: z.coerce.number().int().min(0).max(10_000).default(0),
  supply_type: enumField(SupplyType, 'Unknown supply type').default(2),
});
export type SlotFields = z.infer<typeof ZSlotFields>;

export const ZSlot = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  media_name: z.string(),
  name: z.string(),
  lowest_bid: z.number().int(),
  style_ids: z.array(z.number().int()),
  ad_type_id: z.number().int().nullable(),
  ad_form: z.number().int(),
  countries: z.array(z.string()),
  width: z.number().int(),
  height: z.number().int(),
  supply_type: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Slot = z.infer<typeof ZSlot>;

export const listSlots = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/slot/list',
  summary: 'A page of slots within reach: search, media, status, supply type, ad form',
  tag: 'supply',
  access: SUPPLY,
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'name', 'lowest_bid', 'status', 'updated_at']).optional(),
    media_id: z.coerce.number().int().positive().optional(),
    status: ZWideStatus.optional(),
    supply_type: enumField(SupplyType, 'Unknown supply type').optional(),
    ad_form: enumField(AdForm, 'Unknown ad form').optional(),
  }),
  response: ZPage(ZSlot),
});

export const listAllSlots = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/slot/all',
  summary: 'Every slot within reach that is not deleted (for selects)',
  tag: 'supply',
  access: SUPPLY,
  response: z.array(ZSlot),
});

export const getSlot = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/slot/detail',
  summary: 'One slot',
  tag: 'supply',
  access: SUPPLY,
  query: z.object({ id: ZId }),
  response: ZSlot,
});

export const createSlot = defineEndpoint({
  method: 'POST',
  path: '/svc/ssp/slot/create',
  summary: 'Add a slot to a media',
  tag: 'supply',
  access: SUPPLY,
  body: ZSlotFields,
  response: ZSlot,
});

export const modifySlot = defineEndpoint({
  method: 'PUT',
  path: '/svc/ssp/slot/modify',
  summary: 'Change a slot (the changed fields, with an optional note)',
  tag: 'supply',
  access: SUPPLY,
  body: z
    .object({
      name: ZSlotFields.shape.name,
      lowest_bid: ZMicros,
      style_ids: ZIdList,
      ad_type_id: z.coerce.number().int().positive().nullable(),
      ad_form: enumField(AdForm, 'Unknown ad form'),
      countries: ZSlotFields.shape.countries.unwrap(),
      width: z.coerce.number().int().min(0).max(10_000),
      height: z.coerce.number().int().min(0).max(10_000),
      supply_type: enumField(SupplyType, 'Unknown supply type'),
    })
    .partial()
    .extend({ id: ZId })
    .extend(ZNoted.shape),
  response: ZSlot,
});

export const switchSlot = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ssp/slot/switch',
  summary: 'Make a slot active (0), inactive (1) or deleted (5)',
  tag: 'supply',
  access: SUPPLY,
  body: z.object({ id: ZId, status: ZWideStatus }).extend(ZNoted.shape),
  response: ZSlot,
});

export const MEDIA_ENDPOINTS = {
  listMedia,
  listAllMedia,
  createMedia,
  modifyMedia,
  switchMedia,
  listSlots,
  listAllSlots,
  getSlot,
  createSlot,
  modifySlot,
  switchSlot,
} as const;
