/**
 * SQL over SSP strategies: the filtered list with slot and media names, one strategy, writes,
 * a slot's active strategies, and the slots and demand partners the checks look up.
 */
import { SimpleStatus } from '@adloom/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dsps, media, slots, sspStrategies } from '../../db/schema.js';
import { keywordMatch, orderOf, type PageWindow } from '../../db/sql.js';

export type SspStrategyRow = typeof sspStrategies.$inferSelect;
export type SspStrategyInsert = typeof sspStrategies.$inferInsert;

/** A strategy with the names of its slot and the slot's media. */
export interface SspStrategyView extends SspStrategyRow {
  slotName: string;
  mediaId: number;
  mediaName: string;
}

const viewColumns = {
  ...getTableColumns(sspStrategies),
  slotName: slots.name,
  mediaId: media.id,
  mediaName: media.name,
};

const SORT_COLUMNS = {
  id: sspStrategies.id,
  name: sspStrategies.name,
  priority: sspStrategies.priority,
  status: sspStrategies.status,
  updated_at: sspStrategies.updatedAt,
} as const;
export type SspStrategySort = keyof typeof SORT_COLUMNS;

export interface SspStrategyFilter {
  keyword?: string | undefined;
  slotId?: number | undefined;
  /** Strategies allocating to this demand partner. */
  dspId?: number | undefined;
  status?: number | undefined;
  /** Undefined: newest first. */
  sort?: SspStrategySort | undefined;
  order: 'asc' | 'desc';
}

/** The keyword matches the strategy's, slot's or media's name, or the id when it is a number. */
function keywordOf(keyword: string | undefined): SQL | undefined {
  const byName = keywordMatch(keyword, [sspStrategies.name, slots.name, media.name]);
  const text = keyword?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return byName;
  return or(byName, eq(sspStrategies.id, Number(text)));
}

/** jsonb containment: the allocations hold an entry of the partner. */
const allocatesTo = (dspId: number): SQL =>
  sql`${sspStrategies.allocations} @> ${JSON.stringify([{ dsp_id: dspId }])}::jsonb`;

function whereOf(filter: SspStrategyFilter): SQL | undefined {
  return and(
    keywordOf(filter.keyword),
    filter.slotId === undefined ? undefined : eq(sspStrategies.slotId, filter.slotId),
    filter.dspId === undefined ? undefined : allocatesTo(filter.dspId),
    filter.status === undefined ? undefined : eq(sspStrategies.status, filter.status),
  );
}

export async function listStrategies(
  db: Database,
  filter: SspStrategyFilter,
  window: PageWindow,
): Promise<{ rows: SspStrategyView[]; total: number }> {
  const where = whereOf(filter);
  const order = filter.sort
    ? orderOf(SORT_COLUMNS[filter.sort], filter.order, sspStrategies.id)
    : [desc(sspStrategies.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(sspStrategies)
      .innerJoin(slots, eq(slots.id, sspStrategies.slotId))
      .innerJoin(media, eq(media.id, slots.mediaId))
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: count() })
      .from(sspStrategies)
      .innerJoin(slots, eq(slots.id, sspStrategies.slotId))
      .innerJoin(media, eq(media.id, slots.mediaId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findStrategyView(
  db: Database,
  id: number,
): Promise<SspStrategyView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(sspStrategies)
    .innerJoin(slots, eq(slots.id, sspStrategies.slotId))
    .innerJoin(media, eq(media.id, slots.mediaId))
    .where(eq(sspStrategies.id, id));
  return row;
}

/** The active strategies of a slot: higher priority first, then the older one. */
export async function activeStrategiesOfSlot(
  db: Database,
  slotId: number,
): Promise<SspStrategyRow[]> {
  return db
    .select()
    .from(sspStrategies)
    .where(and(eq(sspStrategies.slotId, slotId), eq(sspStrategies.status, SimpleStatus.active)))
    .orderBy(desc(sspStrategies.priority), asc(sspStrategies.id));
}

export async function insertStrategy(db: Database, values: SspStrategyInsert): Promise<number> {
  const [row] = await db.insert(sspStrategies).values(values).returning({ id: sspStrategies.id });
  if (!row) throw new Error('insertStrategy: nothing returned');
  return row.id;
}

/** Writes the given columns; false when the strategy does not exist. */
export async function updateStrategy(
  db: Database,
  id: number,
  changes: Partial<SspStrategyInsert>,
): Promise<boolean> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<SspStrategyInsert>;
  const rows = await db
    .update(sspStrategies)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(sspStrategies.id, id))
    .returning({ id: sspStrategies.id });
  return rows.length > 0;
}

/** A slot with its media's name (deleted ones included: the caller judges the status). */
export async function findSlot(db: Database, id: number) {
  const [row] = await db
    .select({ id: slots.id, name: slots.name, status: slots.status, mediaName: media.name })
    .from(slots)
    .innerJoin(media, eq(media.id, slots.mediaId))
    .where(eq(slots.id, id));
  return row;
}

export interface DspRef {
  id: number;
  name: string;
  status: number;
}

/** The demand partners among `ids`, by id. */
export async function dspsByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, DspRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: dsps.id, name: dsps.name, status: dsps.status })
    .from(dsps)
    .where(inArray(dsps.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
