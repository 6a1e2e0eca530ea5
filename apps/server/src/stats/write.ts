/**
 * The stats write: one statement adds a partition's rows (stats/rows.ts) to stats_hourly,
 * summed by key, a fill's request added to its slot's row, in key order (the lock order,
 * delivery/accounting/buffers.ts). The rows travel as one array per column (unnest): no
 * object per row, a third of the bytes of JSON rows. The statement's text is made from
 * STATS_KEYS once, when the module loads; a flush only writes the arrays.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  COUNTER_COLUMNS,
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

/**
 * A fill's request, counted on its slot's row (where an unfilled request is counted): the
 * request's keys kept, the ad's none, one request per fill.
 */
const FILL_REQUEST_ROW = [
  'hour_h',
  ...STATS_KEY_COLUMNS.map((key) =>
    key.describes === 'request' ? key.column : key.type === 'text' ? `''` : '0',
  ),
  ...COUNTER_COLUMNS.map((column) => (column === 'requests' ? 'fills' : '0')),
].join(', ');

const KEY_ARRAYS = STATS_KEY_COLUMNS.map((key) => ({
  field: key.field,
  text: key.type === 'text',
  cast: sql.raw(`::${key.type}[]`),
}));
const SUMS = COUNTER_COLUMNS.map((column) => `sum(${column})`);

const HEAD = sql.raw(`with r (${ROW_COLUMNS}) as (select * from unnest(`);
const TAIL = sql.raw(`)
    ), counted as (
      select * from r
      union all
      select ${FILL_REQUEST_ROW} from r where fills > 0
    )
    insert into stats_hourly (hour, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST})
    select to_timestamp(hour_h::bigint * 3600), ${KEY_COLUMN_LIST}, ${SUMS.join(', ')}
    from counted
    group by hour_h, ${KEY_COLUMN_LIST}
    having ${SUMS.join(' + ')} > 0
    order by hour_h, ${KEY_COLUMN_LIST}
    on conflict (hour, ${KEY_COLUMN_LIST}) do update set
      ${addCountersOnConflict('stats_hourly')}`);

/** The statement adding these rows (the arrays are its only parameters). */
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
  await tx.execute(insertStatsQuery(rows));
}
