/**
 * The stats write: one statement adds a flush's rows (stats/rows.ts) to stats_hourly, its
 * partitions one after the other, each summed by key and in key order (StatsRows.forWrite;
 * partition then key is the lock order of concurrent flushes, delivery/accounting/buffers.ts).
 * The rows travel as one array per column (unnest): no object per row, a third of the bytes
 * of JSON rows. The statement's text is made from STATS_KEYS once, when the module loads; a
 * flush only writes the arrays.
 *
 * One statement rather than one a partition: PostgreSQL's cost of a statement is not only its
 * rows. Each statement is parsed and planned, its arrays read, and the rollup trigger runs
 * twice (the insert's and the update's, each planning its dynamic SQL). Sixteen statements
 * of a second's rows cost about twice one (docs/PERFORMANCE.md, "The stats write: one
 * statement a flush").
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  COUNTER_COLUMN_LIST,
  KEY_COLUMN_LIST,
  STATS_COUNTERS,
  STATS_KEY_COLUMNS,
  addCountersOnConflict,
} from './keys.js';
import type { StatsRows } from './rows.js';

/** Rows one statement writes at most: a bound on its text and on its time in the database. */
const STATS_ROWS_PER_STATEMENT = 10_000;

/** A PostgreSQL array literal of integers, the parts' values one after the other. */
function intArray(parts: readonly (readonly number[])[]): string {
  const joined: string[] = [];
  for (const values of parts) if (values.length > 0) joined.push(values.join(','));
  return `{${joined.join(',')}}`;
}

/** Each text quoted once (a flush sends the same countries and versions again and again). */
const quotedTexts = new Map<string, string>();
const QUOTED_TEXTS_KEPT = 50_000;

function quoted(value: string): string {
  let text = quotedTexts.get(value);
  if (text === undefined) {
    if (quotedTexts.size >= QUOTED_TEXTS_KEPT) quotedTexts.clear();
    text = `"${value.replace(/["\\]/g, '\\$&')}"`;
    quotedTexts.set(value, text);
  }
  return text;
}

/** A PostgreSQL array literal of text, each element quoted (commas, quotes, backslashes). */
function textArray(parts: readonly (readonly string[])[]): string {
  const elements: string[] = [];
  for (const values of parts) for (const value of values) elements.push(quoted(value));
  return `{${elements.join(',')}}`;
}

// ------------------------------------------------------------ the statement, made once

/** The unnested relation's columns: the epoch hour, the keys, the counters. */
const ROW_COLUMNS = `hour_h, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST}`;

const KEY_ARRAYS = STATS_KEY_COLUMNS.map((key) => ({
  field: key.field,
  text: key.type === 'text',
  cast: sql.raw(`::${key.type}[]`),
}));

const HEAD = sql.raw(`insert into stats_hourly (hour, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST})
    select to_timestamp(hour_h::bigint * 3600), ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST}
    from unnest(`);
const TAIL = sql.raw(`) as r (${ROW_COLUMNS})
    on conflict (hour, ${KEY_COLUMN_LIST}) do update set
      ${addCountersOnConflict('stats_hourly')}`);

/**
 * The statement adding these rows, the parts' one after the other (the arrays are its only
 * parameters); each part as StatsRows.forWrite() makes it: each key once, in key order.
 */
export function insertStatsQuery(parts: readonly StatsRows[]): SQL {
  const arrays: SQL[] = [sql`${intArray(parts.map((rows) => rows.hour))}::integer[]`];
  for (const { field, text, cast } of KEY_ARRAYS) {
    const literal = text
      ? textArray(parts.map((rows) => rows.keys[field] as string[]))
      : intArray(parts.map((rows) => rows.keys[field] as number[]));
    arrays.push(sql`${literal}${cast}`);
  }
  for (const { field } of STATS_COUNTERS) {
    arrays.push(sql`${intArray(parts.map((rows) => rows[field]))}::bigint[]`);
  }
  return sql`${HEAD}${sql.join(arrays, sql`, `)}${TAIL}`;
}

/**
 * Adds the partitions' rows to stats_hourly, in their order: in one statement, or in as few
 * as STATS_ROWS_PER_STATEMENT allows (a partition is never split). A key lives in one
 * partition only (its slot's), so no key comes twice in a statement: ON CONFLICT DO UPDATE
 * refuses to change a row twice.
 */
export async function insertStats(
  tx: Database,
  partitions: readonly StatsRows[],
  rowsPerStatement = STATS_ROWS_PER_STATEMENT,
): Promise<void> {
  let statement: StatsRows[] = [];
  let rows = 0;
  for (const partition of partitions) {
    const written = partition.forWrite();
    if (written.size === 0) continue;
    if (rows > 0 && rows + written.size > rowsPerStatement) {
      await tx.execute(insertStatsQuery(statement));
      statement = [];
      rows = 0;
    }
    statement.push(written);
    rows += written.size;
  }
  if (rows > 0) await tx.execute(insertStatsQuery(statement));
}
