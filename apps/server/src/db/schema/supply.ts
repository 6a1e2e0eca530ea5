/** The supply side: media, slots, demand partners and SSP strategies (issue 6). */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, micros } from './columns.js';
import { users } from './accounts.js';
import { adTypes } from './settings.js';

/** A media: an app or site that offers ad slots (docs/product/supply.md#media), owned by a publisher account. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** The publisher account; slot-role users manage the media they reach. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** Platform 0-3 of the app (0 = web or any). */
    os: smallint('os').notNull().default(0),
    /** App package / bundle id or site domain, sent upstream as app.bundle or site.domain. */
    bundle: text('bundle').notNull().default(''),
    /** WideStatus: 0 active, 1 inactive, 5 deleted. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('media_owner_idx').on(t.ownerId, t.id)],
);

/** A slot of a media (docs/product/supply.md#slots): where an ad can appear, with its floor and formats. */
export const slots = pgTable(
  'slots',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    name: text('name').notNull(),
    /**
     * The operator's own name for the slot, unique among slots not deleted: an OpenRTB
     * impression's `tagid` (or its `ext.adloom.slot`) finds the slot by it as by the id.
     */
    code: text('code'),
    /** Lowest bid (floor) in micros per mille. */
    lowestBid: micros('lowest_bid').notNull().default(0),
    /** AuctionType of our SDK's traffic on it: 1 first price, 2 second price (default). */
    auctionType: smallint('auction_type').notNull().default(2),
    styleIds: integer('style_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    adTypeId: integer('ad_type_id').references(() => adTypes.id),
    /** AdForm 0-5. */
    adForm: smallint('ad_form').notNull().default(0),
    /** Country codes served; empty = every country. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 0 = unlimited (docs/product/supply.md#slots). */
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** SupplyType: 0 DSP, 1 RTB Api, 2 SDK, 3 notRTB Api. */
    supplyType: smallint('supply_type').notNull().default(2),
    /** WideStatus: 0 active, 1 inactive, 5 deleted. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('slots_media_idx').on(t.mediaId, t.id),
    uniqueIndex('slots_code_uq')
      .on(t.code)
      .where(sql`${t.status} <> 5`),
  ],
);

/** An upstream demand partner (docs/product/supply.md#demand-partners) called over OpenRTB 2.6. */
export const dsps = pgTable('dsps', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** DspType (default 1). */
  type: smallint('type').notNull().default(1),
  /** AdForm the partner buys (slot type); 0 = any. */
  slotType: smallint('slot_type').notNull().default(0),
  timeoutMs: integer('timeout_ms').notNull().default(300),
  requestUrl: text('request_url').notNull(),
  testUrl: text('test_url').notNull().default(''),
  /** dspCpm: the price in micros per mille for fixed-price partners (default 10 units). */
  cpm: micros('cpm').notNull().default(10_000_000),
  /** dspPercent: the share of the partner's price passed on, in permille (default 1000). */
  percent: integer('percent').notNull().default(1000),
  /** Free-form partner configuration (seat, auth header name…). */
  config: jsonb('config')
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** SimpleStatus: 0 active, 1 inactive. */
  status: smallint('status').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An SSP strategy (docs/product/supply.md#ssp-strategies): for one slot, when its trigger rules match, traffic is split
 * among DSPs by permillage (each 0-1000, sum at most 1000; the rest stays with our own DSP).
 */
export const sspStrategies = pgTable(
  'ssp_strategies',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    name: text('name').notNull(),
    /** Config key/value pairs (JSON object). */
    config: jsonb('config')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Trigger rules ({ key, mode, values }[] over country, os, appVersion, network). */
    triggers: jsonb('triggers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** [{ dsp_id, permille }] */
    allocations: jsonb('allocations')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * dspPercent for every partner of this strategy (permille of a partner's price passed
     * on; the rest is our take); null: each partner's own.
     */
    percent: integer('percent'),
    /** Higher first when several strategies of a slot match. */
    priority: integer('priority').notNull().default(0),
    /** SimpleStatus: 0 active, 1 inactive. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ssp_strategies_slot_idx').on(t.slotId, t.id)],
);
