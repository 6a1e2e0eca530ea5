/**
 * The stats write: one statement adds a partition's rows (stats/rows.ts) to stats_hourly.
 * The rows come summed by key, in key order (StatsRows.forWrite; the order is the lock order
 * of concurrent flushes, delivery/accounting/buffers.ts), and travel as one array per column
 * (unnest): no object per row, a third of the bytes of JSON rows. The statement's text is
 * made from STATS_KEYS once, when the module loads; a flush only writes the arrays.
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

/** A PostgreSQL array literal of integers: `{1,2,3}`. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

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
function textArray(values: readonly string[]): string {
  const elements = new Array<string>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    elements[index] = quoted(values[index] as string);
  }
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
 * The statement adding these rows (the arrays are its only parameters); `rows` as
 * StatsRows.forWrite() makes them: each key once, in key order.
 */
export function insertStatsQuery(rows: StatsRows): SQL {
  const arrays: SQL[] = [sql`${intArray(rows.hour)}::integer[]`];
  for (const { field, text, cast } of KEY_ARRAYS) {
    const values = rows.keys[field];
    const literal = text ? textArray(values as string[]) : intArray(values as number[]);
    arrays.push(sql`${literal}${cast}`);
  }
  for (const { field } of STATS_COUNTERS) arrays.push(sql`${intArray(rows[field])}::bigint[]`);
  return sql`${HEAD}${sql.join(arrays, sql`, `)}${TAIL}`;
}

/** Adds one partition's rows to stats_hourly in one statement. */
export async function insertStats(tx: Database, rows: StatsRows): Promise<void> {
  const written = rows.forWrite();
  if (written.size > 0) await tx.execute(insertStatsQuery(written));
}
