/**
 * The PostgreSQL schema (docs/product/design.md#data-model). drizzle-kit generates the SQL migrations in
 * apps/server/drizzle from this file; PGlite and PostgreSQL apply the same ones.
 * Money is integer micros in bigint columns, read as JS numbers (they fit in 2^53).
 * Times are timestamptz (UTC instants).
 */
import { sql } from 'drizzle-orm';
import { STATS_KEY_COLUMNS, type EventDims, type StatsKeyField } from '../stats/keys.js';
import {
  FUND_REQUEST_KINDS,
  FundRequestStatus,
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
    /** Ability bitmask (docs/product/roles-and-access.md#abilities). */
    ability: integer('ability').notNull().default(1),
    /** The owner: the channel, agent or admin that created this user. */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    /** Revenue share in permille, set by a channel for its users. */
    revenueShare: integer('revenue_share').notNull().default(0),
    /** SimpleStatus: 0 active, 1 inactive. */
    status: smallint('status').$type<Status>().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_parent_id_idx').on(t.parentId)],
);

export const THROTTLE_SCOPES = ['signIn', 'signInIp', 'passwordChange'] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

/**
 * Failed sign-ins and password checks, counted per key (docs/decisions/sign-in.md): a
 * username from one address (signIn), one address (signInIp, username ''), a user's
 * current-password checks (passwordChange, ip ''). Shared by every server process.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    scope: text('scope', { enum: THROTTLE_SCOPES }).notNull(),
    /** Normalised as users.username; '' for an address's own count. */
    username: text('username').notNull().default(''),
    /** The client address (an IPv6 one as its /64); '' for a password change. */
    ip: text('ip').notNull().default(''),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** No further attempt of this key is checked before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.username, t.ip] }),
    index('login_throttles_username_idx').on(t.username),
    index('login_throttles_last_failure_at_idx').on(t.lastFailureAt),
    check(
      'login_throttles_scope_check',
      sql`${t.scope} in (${sql.raw(quoteList(THROTTLE_SCOPES))})`,
    ),
  ],
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

const FUND_REQUEST_STATUSES = FundRequestStatus.values as [
  (typeof FundRequestStatus.values)[number],
  ...(typeof FundRequestStatus.values)[number][],
];

/**
 * A credit above the approval threshold, waiting for a second fund manager (issue 19). It
 * changes no balance until approved; approval posts the ledger entry it then points to.
 */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account to be credited. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: FUND_REQUEST_KINDS }).notNull(),
    /** Positive micros. */
    amount: micros('amount').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: FUND_REQUEST_STATUSES }).notNull().default('pending'),
    /** The person signed in who asked, and the user they acted for. */
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    requestedActingId: integer('requested_acting_id').references(() => users.id),
    createdAt: createdAt(),
    /** Who approved or rejected it, for whom, when and why; null while pending. */
    decidedBy: integer('decided_by').references(() => users.id),
    decidedActingId: integer('decided_acting_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionNote: text('decision_note'),
    /** The entry an approval posted. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
  },
  (t) => [
    index('fund_requests_status_id_idx').on(t.status, t.id),
    index('fund_requests_user_id_id_idx').on(t.userId, t.id),
    check(
      'fund_requests_kind_check',
      sql`${t.kind} in (${sql.raw(quoteList(FUND_REQUEST_KINDS))})`,
    ),
    check(
      'fund_requests_status_check',
      sql`${t.status} in (${sql.raw(quoteList(FUND_REQUEST_STATUSES))})`,
    ),
    check('fund_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);

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

/**
 * The stats tables' key columns (0 / '' where a row has none): one per STATS_KEYS entry
 * (stats/keys.ts), the compiler checks that none is missing or extra.
 */
const statsDimensions = () =>
  ({
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    strategyId: integer('strategy_id').notNull().default(0),
    creativeId: integer('creative_id').notNull().default(0),
    mediaId: integer('media_id').notNull().default(0),
    slotId: integer('slot_id').notNull().default(0),
    dspId: integer('dsp_id').notNull().default(0),
    country: text('country').notNull().default(''),
    os: smallint('os').notNull().default(0),
    appVersion: text('app_version').notNull().default(''),
  }) satisfies { [K in StatsKeyField]: { _: { data: EventDims[K] } } };

/** The key columns of a stats table, in STATS_KEYS' order (its primary key after the time). */
const statsKeyColumns = <C>(table: Record<StatsKeyField, C>): C[] =>
  STATS_KEY_COLUMNS.map((key) => table[key.field]);

const statsCounters = () => ({
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  fills: bigint('fills', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  cost: micros('cost').notNull().default(0),
  income: micros('income').notNull().default(0),
  /** Partner-won impressions: what the partner pays, micros (the publisher's share is income). */
  partnerRevenue: micros('partner_revenue').notNull().default(0),
  /** Of partner_revenue, our take (the revenue share the operator set), micros. */
  partnerTake: micros('partner_take').notNull().default(0),
});

/** One row per hour and dimension combination; reports and the dashboard read only this. */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    ...statsDimensions(),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_hourly_pkey',
      columns: [t.hour, ...statsKeyColumns(t)],
    }),
    // Hour ranges use the primary key (it leads with the hour): one index less to keep up
    // on every row a delivery flush writes. The tables' fillfactor is set in migration 0007.
    index('stats_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);

/** Who changed what: written by every update that carries a note (docs/product/api-conventions.md#change-notes). */
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

// ---------------------------------------------------------------- advertising (issue 5)

/**
 * An uploaded image or video (docs/product/advertising.md#materials). Files live in the upload storage under
 * random keys; `storage_key` is the original, `thumbnail_key` a small JPEG preview and
 * `transcoded_key` the web-playable MP4 of a video. Images have no transcode state.
 */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** MaterialKind: image or video. */
    kind: text('kind').notNull(),
    /** The type found in the file's content (magic bytes), never the name's. */
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    transcodedKey: text('transcoded_key'),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** Videos only. */
    durationMs: integer('duration_ms'),
    /** TranscodeState for videos (0 transcoding, 1 transcoded, 2 failed); null for images. */
    transcodeState: smallint('transcode_state'),
    transcodeError: text('transcode_error'),
    /** WideStatus: 0 active, 1 inactive, 5 deleted. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('materials_owner_idx').on(t.ownerId, t.id)],
);

/** A creative (docs/product/advertising.md#creatives): assets and texts in one style, with its audit state (docs/product/advertising.md#creative-review). */
export const creatives = pgTable(
  'creatives',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    styleId: integer('style_id')
      .notNull()
      .references(() => adStyles.id),
    /** CreativeLanguage: en, fr. */
    language: text('language').notNull(),
    /** Platform 0-3. */
    os: smallint('os').notNull().default(0),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    iconMaterialId: integer('icon_material_id').references(() => materials.id),
    imageMaterialId: integer('image_material_id').references(() => materials.id),
    groupMaterialIds: integer('group_material_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    videoMaterialId: integer('video_material_id').references(() => materials.id),
    /** ClickAction 1-4. */
    clickAction: smallint('click_action').notNull().default(2),
    actionText: text('action_text').notNull().default(''),
    /** Free-form JSON for the media integration ("special config"). */
    specialConfig: jsonb('special_config'),
    appName: text('app_name').notNull().default(''),
    appPackage: text('app_package').notNull().default(''),
    clickUrl: text('click_url').notNull().default(''),
    deeplinkUrl: text('deeplink_url').notNull().default(''),
    impressionMonitorUrls: text('impression_monitor_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    clickMonitorUrls: text('click_monitor_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** CreativeReview: 0 approve, 1 auditing, 2 reject. */
    review: smallint('review').notNull().default(1),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** When the creative last entered audit: its creation, or a content edit after a review. */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** WideStatus: 0 normal, 1 inactive (shelved), 5 deleted. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('creatives_owner_idx').on(t.ownerId, t.id),
    index('creatives_review_idx').on(t.review, t.id),
  ],
);

/**
 * An advertising plan (docs/product/advertising.md#plans). Money in micros; the schedule is seven 24-bit hour
 * masks, Monday first, in UTC+00:00. `creation_step` keeps the creation flow resumable.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** Daily budget in micros. */
    budget: micros('budget').notNull(),
    /** Default bid in micros (per mille for CPM, per click for CPC, per day for CPT); 0 = per strategy. */
    bid: micros('bid').notNull().default(0),
    /** Billing 1 CPT, 2 CPM, 3 CPC. */
    billing: smallint('billing').notNull(),
    /** Bit h of element d: hour h (0-23) of weekday d+1 (Monday 1 … Sunday 7), UTC. */
    schedule: integer('schedule')
      .array()
      .notNull()
      .default(sql`'{16777215,16777215,16777215,16777215,16777215,16777215,16777215}'::integer[]`),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
    /** Impressions per user per day; 0 = unlimited. */
    timesPerUser: integer('times_per_user').notNull().default(0),
    /** Impressions per user per interval; 0 = unlimited. */
    frequencyPerUser: integer('frequency_per_user').notNull().default(0),
    intervalSeconds: integer('interval_seconds').notNull().default(0),
    /** How long a device may cache the ad, in seconds. */
    cacheSeconds: integer('cache_seconds').notNull().default(0),
    /**
     * What the plan advertises, an IAB Content Taxonomy 1.0 tier-1 code (IabCategory, 'IAB7');
     * null = not stated. Sent as the bids' `cat` and checked against a request's `bcat`.
     */
    iabCategory: text('iab_category'),
    /** PlanStatus: 0 live, 7 unlive, 1 out of time, 2 balance exhausted, 3 lack of funds. */
    status: smallint('status').notNull().default(7),
    /** PlanStep: 1 plan, 2 strategies, 3 creatives, 4 complete. */
    creationStep: smallint('creation_step').notNull().default(2),
    /** When the plan's creation was completed (docs/product/advertising.md#plans publish time). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plans_owner_idx').on(t.ownerId, t.id), index('plans_status_idx').on(t.status)],
);

/** A strategy of a plan: targeting, supported styles, languages, bid and its creatives. */
export const strategies = pgTable(
  'strategies',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** The plan's owner, kept here so ownership checks need no join. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** Bid in micros; null = the plan's bid. */
    bid: micros('bid'),
    /** Targeting rules (TargetingRule[] of the domain). */
    targeting: jsonb('targeting')
      .notNull()
      .default(sql`'[]'::jsonb`),
    styleIds: integer('style_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    creativeIds: integer('creative_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** SimpleStatus: 0 active, 1 inactive. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('strategies_plan_idx').on(t.planId, t.id),
    index('strategies_owner_idx').on(t.ownerId),
  ],
);

// ---------------------------------------------------------------- supply side (issue 6)

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

// ---------------------------------------------------------------- delivery engine (issue 7)

/**
 * One row (id 1): bumped by a trigger on every write to the configuration the delivery
 * engine serves from (migration 0004), so each server process sees a change within a
 * second and rebuilds its in-memory snapshot (docs/product/design.md#delivery-engine).
 */
export const configVersion = pgTable('config_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every billed tracking event, by its id (`imp:<id>`, `clk:<id>`, `win:<id>`, `cpt:<plan>:<day>`):
 * the accounting flush inserts here first and counts only what was new, so an event is
 * counted and billed once across retries, replays and server processes. Rows older than
 * the tracking token's life are pruned.
 */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    eventId: text('event_id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('delivery_events_at_idx').on(t.at)],
);

/** Demand partners' health by hour: calls, answers, bids, timeouts, errors, wins, latency. */
export const dspHealthHourly = pgTable(
  'dsp_health_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    dspId: integer('dsp_id').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    bids: bigint('bids', { mode: 'number' }).notNull().default(0),
    noBids: bigint('no_bids', { mode: 'number' }).notNull().default(0),
    timeouts: bigint('timeouts', { mode: 'number' }).notNull().default(0),
    errors: bigint('errors', { mode: 'number' }).notNull().default(0),
    wins: bigint('wins', { mode: 'number' }).notNull().default(0),
    /** Sum of answer times (ms) over the calls that answered in time, for the mean. */
    latencyMsSum: bigint('latency_ms_sum', { mode: 'number' }).notNull().default(0),
    answered: bigint('answered', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dsp_health_hourly_pkey', columns: [t.hour, t.dspId] })],
);

/**
 * Partner bids refused before our auction, by hour, partner and reason (BidRejection): the
 * DSP screen's table of why a partner's bids did not compete.
 */
export const dspRejectionsHourly = pgTable(
  'dsp_rejections_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    dspId: integer('dsp_id').notNull(),
    reason: text('reason').notNull(),
    bids: bigint('bids', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dsp_rejections_hourly_pkey', columns: [t.hour, t.dspId, t.reason] })],
);

// ---------------------------------------------------------------- reports (issue 8)

/**
 * stats_hourly summed by UTC day (every dimension but the hour): reports without the hour
 * read a fraction of the rows. Derived data, never written directly: a day's row sums its
 * hours before stats_daily_open's `open_from`, added once each hour closed (stats/fold.ts)
 * and kept equal to stats_hourly's sums afterwards by the statement triggers of migrations
 * 0005 and 0008. Reports read the open hours from stats_hourly. docs/decisions/reports.md.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    /** Midnight UTC of the day. */
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    ...statsDimensions(),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_pkey',
      columns: [t.day, ...statsKeyColumns(t)],
    }),
    index('stats_daily_advertiser_day_idx').on(t.advertiserId, t.day),
    index('stats_daily_media_day_idx').on(t.mediaId, t.day),
  ],
);

/**
 * One row: the hour from which stats_daily holds nothing yet. The delivery flush writes to
 * the open hour every second; adding each write to stats_daily as well cost the database
 * more than the hourly rows themselves, so an hour is added once, when it has closed.
 */
export const statsDailyOpen = pgTable(
  'stats_daily_open',
  {
    id: smallint('id').primaryKey().default(1),
    openFrom: timestamp('open_from', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('stats_daily_open_single_row', sql`${t.id} = 1`)],
);

/**
 * stats_hourly summed by hour, advertiser and plan: the account report by date, plan and
 * hour reads this instead of every hourly row. Kept by the same triggers as stats_daily.
 */
export const statsPlanHourly = pgTable(
  'stats_plan_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    advertiserId: integer('advertiser_id').notNull().default(0),
    planId: integer('plan_id').notNull().default(0),
    ...statsCounters(),
  },
  (t) => [
    primaryKey({ name: 'stats_plan_hourly_pkey', columns: [t.hour, t.advertiserId, t.planId] }),
    index('stats_plan_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);
