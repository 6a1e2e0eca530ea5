/** What the operator sets up: system parameters, languages, countries, currencies, ad styles and types, devices, audiences. */
import { sql } from 'drizzle-orm';
import { type AdForm, type AdStyleType, type EnumValue } from '@adloom/domain';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, micros, type Status } from './columns.js';

/**
 * Operator-set system parameters (issue 19): one row, edited under /system/parameter by the
 * system role. Absent until first saved; the domain's defaults apply meanwhile.
 */
export const systemParameters = pgTable(
  'system_parameters',
  {
    id: smallint('id').primaryKey().default(1),
    /** Credits above this many micros need a second fund manager. */
    fundApprovalThreshold: micros('fund_approval_threshold').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('system_parameters_single_row', sql`${t.id} = 1`),
    check('system_parameters_threshold_check', sql`${t.fundApprovalThreshold} >= 0`),
  ],
);

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  status: smallint('status').$type<Status>().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** ISO 3166-1 alpha-2. */
  code: text('code').notNull().unique(),
  /** The main language. */
  langId: integer('lang_id').references(() => languages.id),
  /** Every language spoken there (lang_list on the wire). */
  langIds: integer('lang_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  status: smallint('status').$type<Status>().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Exchange rates the operator maintains (issue 22 item 6): partner bids, request floors and
 * OpenRTB answers in another currency are converted through them; accounting stays in US
 * dollars (SERVING_CURRENCY). US dollars are the base and have no row.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    id: serial('id').primaryKey(),
    /** ISO 4217 alphabetic code, upper case (EUR). */
    code: text('code').notNull().unique(),
    /** Units of the currency one US dollar buys, in millionths (EUR 0.92 → 920000). */
    perUsdMicros: bigint('per_usd_micros', { mode: 'number' }).notNull(),
    status: smallint('status').$type<Status>().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('currency_rates_rate_check', sql`${t.perUsdMicros} > 0`)],
);

export interface SizeValue {
  width: number;
  height: number;
}

export const adStyles = pgTable('ad_styles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** AdStyleType 1-6. */
  type: smallint('type').$type<EnumValue<typeof AdStyleType>>().notNull(),
  iconSize: jsonb('icon_size').$type<SizeValue>(),
  imgSize: jsonb('img_size').$type<SizeValue>(),
  img3Size: jsonb('img3_size').$type<SizeValue>(),
  videoSize: jsonb('video_size').$type<SizeValue>(),
  meta: text('meta')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Longest title and description in characters; 0 = unlimited. */
  titleLength: integer('title_length').notNull().default(0),
  descriptionLength: integer('description_length').notNull().default(0),
  status: smallint('status').$type<Status>().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const adTypes = pgTable('ad_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** AdForm 0-5. */
  adForm: smallint('ad_form').$type<EnumValue<typeof AdForm>>().notNull(),
  status: smallint('status').$type<Status>().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  /** Lower-case slug: huawei, xiaomi. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  status: smallint('status').$type<Status>().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A device model of a brand; its code is unique within the brand. */
export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    status: smallint('status').$type<Status>().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('models_brand_code_uq').on(t.brandId, t.code)],
);

/**
 * Audience characteristics, two levels: top-level items (parent_id null) and their children.
 * A code is unique among siblings; coalesce makes the top level one sibling group.
 */
export const humanItems = pgTable(
  'human_items',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => humanItems.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').$type<Status>().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('human_items_parent_code_uq').on(sql`coalesce(${t.parentId}, 0)`, t.code),
    index('human_items_parent_idx').on(t.parentId),
  ],
);
