/**
 * The PostgreSQL schema (DESIGN §4). drizzle-kit generates the SQL migrations in
 * apps/server/drizzle from this file; PGlite and PostgreSQL apply the same ones.
 * Money is integer micros in bigint columns, read as JS numbers (they fit in 2^53).
 * Times are timestamptz (UTC instants).
 */
import { sql } from 'drizzle-orm';
import {
  LedgerKind,
  type AdForm,
  type AdStyleType,
  type EnumValue,
  type SimpleStatus,
} from '@adloom/domain';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

type Status = EnumValue<typeof SimpleStatus>;

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const micros = (name: string) => bigint(name, { mode: 'number' });
const quoteList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

const LEDGER_KINDS = LedgerKind.values as [
  (typeof LedgerKind.values)[number],
  ...(typeof LedgerKind.values)[number][],
];
export const SESSION_KINDS = ['admin', 'service'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored normalised: trimmed and lower-cased (normalizeUsername). */
    username: text('username').notNull().unique(),
    /** `scrypt$N$r$p$saltB64$hashB64` */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    /** Ability bitmask (spec §6). */
    ability: integer('ability').notNull().default(1),
    /** The owner: the channel, agent or admin that created this user. */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    /** Revenue share in permille, set by a channel for its users. */
    revenueShare: integer('revenue_share').notNull().default(0),
    /** SimpleStatus: 0 active, 1 inactive. */
    status: smallint('status').$type<Status>().notNull().default(0),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_parent_id_idx').on(t.parentId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** `admin` from /user/login, `service` from /svc/sys/user/login. */
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_kind_check', sql`${t.kind} in (${sql.raw(quoteList(SESSION_KINDS))})`),
  ],
);

/** Append-only: a user's balance is the balance_after of its latest entry. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** LedgerKind: topUp, spend, adjustment. */
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed change in micros. */
    amount: micros('amount').notNull(),
    balanceAfter: micros('balance_after').notNull(),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id),
    actingUserId: integer('acting_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_id_id_idx').on(t.userId, t.id),
    check('ledger_entries_kind_check', sql`${t.kind} in (${sql.raw(quoteList(LEDGER_KINDS))})`),
  ],
);

/** One row per hour and dimension combination; reports and the dashboard read only this. */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    strategyId: integer('strategy_id').notNull().default(0),
    creativeId: integer('creative_id').notNull().default(0),
    mediaId: integer('media_id').notNull().default(0),
    slotId: integer('slot_id').notNull().default(0),
    /** 0 when the impression was not bought through a DSP. */
    dspId: integer('dsp_id').notNull().default(0),
    country: text('country').notNull().default(''),
    os: smallint('os').notNull().default(0),
    appVersion: text('app_version').notNull().default(''),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    fills: bigint('fills', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    cost: micros('cost').notNull().default(0),
    income: micros('income').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_hourly_pkey',
      columns: [
        t.hour,
        t.advertiserId,
        t.planId,
        t.strategyId,
        t.creativeId,
        t.mediaId,
        t.slotId,
        t.dspId,
        t.country,
        t.os,
        t.appVersion,
      ],
    }),
    index('stats_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
    index('stats_hourly_hour_idx').on(t.hour),
  ],
);

/** Who changed what: written by every update that carries a note (spec §3, §7). */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    method: text('method').notNull(),
    valueBefore: jsonb('value_before'),
    valueAfter: jsonb('value_after'),
    /** The note's comment; null when the write carried none. */
    comment: text('comment'),
    /** The person signed in. */
    actorId: integer('actor_id').references(() => users.id),
    /** The user acted for (equals actor_id unless by proxy). */
    actingUserId: integer('acting_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('change_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('change_log_type_idx').on(t.targetType, t.id),
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
