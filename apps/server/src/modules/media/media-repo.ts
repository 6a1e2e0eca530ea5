/** SQL over media: the reach-filtered list with owners and slot counts, one media, writes. */
import { WideStatus } from '@adloom/domain';
import { and, asc, count, desc, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { media, slots, users } from '../../db/schema.js';
import { keywordMatch, orderOf, type PageWindow } from '../../db/sql.js';

export type MediaRow = typeof media.$inferSelect;
export type MediaInsert = typeof media.$inferInsert;
/** The owner column, for the reach condition of lists (access/reach.ts, realm supply). */
export const mediaOwnerColumn = media.ownerId;

/** A media with its owner's names and how many slots (not deleted) it holds. */
export interface MediaView extends MediaRow {
  ownerUsername: string;
  ownerNickname: string;
  slotCount: number;
}

/** Drizzle renders columns in a select's own sql unqualified, so the correlation is spelled out. */
const slotCount = sql<number>`(select count(*) from ${slots} where ${slots}.${sql.identifier(
  slots.mediaId.name,
)} = ${media}.${sql.identifier(media.id.name)} and ${slots}.${sql.identifier(
  slots.status.name,
)} <> ${WideStatus.deleted})`;

const viewColumns = {
  ...getTableColumns(media),
  ownerUsername: users.username,
  ownerNickname: users.nickname,
  slotCount: slotCount.mapWith(Number).as('slot_count'),
};

const SORT_COLUMNS = {
  id: media.id,
  name: media.name,
  status: media.status,
  updated_at: media.updatedAt,
} as const;
export type MediaSort = keyof typeof SORT_COLUMNS | 'slot_count';

export interface MediaFilter {
  /** The reach condition on the owner (ownerScope of access/reach.ts); undefined = every media. */
  scope: SQL | undefined;
  keyword?: string | undefined;
  /** Undefined: every state but Deleted. */
  status?: number | undefined;
  os?: number | undefined;
  /** Undefined: newest first. */
  sort?: MediaSort | undefined;
  order: 'asc' | 'desc';
}

/** The keyword matches the name or bundle, or the id when it is a number. */
function keywordOf(keyword: string | undefined): SQL | undefined {
  const byText = keywordMatch(keyword, [media.name, media.bundle]);
  const text = keyword?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return byText;
  return or(byText, eq(media.id, Number(text)));
}

function whereOf(filter: MediaFilter): SQL | undefined {
  return and(
    filter.scope,
    keywordOf(filter.keyword),
    filter.status === undefined
      ? ne(media.status, WideStatus.deleted)
      : eq(media.status, filter.status),
    filter.os === undefined ? undefined : eq(media.os, filter.os),
  );
}

function orderBy(filter: MediaFilter): SQL[] {
  if (!filter.sort) return [desc(media.id)];
  if (filter.sort === 'slot_count') {
    const direction = filter.order === 'desc' ? desc : asc;
    return [direction(sql`slot_count`), direction(media.id)];
  }
  return orderOf(SORT_COLUMNS[filter.sort], filter.order, media.id);
}

function selectViews(db: Database) {
  return db.select(viewColumns).from(media).innerJoin(users, eq(users.id, media.ownerId));
}

export async function listMedia(db: Database, filter: MediaFilter, window: PageWindow) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(...orderBy(filter))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(media).where(where),
  ]);
  return { rows: rows as MediaView[], total: total?.value ?? 0 };
}

/** Every media of the scope that is not deleted, by name. */
export async function listAllMedia(db: Database, scope: SQL | undefined): Promise<MediaView[]> {
  const rows = await selectViews(db)
    .where(and(scope, ne(media.status, WideStatus.deleted)))
    .orderBy(asc(media.name), asc(media.id));
  return rows as MediaView[];
}

export async function findMediaView(db: Database, id: number): Promise<MediaView | undefined> {
  const [row] = await selectViews(db).where(eq(media.id, id));
  return row as MediaView | undefined;
}

export async function findMedia(db: Database, id: number): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

export async function insertMedia(db: Database, values: MediaInsert): Promise<number> {
  const [row] = await db.insert(media).values(values).returning({ id: media.id });
  if (!row) throw new Error('insertMedia: nothing returned');
  return row.id;
}

/**
 * Whether the owner already has a media of this name (case and surrounding spaces aside),
 * deleted media not counted; `exceptId` leaves out the media being renamed.
 */
export async function mediaNameTaken(
  db: Database,
  ownerId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.ownerId, ownerId),
        ne(media.status, WideStatus.deleted),
        sql`lower(btrim(${media.name})) = lower(btrim(${name}))`,
        exceptId === undefined ? undefined : ne(media.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Writes the given columns of a media that is not deleted; false when there is none (a
 * deleted media stays as it is).
 */
export async function updateMedia(
  db: Database,
  id: number,
  changes: Partial<MediaInsert>,
): Promise<boolean> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<MediaInsert>;
  const rows = await db
    .update(media)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(media.id, id), ne(media.status, WideStatus.deleted)))
    .returning({ id: media.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- owners

export interface OwnerRow {
  id: number;
  username: string;
  nickname: string;
}

/** True when the account exists. */
export async function accountExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/**
 * Accounts of the scope (a condition on users.id; undefined = everyone) matching the
 * keyword on username or nickname, by username; at most `limit`.
 */
export async function findOwners(
  db: Database,
  scope: SQL | undefined,
  keyword: string | undefined,
  limit: number,
): Promise<OwnerRow[]> {
  return db
    .select({ id: users.id, username: users.username, nickname: users.nickname })
    .from(users)
    .where(and(scope, keywordMatch(keyword, [users.username, users.nickname])))
    .orderBy(asc(users.username))
    .limit(limit);
}

/** The users.id column, for the owner scope of the owner select. */
export const userIdColumn = users.id;
