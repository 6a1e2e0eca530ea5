/** SQL over brands (with their model counts). */
import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { brands, models } from '../../../db/schema.js';
import { keywordMatch, orderOf, statusMatch, toColumns, type PageWindow } from '../../../db/sql.js';

type BrandInsert = typeof brands.$inferInsert;
export type BrandRow = typeof brands.$inferSelect & { modelCount: number };

const SORT_COLUMNS = {
  id: brands.id,
  code: brands.code,
  name: brands.name,
  status: brands.status,
  updated_at: brands.updatedAt,
} as const;
export type BrandSort = keyof typeof SORT_COLUMNS;

export interface BrandFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  sort?: BrandSort | undefined;
  order: 'asc' | 'desc';
}

/** Drizzle renders columns in a select's own sql unqualified, so the correlation is spelled out. */
const modelCount = sql<number>`(select count(*) from ${models} where ${models}.${sql.identifier(
  models.brandId.name,
)} = ${brands}.${sql.identifier(brands.id.name)})`;

const brandColumns = {
  ...getTableColumns(brands),
  modelCount: modelCount.mapWith(Number).as('model_count'),
};

export async function listAllBrands(db: Database): Promise<BrandRow[]> {
  return db.select(brandColumns).from(brands).orderBy(asc(brands.name), asc(brands.id));
}

export async function listBrands(db: Database, filter: BrandFilter, window: PageWindow) {
  const where = and(
    keywordMatch(filter.keyword, [brands.code, brands.name]),
    statusMatch(brands.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(brandColumns)
      .from(brands)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[filter.sort ?? 'id'], filter.order, brands.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(brands).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findBrand(db: Database, id: number): Promise<BrandRow | undefined> {
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id));
  return row;
}

export async function insertBrand(db: Database, values: BrandInsert): Promise<BrandRow> {
  const [row] = await db.insert(brands).values(values).returning();
  if (!row) throw new Error('insertBrand: nothing returned');
  return { ...row, modelCount: 0 };
}

export async function updateBrand(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<BrandRow | undefined> {
  const updated = await db
    .update(brands)
    .set({ ...toColumns<BrandInsert>(changes), updatedAt: new Date() })
    .where(eq(brands.id, id))
    .returning({ id: brands.id });
  return updated.length > 0 ? findBrand(db, id) : undefined;
}
