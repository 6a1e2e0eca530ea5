/** SQL over models (device models of a brand). */
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { brands, models } from '../../../db/schema.js';
import { keywordMatch, orderOf, statusMatch, toColumns, type PageWindow } from '../../../db/sql.js';

export type ModelRow = typeof models.$inferSelect;
type ModelInsert = typeof models.$inferInsert;

const SORT_COLUMNS = {
  id: models.id,
  code: models.code,
  name: models.name,
  status: models.status,
  updated_at: models.updatedAt,
} as const;
export type ModelSort = keyof typeof SORT_COLUMNS;

export interface ModelFilter {
  brand_id: number;
  keyword?: string | undefined;
  status?: number | undefined;
  sort?: ModelSort | undefined;
  order: 'asc' | 'desc';
}

export async function listModels(db: Database, filter: ModelFilter, window: PageWindow) {
  const where = and(
    eq(models.brandId, filter.brand_id),
    keywordMatch(filter.keyword, [models.code, models.name]),
    statusMatch(models.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(models)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[filter.sort ?? 'id'], filter.order, models.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(models).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function brandExists(db: Database, brandId: number): Promise<boolean> {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  return row !== undefined;
}

export async function findModel(db: Database, id: number): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(models).where(eq(models.id, id));
  return row;
}

export async function insertModel(db: Database, values: ModelInsert): Promise<ModelRow> {
  const [row] = await db.insert(models).values(values).returning();
  if (!row) throw new Error('insertModel: nothing returned');
  return row;
}

export async function updateModel(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<ModelRow | undefined> {
  const [row] = await db
    .update(models)
    .set({ ...toColumns<ModelInsert>(changes), updatedAt: new Date() })
    .where(eq(models.id, id))
    .returning();
  return row;
}
