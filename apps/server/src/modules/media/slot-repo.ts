/**
 * SQL over slots: the reach-filtered list with their media (name, state, OS, bundle, owner)
 * and ad type, one slot, writes, and the settings lookups the slot checks need.
 */
import { SimpleStatus, WideStatus } from '@adloom/domain';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adStyles, adTypes, countries, media, slots, users } from '../../db/schema.js';
import { keywordMatch, orderOf, type PageWindow } from '../../db/sql.js';

export type SlotRow = typeof slots.$inferSelect;
export type SlotInsert = typeof slots.$inferInsert;

/** A slot with what lists show of its media, the media's owner and its ad type. */
export interface SlotView extends SlotRow {
  mediaName: string;
  mediaStatus: number;
  mediaOs: number;
  mediaBundle: string;
  ownerId: number;
  ownerUsername: string;
  ownerNickname: string;
  adTypeName: string | null;
}

const viewColumns = {
  ...getTableColumns(slots),
  mediaName: media.name,
  mediaStatus: media.status,
  mediaOs: media.os,
  mediaBundle: media.bundle,
  ownerId: media.ownerId,
  ownerUsername: users.username,
  ownerNickname: users.nickname,
  adTypeName: adTypes.name,
};

/** The media owner column, for the reach condition of lists (access/reach.ts, realm supply). */
export const slotOwnerColumn = media.ownerId;

const SORT_COLUMNS = {
  id: slots.id,
  name: slots.name,
  lowest_bid: slots.lowestBid,
  status: slots.status,
  updated_at: slots.updatedAt,
} as const;
export type SlotSort = keyof typeof SORT_COLUMNS;

export interface SlotFilter {
  /** The reach condition on the media's owner; undefined = every slot. */
  scope: SQL | undefined;
  keyword?: string | undefined;
  mediaId?: number | undefined;
  /** Undefined: every state but Deleted. */
  status?: number | undefined;
  supplyType?: number | undefined;
  adForm?: number | undefined;
  /** Undefined: newest first. */
  sort?: SlotSort | undefined;
  order: 'asc' | 'desc';
}

/** The keyword matches the slot's name or code or its media's name, or the slot id when it is a number. */
function keywordOf(keyword: string | undefined): SQL | undefined {
  const byText = keywordMatch(keyword, [slots.name, slots.code, media.name]);
  const text = keyword?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return byText;
  return or(byText, eq(slots.id, Number(text)));
}

function whereOf(filter: SlotFilter): SQL | undefined {
  return and(
    filter.scope,
    keywordOf(filter.keyword),
    filter.mediaId === undefined ? undefined : eq(slots.mediaId, filter.mediaId),
    filter.status === undefined
      ? ne(slots.status, WideStatus.deleted)
      : eq(slots.status, filter.status),
    filter.supplyType === undefined ? undefined : eq(slots.supplyType, filter.supplyType),
    filter.adForm === undefined ? undefined : eq(slots.adForm, filter.adForm),
  );
}

function selectViews(db: Database) {
  return db
    .select(viewColumns)
    .from(slots)
    .innerJoin(media, eq(media.id, slots.mediaId))
    .innerJoin(users, eq(users.id, media.ownerId))
    .leftJoin(adTypes, eq(adTypes.id, slots.adTypeId));
}

export async function listSlots(db: Database, filter: SlotFilter, window: PageWindow) {
  const where = whereOf(filter);
  const order = filter.sort
    ? orderOf(SORT_COLUMNS[filter.sort], filter.order, slots.id)
    : [desc(slots.id)];
  const [rows, [total]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: count() })
      .from(slots)
      .innerJoin(media, eq(media.id, slots.mediaId))
      .where(where),
  ]);
  return { rows: rows as SlotView[], total: total?.value ?? 0 };
}

/** Every slot of the scope that is not deleted, in a media that is not deleted. */
export async function listAllSlots(db: Database, scope: SQL | undefined): Promise<SlotView[]> {
  const rows = await selectViews(db)
    .where(and(scope, ne(slots.status, WideStatus.deleted), ne(media.status, WideStatus.deleted)))
    .orderBy(asc(media.name), asc(slots.name), asc(slots.id));
  return rows as SlotView[];
}

export async function findSlotView(db: Database, id: number): Promise<SlotView | undefined> {
  const [row] = await selectViews(db).where(eq(slots.id, id));
  return row as SlotView | undefined;
}

/** Whether a slot that is not deleted already has this code. */
export async function isSlotCodeTaken(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.code, code), ne(slots.status, WideStatus.deleted)))
    .limit(1);
  return row !== undefined;
}

export async function insertSlot(db: Database, values: SlotInsert): Promise<number> {
  const [row] = await db.insert(slots).values(values).returning({ id: slots.id });
  if (!row) throw new Error('insertSlot: nothing returned');
  return row.id;
}

/** Writes the given columns of a slot that is not deleted; false when there is none. */
export async function updateSlot(
  db: Database,
  id: number,
  changes: Partial<SlotInsert>,
): Promise<boolean> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<SlotInsert>;
  const rows = await db
    .update(slots)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(slots.id, id), ne(slots.status, WideStatus.deleted)))
    .returning({ id: slots.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- settings lookups

const ACTIVE = SimpleStatus.active;

/** The ids among `ids` of active creative styles. */
export async function activeStyleIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: adStyles.id })
    .from(adStyles)
    .where(and(inArray(adStyles.id, ids), eq(adStyles.status, ACTIVE)));
  return new Set(rows.map((row) => row.id));
}

/** True when the ad type exists and is active. */
export async function isActiveAdType(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: adTypes.id })
    .from(adTypes)
    .where(and(eq(adTypes.id, id), eq(adTypes.status, ACTIVE)));
  return row !== undefined;
}

/** The codes among `codes` of active countries. */
export async function activeCountryCodes(db: Database, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: countries.code })
    .from(countries)
    .where(and(inArray(countries.code, codes), eq(countries.status, ACTIVE)));
  return new Set(rows.map((row) => row.code));
}
