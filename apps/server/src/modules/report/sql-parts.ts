/**
 * The pieces of a report's SQL that every source's query shares: identifiers, the grouping
 * expression of a dimension, and the WHERE clause of a view's range, scope and filters. Every
 * identifier comes from our own tables, every value is a bound parameter.
 */
import {
  isTextDimension,
  reportDimensionColumn,
  reportDimensionKind,
  type ReportDimensionValue,
  type ReportFilter,
} from '@adloom/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Counter } from './metrics.js';
import type { StatsScope } from './scope.js';
import type { StatsSource, StatsView, TableSizes } from './sources.js';

/** A quoted column alias; only our own keys reach here (the contract checks the sort key). */
export function identifier(name: string): SQL {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a report column: ${name}`);
  return sql.raw(`"${name}"`);
}

/** What a report's SQL must know of the stats tables besides the view. */
export interface StatsLayout {
  /** The tables' estimated sizes, when known (chooseSource). */
  sizes?: TableSizes;
  /** stats_daily_open's open_from, ISO 8601: the daily rollups hold the hours before it. */
  dailyOpenFrom: string;
}

export const openFromOf = (layout: StatsLayout): SQL => sql`${layout.dailyOpenFrom}::timestamptz`;

export function timeColumn(source: StatsSource): SQL {
  return sql.raw(`s."${source.time}"`);
}

/** The grouping expression of a dimension over the source (alias s). */
export function groupExpression(dimension: ReportDimensionValue, source: StatsSource): SQL {
  if (dimension === 'date') return sql`(${timeColumn(source)} at time zone 'UTC')::date`;
  if (dimension === 'hour')
    return sql`extract(hour from ${timeColumn(source)} at time zone 'UTC')::int`;
  return sql.raw(`s."${reportDimensionColumn(dimension)}"`);
}

export function dayStart(day: string): string {
  return `${day}T00:00:00Z`;
}

export function nextDayStart(day: string): string {
  return new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();
}

/** An int[] parameter: one bound value however many ids (a big agent's users). */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

export function scopeCondition(scope: StatsScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'anyAdvertiser':
      return sql`s."advertiser_id" <> 0`;
    case 'advertisers':
      if (scope.ids.length === 1) return sql`s."advertiser_id" = ${scope.ids[0]}`;
      return sql`s."advertiser_id" = any(${intArray(scope.ids)})`;
    case 'media':
      return sql`s."media_id" = any(${intArray(scope.ids)})`;
  }
}

export function filterCondition(filter: ReportFilter, source: StatsSource): SQL {
  const dimension = filter.dimension as ReportDimensionValue;
  let condition: SQL;
  if (dimension === 'date') {
    // Day ranges on the time column, which its index serves.
    const time = timeColumn(source);
    const ranges = filter.values.map(
      (day) =>
        sql`(${time} >= ${dayStart(day)}::timestamptz and ${time} < ${nextDayStart(day)}::timestamptz)`,
    );
    condition = sql`(${sql.join(ranges, sql` or `)})`;
  } else {
    // Codes are stored upper case; any case is accepted.
    const code = reportDimensionKind(dimension) === 'code';
    const values = filter.values.map((value) => {
      if (!isTextDimension(dimension)) return sql`${Number(value)}`;
      return sql`${code ? value.toUpperCase() : value}`;
    });
    condition = sql`${groupExpression(dimension, source)} in (${sql.join(values, sql`, `)})`;
  }
  return filter.mode === 'exclude' ? sql`not ${condition}` : condition;
}

export function whereClause(view: StatsView, scope: StatsScope, source: StatsSource): SQL {
  const time = timeColumn(source);
  const conditions: SQL[] = [
    sql`${time} >= ${dayStart(view.from)}::timestamptz`,
    sql`${time} < ${nextDayStart(view.to)}::timestamptz`,
  ];
  const scoped = scopeCondition(scope);
  if (scoped) conditions.push(scoped);
  for (const filter of view.filters) conditions.push(filterCondition(filter, source));
  return sql.join(conditions, sql` and `);
}

export const sumOf = (counter: Counter, alias = 's'): SQL =>
  sql`coalesce(sum(${sql.raw(alias)}.${identifier(counter)}), 0)::bigint as ${identifier(counter)}`;

export const groupByPositions = (count: number): SQL =>
  count > 0
    ? sql` group by ${sql.raw(Array.from({ length: count }, (_, index) => index + 1).join(', '))}`
    : sql``;
