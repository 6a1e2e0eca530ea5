/**
 * Display names of the named dimensions (`plan_name` …), looked up for the rows of one page
 * (or one export batch) only, never joined into the grouped query: the aggregation stays on
 * the stats tables and the lookups stay small.
 */
import {
  NAMED_DIMENSIONS,
  dimensionNameKey,
  type NamedDimension,
  type ReportDimensionValue,
  type ReportRow,
} from '@adloom/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  countries,
  creatives,
  dsps,
  media,
  plans,
  slots,
  strategies,
  users,
} from '../../db/schema.js';

type IdDimension = Exclude<NamedDimension, 'country'>;

const NAMED_TABLES = {
  plan: plans,
  strategy: strategies,
  creative: creatives,
  media,
  slot: slots,
  dsp: dsps,
};

async function namesById(
  db: Database,
  dimension: IdDimension,
  ids: number[],
): Promise<Map<number, string>> {
  if (dimension === 'advertiser') {
    const rows = await db
      .select({
        id: users.id,
        name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
      })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
  const table = NAMED_TABLES[dimension];
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function countryNames(db: Database, codes: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(inArray(countries.code, codes));
  return new Map(rows.map((row) => [row.code.toUpperCase(), row.name]));
}

/** Adds `<dimension>_name` to each row for the named dimensions among `dimensions`. */
export async function attachNames(
  db: Database,
  rows: ReportRow[],
  dimensions: readonly ReportDimensionValue[],
): Promise<void> {
  const named = NAMED_DIMENSIONS.filter((dimension) => dimensions.includes(dimension));
  await Promise.all(
    named.map(async (dimension) => {
      const key = dimensionNameKey(dimension);
      if (dimension === 'country') {
        const codes = [...new Set(rows.map((row) => String(row.country ?? '')))].filter(Boolean);
        const names = codes.length > 0 ? await countryNames(db, codes) : new Map<string, string>();
        for (const row of rows)
          row[key] = names.get(String(row.country ?? '').toUpperCase()) ?? null;
        return;
      }
      // 0 stands for "none" (a row without a DSP, a request no advertiser filled).
      const ids = [...new Set(rows.map((row) => Number(row[dimension])))].filter((id) => id > 0);
      const names =
        ids.length > 0 ? await namesById(db, dimension, ids) : new Map<number, string>();
      for (const row of rows) row[key] = names.get(Number(row[dimension])) ?? null;
    }),
  );
}
