/**
 * From what the screen shows to what the report endpoint is asked: the table's page, and
 * the two charts' series. Date ranges come from the docs/product/reports.md#date-presets presets or a custom pick.
 */
import {
  DEFAULT_PAGE_SIZE,
  REPORT_MAX_DAYS,
  reportFilterValueIssue,
  reportRangeDays,
  resolveDatePreset,
  type DatePresetValue,
  type DayRange,
  type PageSize,
  type ReportDimensionValue,
  type ReportFilter,
  type ReportQuery,
  type ReportScopeValue,
} from '@adloom/domain';
import type { ReportSettings } from './settings';

export const DEFAULT_DATE_PRESET: DatePresetValue = 'last7Days';

/** A preset (resolved against today, UTC) or a custom range of UTC days. */
export type DateChoice = { preset: DatePresetValue } | { preset: 'custom'; range: DayRange };

export function rangeOf(choice: DateChoice, now: Date = new Date()): DayRange {
  return choice.preset === 'custom' ? choice.range : resolveDatePreset(choice.preset, now);
}

export interface TableView {
  /** A dimension or metric key. */
  sort?: string;
  order: 'asc' | 'desc';
  page: number;
  size: PageSize;
}

export const DEFAULT_TABLE_VIEW: TableView = { order: 'asc', page: 1, size: DEFAULT_PAGE_SIZE };

/** The most rows a chart reads in one request (the largest page size). */
export const CHART_ROWS = 500;

/** True when the range is longer than one report may cover (the server would refuse it). */
export function isRangeTooLong(range: DayRange): boolean {
  return reportRangeDays(range.from, range.to) > REPORT_MAX_DAYS;
}

/**
 * Filters that say something: values trimmed, unique and fitting their dimension (a typed
 * "abc" for a strategy id is shown as wrong beside the filter, not sent); filters left
 * without a value are dropped.
 */
export function effectiveFilters(filters: readonly ReportFilter[]): ReportFilter[] {
  return filters
    .map((filter) => ({
      ...filter,
      values: [
        ...new Set(
          filter.values
            .map((value) => value.trim())
            .filter((value) => value && !reportFilterValueIssue(filter.dimension, value)),
        ),
      ],
    }))
    .filter((filter) => filter.values.length > 0);
}

/** The table's query: chosen dimensions and metrics, filters, range, sort and page. */
export function buildReportQuery(
  settings: ReportSettings,
  range: DayRange,
  view: TableView = DEFAULT_TABLE_VIEW,
  scope: ReportScopeValue = 'account',
): ReportQuery {
  const keys: readonly string[] = [...settings.checkedDimensions, ...settings.checkedMetrics];
  const sort = view.sort !== undefined && keys.includes(view.sort) ? view.sort : undefined;
  return {
    dimensions: [...settings.checkedDimensions],
    metrics: [...settings.checkedMetrics],
    filters: effectiveFilters(settings.filterList),
    from: range.from,
    to: range.to,
    ...(sort ? { sort, order: view.order } : {}),
    scope,
    page: view.page,
    size: view.size,
  };
}

/** Time runs left to right; other dimensions show their biggest values first. */
export function isTimeDimension(dimension: ReportDimensionValue): boolean {
  return dimension === 'date' || dimension === 'hour';
}

/**
 * Chart 1: metric 1 over the first dimension, one series per value of the compare
 * dimension (or a single series when the compare dimension is the first one).
 */
export function buildCompareChartQuery(
  settings: ReportSettings,
  range: DayRange,
  scope: ReportScopeValue = 'account',
): ReportQuery | undefined {
  const axis = settings.checkedDimensions[0];
  if (!axis) return undefined;
  const { metric1, compare } = settings.chartConfig1;
  return {
    dimensions: compare === axis ? [axis] : [axis, compare],
    metrics: [metric1],
    filters: effectiveFilters(settings.filterList),
    from: range.from,
    to: range.to,
    ...(isTimeDimension(axis) ? { sort: axis, order: 'asc' } : { sort: metric1, order: 'desc' }),
    scope,
    page: 1,
    size: CHART_ROWS,
  };
}

/** Chart 2: metric 1 and metric 2 over the first dimension, on two axes. */
export function buildDualChartQuery(
  settings: ReportSettings,
  range: DayRange,
  scope: ReportScopeValue = 'account',
): ReportQuery | undefined {
  const axis = settings.checkedDimensions[0];
  if (!axis) return undefined;
  const { metric1, metric2 } = settings.chartConfig2;
  return {
    dimensions: [axis],
    metrics: metric1 === metric2 ? [metric1] : [metric1, metric2],
    filters: effectiveFilters(settings.filterList),
    from: range.from,
    to: range.to,
    ...(isTimeDimension(axis) ? { sort: axis, order: 'asc' } : { sort: metric1, order: 'desc' }),
    scope,
    page: 1,
    size: CHART_ROWS,
  };
}
