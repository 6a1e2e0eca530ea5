/** SQL fragments shared by the modules' repos: keyword search, sort, paging, columns. */
import { asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** ILIKE on any of the columns; % and _ in the keyword match themselves. */
export function keywordMatch(keyword: string | undefined, columns: PgColumn[]): SQL | undefined {
  const text = keyword?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** The sort column then the id, so equal values keep a stable order across pages. */
export function orderOf(column: PgColumn, order: 'asc' | 'desc', id: PgColumn): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [direction(column), direction(id)];
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function windowOf(page: number, size: number): PageWindow {
  return { limit: size, offset: (page - 1) * size };
}

/** snake_case form names to the schema's camelCase properties: lang_ids → langIds. */
export function toColumns<T>(fields: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [
        key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()),
        value,
      ]),
  ) as Partial<T>;
}

/** The status filter of a list; no condition when absent. */
export function statusMatch(column: PgColumn, status: number | undefined): SQL | undefined {
  return status === undefined ? undefined : eq(column, status);
}
