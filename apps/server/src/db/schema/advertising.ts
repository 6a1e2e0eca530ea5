/** The demand side: materials, creatives, plans and their strategies (issue 5). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, micros } from './columns.js';
import { users } from './accounts.js';
import { adStyles } from './settings.js';

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
