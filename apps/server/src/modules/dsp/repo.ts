/** SQL over demand partners (dsps). */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dsps } from '../../db/schema.js';
import { keywordMatch, orderOf, statusMatch, toColumns, type PageWindow } from '../../db/sql.js';

export type DspRow = typeof dsps.$inferSelect;
export type DspInsert = typeof dsps.$inferInsert;

const SORT_COLUMNS = {
  id: dsps.id,
  name: dsps.name,
  type: dsps.type,
  slot_type: dsps.slotType,
  timeout_ms: dsps.timeoutMs,
  cpm: dsps.cpm,
  percent: dsps.percent,
  status: dsps.status,
  updated_at: dsps.updatedAt,
} as const;
export type DspSort = keyof typeof SORT_COLUMNS;

export interface DspFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  sort?: DspSort | undefined;
  order: 'asc' | 'desc';
}

export async function listDsps(db: Database, filter: DspFilter, window: PageWindow) {
  const where: SQL | undefined = and(
    keywordMatch(filter.keyword, [dsps.name, dsps.requestUrl, dsps.testUrl]),
    statusMatch(dsps.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dsps)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[filter.sort ?? 'id'], filter.order, dsps.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(dsps).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function listAllDsps(db: Database): Promise<DspRow[]> {
  return db.select().from(dsps).orderBy(asc(dsps.name), asc(dsps.id));
}

export async function findDsp(db: Database, id: number): Promise<DspRow | undefined> {
  const [row] = await db.select().from(dsps).where(eq(dsps.id, id));
  return row;
}

export async function insertDsp(db: Database, values: DspInsert): Promise<DspRow> {
  const [row] = await db.insert(dsps).values(values).returning();
  if (!row) throw new Error('insertDsp: nothing returned');
  return row;
}

/** Writes the changed fields (snake_case, as the form sends them). */
export async function updateDsp(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<DspRow | undefined> {
  const [row] = await db
    .update(dsps)
    .set({ ...toColumns<DspInsert>(changes), updatedAt: new Date() })
    .where(eq(dsps.id, id))
    .returning();
  return row;
}
