/** SQL over countries. */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { countries } from '../../../db/schema.js';
import { keywordMatch, orderOf, statusMatch, toColumns, type PageWindow } from '../../../db/sql.js';

export type CountryRow = typeof countries.$inferSelect;
type CountryInsert = typeof countries.$inferInsert;

const SORT_COLUMNS = {
  id: countries.id,
  name: countries.name,
  code: countries.code,
  status: countries.status,
  updated_at: countries.updatedAt,
} as const;
export type CountrySort = keyof typeof SORT_COLUMNS;

export interface CountryFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  sort?: CountrySort | undefined;
  order: 'asc' | 'desc';
}

export async function listAllCountries(db: Database): Promise<CountryRow[]> {
  return db.select().from(countries).orderBy(asc(countries.name), asc(countries.id));
}

export async function listCountries(db: Database, filter: CountryFilter, window: PageWindow) {
  const where: SQL | undefined = and(
    keywordMatch(filter.keyword, [countries.name, countries.code]),
    statusMatch(countries.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(countries)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[filter.sort ?? 'id'], filter.order, countries.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(countries).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findCountry(db: Database, id: number): Promise<CountryRow | undefined> {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  return row;
}

export async function insertCountry(db: Database, values: CountryInsert): Promise<CountryRow> {
  const [row] = await db.insert(countries).values(values).returning();
  if (!row) throw new Error('insertCountry: nothing returned');
  return row;
}

export async function updateCountry(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<CountryRow | undefined> {
  const [row] = await db
    .update(countries)
    .set({ ...toColumns<CountryInsert>(changes), updatedAt: new Date() })
    .where(eq(countries.id, id))
    .returning();
  return row;
}
