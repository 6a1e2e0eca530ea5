/**
 * Media and slots (docs/product/console.md#screens /ssp/media and /ssp/slot, docs/product/supply.md#slots, docs/product/supply.md#media): where ads can
 * appear. Roles system, ssp and slot; a slot-role user manages the media it reaches
 * (owns, or owns through its users), ssp and system all of them.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZIdList, ZMoneyMicros, ZOwnerFilter, ZOwnerRef } from './ad-common.js';
import { msg, type MessageCode } from '../messages.js';
import { AdForm, Platform, SupplyType, WideStatus } from '../enums.js';
import { DEFAULT_AUCTION_TYPE } from '../delivery.js';

const SUPPLY = ['system', 'ssp', 'slot'] as const;

const enumField = <E extends { has(value: unknown): boolean }>(values: E, message: MessageCode) =>
  strictNumber(
    z
      .number()
      .int()
      .refine((value) => values.has(value), { message }),
  );

export const ZWideStatus = enumField(WideStatus, 'supply.status');

// ---------------------------------------------------------------- media

export const ZMediaFields = z.object({
  name: z.string().trim().min(1).max(64),
  os: enumField(Platform, 'supply.os').default(0),
  /** App package / bundle id, or the site's domain. */
  bundle: z
    .string()
    .trim()
    .max(128)
    .regex(/^$|^[A-Za-z0-9][A-Za-z0-9._-]*$/, msg('supply.bundle'))
    .default(''),
  /** The publisher account; defaults to the acting user. */
  owner_id: ZId.optional(),
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

export const MEDIA_SORTS = ['id', 'name', 'status', 'slot_count', 'updated_at'] as const;

export const listMedia = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/media/list',
  summary: 'A page of media within reach: search, status and owner filters, sort',
  tag: 'supply',
  access: SUPPLY,
  query: ZPageQuery.extend({
    sort: z.enum(MEDIA_SORTS).optional(),
    /** Deleted media (5) are listed only when asked for. */
    status: ZWideStatus.optional(),
    owner_id: ZOwnerFilter,
    os: enumField(Platform, 'supply.os').optional(),
  }),
  response: ZPage(ZMedia),
});

/** Who a media may belong to: the acting user and the accounts it reaches (for the owner select). */
export const listMediaOwners = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/media/owners',
  summary: 'Accounts a media may belong to (the acting user and those it reaches), by keyword',
  tag: 'supply',
  access: SUPPLY,
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  response: z.array(ZOwnerRef),
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
      os: enumField(Platform, 'supply.os'),
      bundle: ZMediaFields.shape.bundle.unwrap(),
      owner_id: ZId,
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

/** Supported styles: at least one ('Please confirm the support style', docs/product/messages-and-codes.md#form-messages). */
const ZStyleIds = ZIdList.pipe(z.array(z.number()).min(1, msg('ad.confirmStyle')).max(100));
const ZCountryCodes = z.array(z.string().regex(/^[A-Z]{2}$/, msg('supply.countryCode'))).max(300);
/** A slot size side in pixels; 0 = unlimited. */
const ZSide = strictNumber(z.number().int().min(0).max(10_000));
const ZAdForm = enumField(AdForm, 'supply.adForm');
const ZSupplyType = enumField(SupplyType, 'supply.supplyType');

/**
 * The operator's own name for a slot, which an OpenRTB `tagid` or Prebid's `slot` parameter
 * may give instead of the id; blank = none (null).
 */
const ZSlotCode = z
  .string()
  .trim()
  .max(64, msg('supply.slotCode'))
  .regex(/^[^\p{Cc}]*$/u, msg('supply.slotCode'))
  .transform((code) => code || null)
  .nullable();

/** OpenRTB's `at` numbering: 1 first price, 2 second price (docs/decisions/partner-pricing.md). */
const ZAuctionType = strictNumber(z.number().int().min(1).max(2));

export const ZSlotFields = z.object({
  media_id: ZId,
  name: z.string().trim().min(1).max(64),
  code: ZSlotCode.default(null),
  /** Floor in micros per mille. */
  lowest_bid: ZMoneyMicros.default(0),
  style_ids: ZStyleIds,
  ad_type_id: ZId.nullable().default(null),
  ad_form: ZAdForm.default(0),
  /** Country codes; empty = every country. */
  countries: ZCountryCodes.default([]),
  /** 0 = unlimited. */
  width: ZSide.default(0),
  height: ZSide.default(0),
  supply_type: ZSupplyType.default(2),
  /** AuctionType of our SDK's traffic on the slot: 1 first price, 2 second price. */
  auction_type: ZAuctionType.default(DEFAULT_AUCTION_TYPE),
});
export type SlotFields = z.infer<typeof ZSlotFields>;

export const ZSlot = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  media_name: z.string(),
  /** The media's own state: a slot of an inactive or deleted media does not serve. */
  media_status: z.number().int(),
  media_os: z.number().int(),
  media_bundle: z.string(),
  /** The media's owner. */
  owner: ZOwnerRef,
  name: z.string(),
  /** Unique among slots not deleted; null = none. */
  code: z.string().nullable(),
  lowest_bid: z.number().int(),
  style_ids: z.array(z.number().int()),
  ad_type_id: z.number().int().nullable(),
  ad_type_name: z.string().nullable(),
  ad_form: z.number().int(),
  countries: z.array(z.string()),
  width: z.number().int(),
  height: z.number().int(),
  supply_type: z.number().int(),
  auction_type: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Slot = z.infer<typeof ZSlot>;

export const SLOT_SORTS = ['id', 'name', 'lowest_bid', 'status', 'updated_at'] as const;

export const listSlots = defineEndpoint({
  method: 'GET',
  path: '/svc/ssp/slot/list',
  summary: 'A page of slots within reach: search, media, status, supply type, ad form',
  tag: 'supply',
  access: SUPPLY,
  query: ZPageQuery.extend({
    sort: z.enum(SLOT_SORTS).optional(),
    media_id: ZId.optional(),
    /** Deleted slots (5) are listed only when asked for. */
    status: ZWideStatus.optional(),
    supply_type: ZSupplyType.optional(),
    ad_form: ZAdForm.optional(),
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
      code: ZSlotCode,
      lowest_bid: ZMoneyMicros,
      style_ids: ZStyleIds,
      ad_type_id: ZId.nullable(),
      ad_form: ZAdForm,
      countries: ZCountryCodes,
      width: ZSide,
      height: ZSide,
      supply_type: ZSupplyType,
      auction_type: ZAuctionType,
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
  listMediaOwners,
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
