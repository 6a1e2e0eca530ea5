/**
 * stats_creative_running (migration 0018, docs/decisions/reports.md): stats_creative_daily's
 * running totals per key. A key's row for day D holds each counter per hour of the day summed
 * over the key's closed hours up to the end of D; there is a row for each day the key counted
 * anything. A range's sums are the difference of two rows (the last on or before its end, the
 * last before its start), so a report by creative or plan and hour of the day reads two rows
 * per creative whatever the range's length.
 *
 * Kept where stats_creative_daily is kept, from the same per-day changes (relation "d": the
 * day, the keys, each counter per hour): the fold of closed hours (stats/fold.ts), the rollup
 * trigger for later writes to closed hours (stats/rollup-trigger.ts), reopenDays. Adding a
 * change to day D of a key is two statements: make sure the key has a row for D (a copy of
 * its last row before D), then add the change to its rows from D on. Writers that can run at
 * once (the rollup trigger's) first take runningKeyLocks, so a copy never misses a change
 * another transaction is adding to the same key.
 */
import { CREATIVE_DAILY, HOUR_COLUMNS, rollupSums } from './rollups.js';

export const CREATIVE_RUNNING = {
  table: 'stats_creative_running',
  /** Its key columns, before the day in its primary key. */
  keys: CREATIVE_DAILY.keys,
} as const;

const quoted = (column: string) => `"${column}"`;
const keysOf = (alias: string) =>
  CREATIVE_RUNNING.keys.map((key) => `${alias}.${quoted(key)}`).join(', ');
const sameKeys = (left: string, right: string) =>
  CREATIVE_RUNNING.keys
    .map((key) => `${left}.${quoted(key)} = ${right}.${quoted(key)}`)
    .join(' AND ');
const GROUP_BY = Array.from({ length: CREATIVE_RUNNING.keys.length + 1 }, (_, i) => i + 1).join(
  ', ',
);

/**
 * The select list and grouping of relation "d" over an hourly relation (alias c: the keys,
 * the counters, `h` the hour of the day, and `sign` when signed): put the relation and its
 * condition between them.
 */
export function runningChanges(signed: boolean): { head: string; tail: string } {
  const sums = rollupSums(CREATIVE_DAILY, signed).map(
    (sum, index) => `${sum} AS ${quoted(HOUR_COLUMNS[index] ?? '')}`,
  );
  return {
    head: `SELECT date_trunc('day', c."hour", 'UTC') AS "day", ${keysOf('c')},
        ${sums.join(', ')}
      FROM `,
    tail: ` GROUP BY ${GROUP_BY}`,
  };
}

/**
 * The transaction advisory locks (key space RUNNING_LOCK_SPACE) of the keys of hourly rows
 * (`from`: what follows FROM, the rows aliased c, a condition allowed), each key hashed to one of RUNNING_LOCK_BUCKETS, taken in order.
 * Without them two transactions writing closed hours of one key at once could each read the
 * other's rows before it commits: the copy making a key's new row for a later day would miss
 * the change the other adds to an earlier day, and that change would miss the new row. Held
 * to the end of the transaction, the lock makes the second writer's statements read the
 * first's committed rows. Buckets bound the locks a bulk correction takes (the lock table is
 * shared and finite); two keys in one bucket only wait for each other.
 */
export const RUNNING_LOCK_SPACE = 18;
export const RUNNING_LOCK_BUCKETS = 1024;
export function runningKeyLocks(from: string): string {
  return `SELECT pg_advisory_xact_lock(${RUNNING_LOCK_SPACE}, k.bucket)
    FROM (SELECT DISTINCT mod(hashtext(concat_ws(',', ${keysOf('c')})), ${RUNNING_LOCK_BUCKETS}) AS bucket
      FROM ${from}
      ORDER BY 1) k`;
}

/** The two statements adding relation "d" (given as `WITH "d" AS (…)`) to the running totals. */
export const RUNNING_STATEMENTS: readonly string[] = [
  // A row for each changed day: the key's last row before it, or nothing.
  `INSERT INTO ${quoted(CREATIVE_RUNNING.table)} ("day", ${CREATIVE_RUNNING.keys.map(quoted).join(', ')}, ${HOUR_COLUMNS.map(quoted).join(', ')})
    SELECT d."day", ${keysOf('d')}, ${HOUR_COLUMNS.map((column) => `coalesce(p.${quoted(column)}, 0)`).join(', ')}
    FROM "d" LEFT JOIN LATERAL (
      SELECT * FROM ${quoted(CREATIVE_RUNNING.table)} r
      WHERE ${sameKeys('r', 'd')} AND r."day" < d."day"
      ORDER BY r."day" DESC LIMIT 1) p ON true
    ON CONFLICT ON CONSTRAINT ${quoted(`${CREATIVE_RUNNING.table}_pkey`)} DO NOTHING`,
  // Every row from a changed day on gains the changes up to its day.
  `UPDATE ${quoted(CREATIVE_RUNNING.table)} AS t SET
      ${HOUR_COLUMNS.map((column) => `${quoted(column)} = t.${quoted(column)} + x.${quoted(column)}`).join(', ')}
    FROM (
      SELECT r."day", ${keysOf('r')}, ${HOUR_COLUMNS.map((column) => `sum(d.${quoted(column)}) AS ${quoted(column)}`).join(', ')}
      FROM ${quoted(CREATIVE_RUNNING.table)} r JOIN "d" ON ${sameKeys('r', 'd')} AND r."day" >= d."day"
      GROUP BY ${GROUP_BY}) x
    WHERE t."day" = x."day" AND ${sameKeys('t', 'x')}`,
];
