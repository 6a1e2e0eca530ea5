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

/** The elements of a PostgreSQL array literal: integers as they are, text quoted. */
function elementsOf(values: readonly (number | string)[], text: boolean): string {
  if (!text) return values.join(',');
  const elements: string[] = [];
  for (const value of values) elements.push(quoted(value as string));
  return elements.join(',');
}

// ------------------------------------------------------------ the statement, made once

/** The unnested relation's columns: the epoch hour, the keys, the counters. */
const ROW_COLUMNS = `hour_h, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST}`;

/** The statement's arrays in ROW_COLUMNS' order: each one's values in a part, and its type. */
const ARRAYS: readonly {
  values: (rows: StatsRows) => readonly (number | string)[];
  text: boolean;
  cast: SQL;
}[] = [
  { values: (rows) => rows.hour, text: false, cast: sql.raw('::integer[]') },
  ...STATS_KEY_COLUMNS.map((key) => ({
    values: (rows: StatsRows) => rows.keys[key.field],
    text: key.type === 'text',
    cast: sql.raw(`::${key.type}[]`),
  })),
  ...STATS_COUNTERS.map(({ field }) => ({
    values: (rows: StatsRows) => rows[field],
    text: false,
    cast: sql.raw('::bigint[]'),
  })),
];

const HEAD = sql.raw(`insert into stats_hourly (hour, ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST})
    select to_timestamp(hour_h::bigint * 3600), ${KEY_COLUMN_LIST}, ${COUNTER_COLUMN_LIST}
    from unnest(`);
const TAIL = sql.raw(`) as r (${ROW_COLUMNS})
    on conflict (hour, ${KEY_COLUMN_LIST}) do update set
      ${addCountersOnConflict('stats_hourly')}`);

/**
 * One statement's arrays, written a part at a time: each part as StatsRows.forWrite() makes
 * it (each key once, in key order), the parts one after the other.
 */
class StatementArrays {
  rows = 0;
  private readonly elements: string[][] = ARRAYS.map(() => []);

  add(part: StatsRows): void {
    ARRAYS.forEach(({ values, text }, index) => {
      this.elements[index]?.push(elementsOf(values(part), text));
    });
    this.rows += part.size;
  }

  query(): SQL {
    const arrays = ARRAYS.map(
      ({ cast }, index) => sql`${`{${(this.elements[index] ?? []).join(',')}}`}${cast}`,
    );
    return sql`${HEAD}${sql.join(arrays, sql`, `)}${TAIL}`;
  }
}

/**
 * A turn of the event loop for the requests waiting. A flush sums and writes out a second's
 * rows on the serving thread: done in one go it held every request up for tens of
 * milliseconds each second (the p99 of /serve/ad); a partition at a time, for one or two.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Adds the partitions' rows to stats_hourly, in their order: in one statement, or in as few
 * as STATS_ROWS_PER_STATEMENT allows (a partition is never split). A key lives in one
 * partition only (its slot's), so no key comes twice in a statement: ON CONFLICT DO UPDATE
 * refuses to change a row twice. Each partition is summed and written out in a turn of its
 * own.
 */
export async function insertStats(
  tx: Database,
  partitions: readonly StatsRows[],
  rowsPerStatement = STATS_ROWS_PER_STATEMENT,
): Promise<void> {
  let statement = new StatementArrays();
  for (const partition of partitions) {
    const written = partition.forWrite();
    if (written.size === 0) continue;
    if (statement.rows > 0 && statement.rows + written.size > rowsPerStatement) {
      await tx.execute(statement.query());
      statement = new StatementArrays();
    }
    statement.add(written);
    await nextTurn();
  }
  if (statement.rows > 0) await tx.execute(statement.query());
}
