/**
 * The grouped sums of a report by hour of the day over stats_creative_running (stats/
 * running.ts, docs/decisions/reports.md): for each key with a closed day in the range, its
 * last running row on or before the range's last day less its last one before the first day,
 * each counter as an array of its 24 hourly differences, and which hours of the day have any
 * count; keys sharing the report's other dimensions summed first (an array of sums per
 * counter); each turned into one row per hour with a count; the open hours from stats_hourly
 * joined on. A 30-day report by creative and hour thus reads two rows per creative instead
 * of thirty.
 */
import type { ReportDimensionValue } from '@adloom/domain';
import { sql, type SQL } from 'drizzle-orm';
import { COUNTER_COLUMNS } from '../../stats/keys.js';
import { CREATIVE_DAILY, HOURS_OF_DAY, hourColumn } from '../../stats/rollups.js';
import { CREATIVE_RUNNING } from '../../stats/running.js';
import { countersOf } from './metrics.js';
import type { StatsScope } from './scope.js';
import { HOURLY, SOURCES, type StatsSource, type StatsView } from './sources.js';
import {
  dayStart,
  groupByPositions,
  groupExpression,
  identifier,
  nextDayStart,
  openFromOf,
  sumOf,
  whereClause,
  type StatsLayout,
} from './sql-parts.js';

/** stats_creative_daily, whose primary key (day first) finds the keys counted in a range. */
const CREATIVE_DAILY_SOURCE = SOURCES.find(
  (source) => source.table === CREATIVE_DAILY.table,
) as StatsSource;

const columns = (alias: string, names: readonly string[]): SQL =>
  sql.raw(names.map((name) => `${alias}."${name}"`).join(', '));

/** Key by key, the running row of `r` matching k. */
const sameKey = sql.raw(
  CREATIVE_RUNNING.keys.map((key) => `r."${key}" = k."${key}"`).join(' and '),
);

/** The key's last running row before `end` (exclusive), as a lateral subquery. */
const lastRowBefore = (end: string): SQL =>
  sql`(select * from ${sql.raw(`"${CREATIVE_RUNNING.table}"`)} r
    where ${sameKey} and r."day" < ${end}::timestamptz order by r."day" desc limit 1)`;

/** Bit h set when any counter of hour h differs between hi and lo: the hours with a count. */
const CHANGED_HOURS = HOURS_OF_DAY.map((hour) => {
  const changed = COUNTER_COLUMNS.map((counter) => {
    const column = hourColumn(counter, hour);
    return `hi."${column}" <> coalesce(lo."${column}", 0)`;
  });
  return `(case when ${changed.join(' or ')} then ${2 ** hour} else 0 end)`;
}).join(' | ');

export function groupedByRunningQuery(
  view: StatsView,
  scope: StatsScope,
  layout: StatsLayout,
): SQL {
  const hourFilters = view.filters.filter((filter) => filter.dimension === 'hour');
  const keyView = {
    ...view,
    filters: view.filters.filter((filter) => filter.dimension !== 'hour'),
  };
  const keys = CREATIVE_RUNNING.keys;
  const counters = countersOf(view.metrics);

  // Closed hours: each key's running totals at the range's end less those before its start,
  // one array of 24 hourly differences per counter of the report, and the hours with a count.
  const counted = sql`select distinct ${columns('s', keys)} from ${sql.raw(CREATIVE_DAILY.table)} s
    where ${whereClause(keyView, scope, CREATIVE_DAILY_SOURCE)}`;
  const hourly = counters.map((counter) => {
    const differences = HOURS_OF_DAY.map((hour) => {
      const column = hourColumn(counter, hour);
      return `hi."${column}" - coalesce(lo."${column}", 0)`;
    });
    return sql.raw(`array[${differences.join(', ')}] as "${counter}"`);
  });
  // In a report by creative most keys are their group's only one, but not all: a creative
  // serves every strategy listing it. Each key's group size is counted on the narrow keys,
  // before the wide rows are read, so that keys alone skip the sums.
  const others = view.dimensions.filter((dimension) => dimension !== 'hour');
  const splitAlone = others.includes('creative');
  const partition = others.map((dimension) => groupExpression(dimension, CREATIVE_DAILY_SOURCE));
  const keyRows = splitAlone
    ? sql`select s.*, count(*) over (partition by ${sql.join(partition, sql`, `)}) as "n"
      from (${counted}) s`
    : counted;
  const closed = sql`select ${columns('k', keys)}, ${splitAlone ? sql`k."n", ` : sql``}${sql.raw(CHANGED_HOURS)} as "hours", ${sql.join(hourly, sql`, `)}
    from (${keyRows}) k
    cross join lateral ${lastRowBefore(nextDayStart(view.to))} hi
    left join lateral ${lastRowBefore(dayStart(view.from))} lo on true`;

  // Each key alone in its group, or each group's sums, as a row per hour with a count.
  const hourCondition = hourFilters.map((filter) => {
    const values = filter.values.map((value) => sql`${Number(value)}`);
    const condition = sql`u."hour" in (${sql.join(values, sql`, `)})`;
    return filter.mode === 'exclude' ? sql`not ${condition}` : condition;
  });
  const perHour = (alias: string, condition?: SQL) => {
    const outputs = view.dimensions.map((dimension: ReportDimensionValue) =>
      dimension === 'hour' ? sql`u."hour"` : sql`${sql.raw(alias)}.${identifier(dimension)}`,
    );
    const values = counters.map(
      (counter) =>
        sql`${sql.raw(alias)}.${identifier(counter)}[u."hour" + 1] as ${identifier(counter)}`,
    );
    const conditions = [
      sql`(${sql.raw(alias)}."hours" >> u."hour") & 1 = 1`,
      ...(condition ? [condition] : []),
      ...hourCondition,
    ];
    return sql`select ${sql.join([...outputs, ...values], sql`, `)}
      from ${sql.raw(alias)} cross join lateral generate_series(0, 23) as u ("hour")
      where ${sql.join(conditions, sql` and `)}`;
  };
  const named = others.map(
    (dimension) =>
      sql`${groupExpression(dimension, CREATIVE_DAILY_SOURCE)} as ${identifier(dimension)}, `,
  );
  const otherColumns = others.map((dimension) => sql`w.${identifier(dimension)}`);
  // A group's sums stay an array per counter, as a key's differences are.
  const sums = counters.map((counter) => {
    const hours = HOURS_OF_DAY.map((hour) => `sum(w."${counter}"[${hour + 1}])`);
    return sql.raw(`array[${hours.join(', ')}]::bigint[] as "${counter}"`);
  });
  const together = (condition: SQL) =>
    sql`together as (select ${sql.join([...otherColumns, sql`bit_or(w."hours") as "hours"`, ...sums], sql`, `)}
      from w${condition}${groupByPositions(others.length)})`;
  // Materialised: the differences are computed once per key, not once per hour that reads them.
  const perKey = sql`with s as materialized (${closed}),
    w as (select ${sql.join(named, sql``)}s.* from s)`;
  const closedRows = splitAlone
    ? sql`${perKey}, ${together(sql` where w."n" > 1`)}
    ${perHour('w', sql`w."n" = 1`)} union all ${perHour('together')}`
    : sql`${perKey}, ${together(sql``)}
    ${perHour('together')}`;

  // Open hours from stats_hourly, summed by the report's dimensions.
  const openRows = sql`select ${sql.join(
    [
      ...view.dimensions.map(
        (dimension) => sql`${groupExpression(dimension, HOURLY)} as ${identifier(dimension)}`,
      ),
      ...counters.map((counter) => sumOf(counter)),
    ],
    sql`, `,
  )} from stats_hourly s where s."hour" >= ${openFromOf(layout)} and ${whereClause(view, scope, HOURLY)}${groupByPositions(view.dimensions.length)}`;

  // Both are one row per group: joined, not summed again.
  const outputs = view.dimensions.map(
    (dimension) =>
      sql`coalesce(c.${identifier(dimension)}, o.${identifier(dimension)}) as ${identifier(dimension)}`,
  );
  const totals = counters.map(
    (counter) =>
      sql`coalesce(c.${identifier(counter)}, 0) + coalesce(o.${identifier(counter)}, 0) as ${identifier(counter)}`,
  );
  const sameGroup = view.dimensions.map(
    (dimension) => sql`c.${identifier(dimension)} = o.${identifier(dimension)}`,
  );
  return sql`select ${sql.join([...outputs, ...totals], sql`, `)}
    from (${closedRows}) c full join (${openRows}) o on ${sql.join(sameGroup, sql` and `)}`;
}
