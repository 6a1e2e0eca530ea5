/**
 * The report engine's SQL (docs/decisions/reports.md). One grouped query over the table
 * sources.ts chooses: the running totals for a view by hour of the day (running-query.ts),
 * else the smallest stats table holding every column it needs. Counters are summed
 * in an inner query; the metrics are computed from those sums in the outer one, so ratios
 * are never averaged. Every identifier comes from the tables below, every value is a bound
 * parameter.
 */
import { type ReportDimensionValue, type ReportMetricValue } from '@adloom/domain';
import { sql, type SQL } from 'drizzle-orm';
import { HOURS_OF_DAY, hourColumn } from '../../stats/rollups.js';
import { COUNTERS, countersOf, isAdSide, metricOf } from './metrics.js';
import { groupedByRunningQuery } from './running-query.js';
import type { StatsScope } from './scope.js';
import { chooseSource, HOURLY, type StatsSource, type StatsView } from './sources.js';
import {
  groupByPositions,
  groupExpression,
  identifier,
  openFromOf,
  sumOf,
  whereClause,
  type StatsLayout,
} from './sql-parts.js';

/** The columns a daily rollup's relation reads: its keys and the counters. */
const rowColumns = (keys: readonly string[]): string =>
  [...keys, ...COUNTERS].map((column) => `"${column}"`).join(', ');

/**
 * What a source reads (alias s). The daily rollups hold the hours before open_from
 * (migrations 0008, 0015): the open ones come from stats_hourly, each hour standing for its
 * day (the time filters and the date grouping read an hour as they read a midnight). The
 * open day is a bound value, not a subquery: PostgreSQL does not run a plan with one in
 * parallel.
 */
function sourceRelation(source: StatsSource, layout: StatsLayout): SQL {
  if (!source.daily) return sql.raw(source.table);
  const from = openFromOf(layout);
  const columns = sql.raw(rowColumns(source.daily));
  return sql`(select "day", ${columns} from ${sql.raw(source.table)} where "day" < ${from}
    union all
    select "hour", ${columns} from stats_hourly where "hour" >= ${from})`;
}

/** The output of a grouped dimension (alias g): dates as YYYY-MM-DD text. */
function outputExpression(dimension: ReportDimensionValue): SQL {
  if (dimension === 'date') return sql`to_char(g."date", 'YYYY-MM-DD')`;
  return sql`g.${identifier(dimension)}`;
}

/** The grouped sums (alias g): one row per combination of the dimensions. */
function groupedQuery(view: StatsView, scope: StatsScope, layout: StatsLayout): SQL {
  const source = chooseSource(view, scope, layout.sizes);
  if (source.running) return groupedByRunningQuery(view, scope, layout);
  const needsHour =
    view.dimensions.includes('hour') || view.filters.some((filter) => filter.dimension === 'hour');
  if (source.byHour && needsHour) return groupedByHourQuery(view, scope, layout, source);
  const dimensions = view.dimensions.map(
    (dimension) => sql`${groupExpression(dimension, source)} as ${identifier(dimension)}`,
  );
  const sums = countersOf(view.metrics).map((counter) => sumOf(counter));
  return sql`select ${sql.join([...dimensions, ...sums], sql`, `)} from ${sourceRelation(source, layout)} s where ${whereClause(view, scope, source)}${groupByPositions(view.dimensions.length)}`;
}

/**
 * The grouped sums over a rollup counting each hour of the day (stats_creative_daily): its
 * closed days grouped by every dimension but the hour, each hour's sums side by side, then
 * turned into one row per hour of the day that has any count (the `hours` mask); the open
 * hours grouped from stats_hourly; both summed once more. A 30-day report by creative and
 * hour thus aggregates a row per creative and day, not 24.
 */
function groupedByHourQuery(
  view: StatsView,
  scope: StatsScope,
  layout: StatsLayout,
  source: StatsSource,
): SQL {
  const counters = countersOf(view.metrics);
  const others = view.dimensions.filter((dimension) => dimension !== 'hour');
  const hourFilters = view.filters.filter((filter) => filter.dimension === 'hour');
  const dayView = {
    ...view,
    filters: view.filters.filter((filter) => filter.dimension !== 'hour'),
  };
  const from = openFromOf(layout);

  // Closed days: one row per group, each counter's 24 hours side by side.
  const dayDimensions = others.map(
    (dimension) => sql`${groupExpression(dimension, source)} as ${identifier(dimension)}`,
  );
  const hourSums = counters.flatMap((counter) =>
    HOURS_OF_DAY.map((hour) => {
      const column = hourColumn(counter, hour);
      return sql`sum(s.${identifier(column)})::bigint as ${identifier(column)}`;
    }),
  );
  const days = sql`select ${sql.join([...dayDimensions, sql`bit_or(s."hours") as "hours"`, ...hourSums], sql`, `)}
    from ${sql.raw(source.table)} s
    where s."day" < ${from} and ${whereClause(dayView, scope, source)}${groupByPositions(others.length)}`;
  const hourRows = HOURS_OF_DAY.map(
    (hour) =>
      sql`(${sql.join(
        [
          sql.raw(String(hour)),
          ...counters.map((counter) => sql`d.${identifier(hourColumn(counter, hour))}`),
        ],
        sql`, `,
      )})`,
  );
  const hourConditions = [
    sql`(d."hours" >> u."hour") & 1 = 1`,
    ...hourFilters.map((filter) => {
      const values = filter.values.map((value) => sql`${Number(value)}`);
      const condition = sql`u."hour" in (${sql.join(values, sql`, `)})`;
      return filter.mode === 'exclude' ? sql`not ${condition}` : condition;
    }),
  ];
  const outputs = view.dimensions.map((dimension) =>
    dimension === 'hour' ? sql`u."hour"` : sql`d.${identifier(dimension)}`,
  );
  const closed = sql`select ${sql.join([...outputs, ...counters.map((counter) => sql`u.${identifier(counter)}`)], sql`, `)}
    from (${days}) d
    cross join lateral (values ${sql.join(hourRows, sql`, `)}) as u ("hour"${sql.raw(counters.map((counter) => `, "${counter}"`).join(''))})
    where ${sql.join(hourConditions, sql` and `)}`;

  // Open hours, read from stats_hourly as it is.
  const open = sql`select ${sql.join(
    [
      ...view.dimensions.map((dimension) => groupExpression(dimension, HOURLY)),
      ...counters.map((counter) => sql`s.${identifier(counter)}`),
    ],
    sql`, `,
  )} from stats_hourly s where s."hour" >= ${from} and ${whereClause(view, scope, HOURLY)}`;

  const dimensions = view.dimensions.map((dimension) => sql`x.${identifier(dimension)}`);
  const sums = counters.map((counter) => sumOf(counter, 'x'));
  return sql`select ${sql.join([...dimensions, ...sums], sql`, `)}
    from (${closed} union all ${open}) x${groupByPositions(view.dimensions.length)}`;
}

function metricColumns(metrics: readonly ReportMetricValue[], adSide: boolean): SQL[] {
  return metrics.map(
    (metric) => sql`${metricOf(metric, adSide).expression} as ${identifier(metric)}`,
  );
}

/** The sort keys: the chosen key (nulls last), then every dimension in order, for stable pages. */
function sortKeys(view: StatsView): SQL | undefined {
  const direction = sql.raw(view.order === 'desc' ? 'desc' : 'asc');
  const keys: SQL[] = [];
  if (view.sort) keys.push(sql`${identifier(view.sort)} ${direction} nulls last`);
  for (const dimension of view.dimensions) {
    if (dimension === view.sort) continue;
    keys.push(sql`${identifier(dimension)} ${view.sort ? sql.raw('asc') : direction}`);
  }
  return keys.length > 0 ? sql.join(keys, sql`, `) : undefined;
}

function orderClause(view: StatsView): SQL {
  const keys = sortKeys(view);
  return keys ? sql` order by ${keys}` : sql``;
}

function outputColumns(view: StatsView): SQL[] {
  return view.dimensions.map(
    (dimension) => sql`${outputExpression(dimension)} as ${identifier(dimension)}`,
  );
}

/** Which part of reportQuery's answer a row is: a page row, or the totals row. */
export const PART_COLUMN = '__part';
export const PAGE_PART = 1;
export const TOTALS_PART = 2;
/** On the totals row: the number of rows (groups) over the whole filter. */
export const TOTAL_COLUMN = '__total';

/**
 * One page and the totals row in one statement that reads the stats once: the grouped sums
 * (g) are materialised, the page is cut from them in the sort order, and the totals row
 * (part 2, its dimensions null) sums g and counts its rows.
 */
export function reportQuery(
  view: StatsView,
  scope: StatsScope,
  page: { limit: number; offset: number },
  layout: StatsLayout,
): SQL {
  const order = orderClause(view);
  // Only the page's rows are numbered: a top-N sort (the page's last row at most) instead of
  // sorting every group. The sort keys end with every dimension, so the order is total.
  const keys = sortKeys(view);
  const numbered = sql`${page.offset}::bigint + row_number() over (${keys ? sql`order by ${keys}` : sql``})`;
  const cut = sql`${order} limit ${page.limit} offset ${page.offset}`;
  const totals = countersOf(view.metrics).map(
    (counter) => sql`coalesce(sum(g.${identifier(counter)}), 0)::bigint as ${identifier(counter)}`,
  );
  const totalsColumns = [
    sql.raw(String(TOTALS_PART)),
    ...view.dimensions.map(() => sql`null`),
    ...metricColumns(view.metrics, isAdSide({ ...view, dimensions: [] }, scope)),
    sql`null`,
    sql`(select count(*) from g)`,
  ];
  const pageColumns = [
    ...outputColumns(view),
    ...metricColumns(view.metrics, isAdSide(view, scope)),
  ];
  const part = sql`${sql.raw(String(PAGE_PART))} as ${identifier(PART_COLUMN)}`;
  // Ordered by the dimensions alone, the page is cut from the groups as they are and the
  // metrics computed for its rows only; a sort by a metric needs them on every row.
  const byDimensions =
    view.sort === undefined || view.dimensions.some((dimension) => dimension === view.sort);
  const pageRows = byDimensions
    ? sql`r as (select g.* from g${cut})
    select ${part}, ${sql.join(pageColumns, sql`, `)}, ${numbered} as "__row", null::bigint as ${identifier(TOTAL_COLUMN)}
    from r g`
    : sql`m as (select ${sql.join(pageColumns, sql`, `)} from g),
    r as (select m.* from m${cut})
    select ${part}, r.*, ${numbered} as "__row", null::bigint as ${identifier(TOTAL_COLUMN)}
    from r`;
  return sql`with g as materialized (${groupedQuery(view, scope, layout)}),
    ${pageRows}
    union all
    select ${sql.join(totalsColumns, sql`, `)} from (select ${sql.join(totals, sql`, `)} from g) g
    order by ${identifier(PART_COLUMN)}, "__row"`;
}

/** Every row, in order (the export reads it through a cursor). */
export function allRowsQuery(view: StatsView, scope: StatsScope, layout: StatsLayout): SQL {
  const columns = [...outputColumns(view), ...metricColumns(view.metrics, isAdSide(view, scope))];
  return sql`select ${sql.join(columns, sql`, `)} from (${groupedQuery(view, scope, layout)}) g${orderClause(view)}`;
}

/** The number of rows (groups) over the whole filter. */
export function countQuery(view: StatsView, scope: StatsScope, layout: StatsLayout): SQL {
  return sql`select count(*) as ${identifier(TOTAL_COLUMN)} from (${groupedQuery(view, scope, layout)}) g`;
}

/** The chosen metrics over the whole filter, from its sums. */
export function totalsQuery(view: StatsView, scope: StatsScope, layout: StatsLayout): SQL {
  const totals = { ...view, dimensions: [] };
  return sql`select ${sql.join(metricColumns(view.metrics, isAdSide(totals, scope)), sql`, `)} from (${groupedQuery(totals, scope, layout)}) g`;
}
