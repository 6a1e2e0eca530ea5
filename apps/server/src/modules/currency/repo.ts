/** SQL over currency_rates. */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { currencyRates } from '../../db/schema.js';
import { keywordMatch, orderOf, statusMatch, toColumns, type PageWindow } from '../../db/sql.js';

export type CurrencyRateRow = typeof currencyRates.$inferSelect;
type CurrencyRateInsert = typeof currencyRates.$inferInsert;

const SORT_COLUMNS = {
  id: currencyRates.id,
  code: currencyRates.code,
  per_usd_micros: currencyRates.perUsdMicros,
  status: currencyRates.status,
  updated_at: currencyRates.updatedAt,
} as const;
export type CurrencyRateSort = keyof typeof SORT_COLUMNS;

export interface CurrencyRateFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  sort?: CurrencyRateSort | undefined;
  order: 'asc' | 'desc';
}

export async function listCurrencyRates(
  db: Database,
  filter: CurrencyRateFilter,
  window: PageWindow,
): Promise<{ rows: CurrencyRateRow[]; total: number }> {
  const where: SQL | undefined = and(
    keywordMatch(filter.keyword, [currencyRates.code]),
    statusMatch(currencyRates.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(currencyRates)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[filter.sort ?? 'code'], filter.order, currencyRates.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(currencyRates).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findCurrencyRate(
  db: Database,
  id: number,
): Promise<CurrencyRateRow | undefined> {
  const [row] = await db.select().from(currencyRates).where(eq(currencyRates.id, id));
  return row;
}

export async function insertCurrencyRate(
  db: Database,
  values: CurrencyRateInsert,
): Promise<CurrencyRateRow> {
  const [row] = await db.insert(currencyRates).values(values).returning();
  if (!row) throw new Error('insertCurrencyRate: nothing returned');
  return row;
}

export async function updateCurrencyRate(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<CurrencyRateRow | undefined> {
  const [row] = await db
    .update(currencyRates)
    .set({ ...toColumns<CurrencyRateInsert>(changes), updatedAt: new Date() })
    .where(eq(currencyRates.id, id))
    .returning();
  return row;
}
