/** SQL over creatives (and the few material and style columns a creative needs). */
import {
  CreativeReview,
  WideStatus,
  type CreativeAuditStateValue,
  type ReviewState,
} from '@adloom/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { adStyles, creatives, materials, users } from '../../db/schema.js';
import { keywordMatch, type PageWindow } from '../../db/sql.js';

export type CreativeRow = typeof creatives.$inferSelect;

/** The owner column, for the reach conditions of access/reach.ts (realms ads and audit). */
export const creativeOwnerColumn = creatives.ownerId;

export const ownerIs = (ownerId: number): SQL => eq(creatives.ownerId, ownerId);

/** Every condition at once (undefined ones ignored). */
export const allOf = (conditions: (SQL | undefined)[]): SQL | undefined => and(...conditions);
export type CreativeInsert = typeof creatives.$inferInsert;

const owner = alias(users, 'owner');
const reviewer = alias(users, 'reviewer');

const viewColumns = {
  creative: creatives,
  ownerUsername: owner.username,
  ownerNickname: owner.nickname,
  styleName: adStyles.name,
  styleType: adStyles.type,
  reviewerUsername: reviewer.username,
  reviewerNickname: reviewer.nickname,
};

/** A creative with the names lists show: its owner, style and last reviewer. */
export interface CreativeView {
  creative: CreativeRow;
  ownerUsername: string;
  ownerNickname: string;
  styleName: string;
  styleType: number;
  reviewerUsername: string | null;
  reviewerNickname: string | null;
}

function selectViews(db: Database) {
  return db
    .select(viewColumns)
    .from(creatives)
    .innerJoin(owner, eq(owner.id, creatives.ownerId))
    .innerJoin(adStyles, eq(adStyles.id, creatives.styleId))
    .leftJoin(reviewer, eq(reviewer.id, creatives.reviewerId));
}

const SORT_COLUMNS = {
  id: creatives.id,
  name: creatives.name,
  review: creatives.review,
  status: creatives.status,
  submitted_at: creatives.submittedAt,
  reviewed_at: creatives.reviewedAt,
  updated_at: creatives.updatedAt,
} as const;
export type CreativeSort = keyof typeof SORT_COLUMNS;

export interface CreativeFilter {
  /** The reach condition on the owner (access/reach.ts, realms ads and audit); undefined = everyone. */
  scope: SQL | undefined;
  keyword?: string | undefined;
  review?: number | undefined;
  status?: number | undefined;
  auditState?: CreativeAuditStateValue | undefined;
  styleId?: number | undefined;
  language?: string | undefined;
}

/** The SQL of a review or shelf state (see reviewStateOf and shelfStateOf). */
export function auditStateMatch(state: CreativeAuditStateValue): SQL | undefined {
  switch (state) {
    case 'pending':
      return and(eq(creatives.review, CreativeReview.auditing), isNull(creatives.reviewedAt));
    case 'underAudit':
      return and(eq(creatives.review, CreativeReview.auditing), isNotNull(creatives.reviewedAt));
    case 'approved':
      return eq(creatives.review, CreativeReview.approve);
    case 'failed':
      return eq(creatives.review, CreativeReview.reject);
    case 'normal':
      return eq(creatives.status, WideStatus.active);
    case 'inactive':
      return eq(creatives.status, WideStatus.inactive);
    case 'deleted':
      return eq(creatives.status, WideStatus.deleted);
    default:
      return undefined;
  }
}

function whereOf(filter: CreativeFilter): SQL | undefined {
  const asksDeleted = filter.status === WideStatus.deleted || filter.auditState === 'deleted';
  return and(
    filter.scope,
    keywordMatch(filter.keyword, [creatives.name, creatives.title]),
    filter.review === undefined ? undefined : eq(creatives.review, filter.review),
    filter.status === undefined ? undefined : eq(creatives.status, filter.status),
    asksDeleted ? undefined : ne(creatives.status, WideStatus.deleted),
    filter.auditState === undefined ? undefined : auditStateMatch(filter.auditState),
    filter.styleId === undefined ? undefined : eq(creatives.styleId, filter.styleId),
    filter.language === undefined ? undefined : eq(creatives.language, filter.language),
  );
}

export interface CreativeOrder {
  sort: CreativeSort;
  order: 'asc' | 'desc';
}

/** A page of creatives with their names, and the count of all that match. */
export async function listCreatives(
  db: Database,
  filter: CreativeFilter,
  order: CreativeOrder,
  window: PageWindow,
): Promise<{ rows: CreativeView[]; total: number }> {
  const where = whereOf(filter);
  const direction = order.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[order.sort]), direction(creatives.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(creatives).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** How many creatives match the filter in each review state. */
export async function countByReviewState(
  db: Database,
  filter: CreativeFilter,
): Promise<Record<ReviewState, number>> {
  const counted = (state: ReviewState) =>
    sql<number>`count(*) filter (where ${auditStateMatch(state)})`.mapWith(Number);
  const [row] = await db
    .select({
      pending: counted('pending'),
      underAudit: counted('underAudit'),
      approved: counted('approved'),
      failed: counted('failed'),
    })
    .from(creatives)
    .where(whereOf(filter));
  return row ?? { pending: 0, underAudit: 0, approved: 0, failed: 0 };
}

export async function findCreativeView(
  db: Database,
  id: number,
): Promise<CreativeView | undefined> {
  const [row] = await selectViews(db).where(eq(creatives.id, id));
  return row;
}

export async function findCreativeViews(db: Database, ids: number[]): Promise<CreativeView[]> {
  if (ids.length === 0) return [];
  return selectViews(db).where(inArray(creatives.id, ids)).orderBy(asc(creatives.id));
}

export async function findCreative(db: Database, id: number): Promise<CreativeRow | undefined> {
  const [row] = await db.select().from(creatives).where(eq(creatives.id, id));
  return row;
}

export async function findCreatives(db: Database, ids: number[]): Promise<CreativeRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(creatives).where(inArray(creatives.id, ids));
}

/** The ids among `ids` whose owner matches `scope` (all of them when scope is undefined). */
export async function idsInScope(
  db: Database,
  ids: number[],
  scope: SQL | undefined,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: creatives.id })
    .from(creatives)
    .where(and(inArray(creatives.id, ids), scope));
  return new Set(rows.map((row) => row.id));
}

export async function insertCreative(db: Database, values: CreativeInsert): Promise<CreativeRow> {
  const [row] = await db.insert(creatives).values(values).returning();
  if (!row) throw new Error('insertCreative: nothing returned');
  return row;
}

/**
 * Writes changed columns. `content` true: the creative goes (back) to audit in the same
 * statement, so a decision taken meanwhile cannot survive the new content: review
 * Auditing, no reason, and submitted now when it had been decided.
 */
export async function updateCreative(
  db: Database,
  id: number,
  changes: Partial<CreativeInsert>,
  { content }: { content: boolean },
): Promise<CreativeRow | undefined> {
  const audit = content
    ? {
        review: CreativeReview.auditing,
        rejectReason: '',
        submittedAt: sql`case when ${creatives.review} = ${CreativeReview.auditing}
          then ${creatives.submittedAt} else now() end`,
      }
    : {};
  const [row] = await db
    .update(creatives)
    .set({ ...changes, ...audit, updatedAt: new Date() })
    .where(eq(creatives.id, id))
    .returning();
  return row;
}

/** Switches the shelf status; never touches a deleted creative. */
export async function updateStatus(
  db: Database,
  id: number,
  status: number,
): Promise<CreativeRow | undefined> {
  const [row] = await db
    .update(creatives)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(creatives.id, id), ne(creatives.status, WideStatus.deleted)))
    .returning();
  return row;
}

export interface Decision {
  review: number;
  rejectReason: string;
  reviewerId: number;
}

/**
 * Records an audit decision on every creative of `ids` still waiting (Auditing, not
 * deleted); answers the rows it changed, as they were before and after.
 */
export async function decideCreatives(
  db: Database,
  ids: number[],
  decision: Decision,
): Promise<CreativeRow[]> {
  if (ids.length === 0) return [];
  const now = new Date();
  return db
    .update(creatives)
    .set({
      review: decision.review,
      rejectReason: decision.rejectReason,
      reviewerId: decision.reviewerId,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        inArray(creatives.id, ids),
        eq(creatives.review, CreativeReview.auditing),
        ne(creatives.status, WideStatus.deleted),
      ),
    )
    .returning();
}

// ---------------------------------------------------------------- styles and materials

export async function findStyle(db: Database, id: number) {
  const [row] = await db.select().from(adStyles).where(eq(adStyles.id, id));
  return row;
}

/** What the creative rules read of a material, and what a preview shows. */
export interface MaterialRow {
  id: number;
  ownerId: number;
  kind: string;
  width: number;
  height: number;
  status: number;
  transcodeState: number | null;
  storageKey: string;
  transcodedKey: string | null;
  thumbnailKey: string | null;
}

const materialColumns = {
  id: materials.id,
  ownerId: materials.ownerId,
  kind: materials.kind,
  width: materials.width,
  height: materials.height,
  status: materials.status,
  transcodeState: materials.transcodeState,
  storageKey: materials.storageKey,
  transcodedKey: materials.transcodedKey,
  thumbnailKey: materials.thumbnailKey,
};

/** The materials of `ids`; only `ownerId`'s when given. */
export async function findMaterials(
  db: Database,
  ids: number[],
  ownerId?: number,
): Promise<MaterialRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select(materialColumns)
    .from(materials)
    .where(
      and(
        inArray(materials.id, unique),
        ownerId === undefined ? undefined : eq(materials.ownerId, ownerId),
      ),
    );
}
