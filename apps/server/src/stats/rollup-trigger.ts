/**
 * The text of the rollup trigger's function (`stats_rollup()`, migrations 0005-0016): every
 * statement that writes stats_hourly adds its rows' change to stats_plan_hourly and, for
 * closed hours (before stats_daily_open's open_from), to stats_daily and the narrow daily
 * rollups (stats/rollups.ts), and deletes the rollup rows it emptied. Made from STATS_KEYS,
 * STATS_COUNTERS and DAILY_ROLLUPS, so a migration that adds a counter or a rollup pastes
 * the new text (`npx tsx scripts/stats-rollup-trigger.ts`) and rollup-trigger.test.ts checks
 * that the newest migration defining the function says the same.
 */
import { COUNTER_COLUMNS, KEY_COLUMNS } from './keys.js';
import { DAILY_ROLLUPS, rollupSums, writtenCounters, type DailyRollup } from './rollups.js';
import { RUNNING_STATEMENTS, runningChanges, runningKeyLocks } from './running.js';

const quoted = (column: string) => `"${column}"`;
const list = (columns: readonly string[]) => columns.map(quoted).join(', ');
const addOnConflict = (columns: readonly string[], indent: string) =>
  columns
    .map((column) => `${quoted(column)} = t.${quoted(column)} + excluded.${quoted(column)}`)
    .join(`,\n${indent}`);
const signedSums = COUNTER_COLUMNS.map((column) => `sum(c.sign * c.${quoted(column)})`).join(', ');
const allZero = (alias: string) =>
  COUNTER_COLUMNS.map((column) => `${alias}.${quoted(column)} = 0`).join(' AND ');
const sameKeys = (keys: readonly string[]) =>
  keys.map((key) => `t.${quoted(key)} = o.${quoted(key)}`).join(' AND ');
const positions = (count: number) =>
  Array.from({ length: count }, (_, index) => index + 1).join(', ');

/** The rows a statement changed, signed, as the trigger's transition tables hold them. */
const CHANGED = `  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;`;

/** The hourly rows an UPDATE left at zero (their rollup rows may have emptied too). */
const EMPTIED = `  emptied text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    WHEN 'UPDATE' THEN 'SELECT * FROM new_rows WHERE ${COUNTER_COLUMNS.map((column) => `"${column}" = 0`).join(' AND ')}'
  END;`;

const planHourly = `  EXECUTE format($sql$
    INSERT INTO "stats_plan_hourly" AS t ("hour", "advertiser_id", "plan_id", ${list(COUNTER_COLUMNS)})
    SELECT c."hour", c."advertiser_id", c."plan_id", ${signedSums}
    FROM (%s) c
    GROUP BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT "stats_plan_hourly_pkey" DO UPDATE SET
      ${addOnConflict(COUNTER_COLUMNS, '      ')}
  $sql$, changed);
  IF emptied IS NOT NULL THEN
    EXECUTE format($sql$
    DELETE FROM "stats_plan_hourly" t USING (%s) o
    WHERE t."hour" = o."hour" AND ${sameKeys(['advertiser_id', 'plan_id'])}
      AND ${allZero('t')}
    $sql$, emptied);
  END IF;`;

const daily = `    EXECUTE format($sql$
      INSERT INTO "stats_daily" AS t ("day", ${list(KEY_COLUMNS)}, ${list(COUNTER_COLUMNS)})
      SELECT date_trunc('day', c."hour", 'UTC'), ${KEY_COLUMNS.map((key) => `c.${quoted(key)}`).join(', ')},
        ${signedSums}
      FROM (%s) c
      WHERE c."hour" < $1
      GROUP BY ${positions(KEY_COLUMNS.length + 1)}
      ON CONFLICT ON CONSTRAINT "stats_daily_pkey" DO UPDATE SET
        ${addOnConflict(COUNTER_COLUMNS, '        ')}
    $sql$, changed) USING open_from;`;

function dailyRollup(rollup: DailyRollup): string {
  const columns = writtenCounters(rollup);
  return `    EXECUTE format($sql$
      INSERT INTO "${rollup.table}" AS t ("day", ${list(rollup.keys)}, ${list(columns)})
      SELECT date_trunc('day', c."hour", 'UTC'), ${rollup.keys.map((key) => `c.${quoted(key)}`).join(', ')},
        ${rollupSums(rollup, true).join(',\n        ')}
      FROM (SELECT x.*, extract(hour from x."hour" at time zone 'UTC')::int AS h FROM (%s) x) c
      WHERE c."hour" < $1
      GROUP BY ${positions(rollup.keys.length + 1)}
      ON CONFLICT ON CONSTRAINT "${rollup.table}_pkey" DO UPDATE SET
        ${addOnConflict(columns, '        ')}
    $sql$, changed) USING open_from;`;
}

/**
 * The closed hours' changes added to stats_creative_running (stats/running.ts), under their
 * keys' locks: two statements writing late hours of one creative can run at once.
 */
function runningTotals(): string[] {
  const { head, tail } = runningChanges(true);
  const changes = `${head}(SELECT x.*, extract(hour from x."hour" at time zone 'UTC')::int AS h FROM (%s) x) c
      WHERE c."hour" < $1${tail}`;
  const locks = `    EXECUTE format($sql$
      ${runningKeyLocks('(%s) c WHERE c."hour" < $1')}
    $sql$, changed) USING open_from;`;
  return [
    locks,
    ...RUNNING_STATEMENTS.map(
      (statement) => `    EXECUTE format($sql$
      WITH "d" AS (${changes})
      ${statement}
    $sql$, changed) USING open_from;`,
    ),
  ];
}

/** A closed day's rollup row left at zero goes (the per-hour rollups: no hour set). */
function deleteEmptied(table: string, keys: readonly string[], empty: string): string {
  return `      EXECUTE format($sql$
      DELETE FROM "${table}" t USING (%s) o
      WHERE o."hour" < $1 AND t."day" = date_trunc('day', o."hour", 'UTC')
        AND ${sameKeys(keys)}
        AND ${empty}
      $sql$, emptied) USING open_from;`;
}

/** `CREATE OR REPLACE FUNCTION "stats_rollup"() …`, as a migration holds it. */
export function statsRollupFunctionSql(): string {
  const emptiedDeletes = [
    deleteEmptied('stats_daily', KEY_COLUMNS, allZero('t')),
    ...DAILY_ROLLUPS.map((rollup) =>
      deleteEmptied(rollup.table, rollup.keys, rollup.byHour ? 't."hours" = 0' : allZero('t')),
    ),
  ];
  return `CREATE OR REPLACE FUNCTION "stats_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
${CHANGED}
${EMPTIED}
  open_from timestamptz;
  closed boolean;
BEGIN
  SELECT o."open_from" INTO open_from FROM "stats_daily_open" o WHERE o."id" = 1 FOR SHARE;
${planHourly}
  -- The daily rollups hold closed hours only (migration 0008): a statement writing open hours
  -- alone (every delivery flush) has nothing to add to them.
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM (%s) c WHERE c."hour" < $1)', changed)
    INTO closed USING open_from;
  IF closed THEN
${[daily, ...DAILY_ROLLUPS.map(dailyRollup), ...runningTotals()].join('\n')}
    IF emptied IS NOT NULL THEN
${emptiedDeletes.join('\n')}
    END IF;
  END IF;
  RETURN NULL;
END;
$$;`;
}
