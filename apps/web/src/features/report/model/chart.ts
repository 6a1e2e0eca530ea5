/**
 * Report rows → chart series. Chart 1 plots one metric over the first dimension with one
 * series per value of the compare dimension (the largest few, the rest summed as "Others"
 * when the metric adds up); chart 2 plots two metrics over the first dimension.
 */
import type { ReportDimensionValue, ReportMetricValue, ReportRow } from '@adloom/domain';
import { chartValue, rowKey } from './format';

/** More series than this turn a chart into noise. */
export const MAX_COMPARE_SERIES = 8;

/** Metrics whose values of several groups sum to the value of the whole. */
const ADDITIVE: readonly ReportMetricValue[] = [
  'request',
  'fill',
  'imp',
  'click',
  'cost',
  'income',
];

export interface ChartSeries {
  name: string;
  data: (number | null)[];
}

export interface ChartData {
  categories: string[];
  series: ChartSeries[];
}

/** Names a dimension value of a row (see dimensionText). */
export type LabelOf = (dimension: ReportDimensionValue, row: ReportRow) => string;

/** The categories along the axis, in the order the rows bring them. */
function categoriesOf(
  rows: readonly ReportRow[],
  axis: ReportDimensionValue,
  labelOf: LabelOf,
): { keys: string[]; labels: string[] } {
  const keys: string[] = [];
  const labels: string[] = [];
  for (const row of rows) {
    const key = rowKey([axis], row);
    if (!keys.includes(key)) {
      keys.push(key);
      labels.push(labelOf(axis, row));
    }
  }
  return { keys, labels };
}

export function compareChartData(
  rows: readonly ReportRow[],
  {
    axis,
    compare,
    metric,
    labelOf,
    metricLabel,
    othersLabel,
  }: {
    axis: ReportDimensionValue;
    compare: ReportDimensionValue;
    metric: ReportMetricValue;
    labelOf: LabelOf;
    /** The single series' name when the compare dimension is the axis itself. */
    metricLabel: string;
    othersLabel: string;
  },
): ChartData {
  const { keys, labels } = categoriesOf(rows, axis, labelOf);
  const position = new Map(keys.map((key, index) => [key, index]));
  if (compare === axis) {
    const data: (number | null)[] = keys.map(() => null);
    for (const row of rows) {
      data[position.get(rowKey([axis], row)) ?? 0] = chartValue(metric, row[metric]);
    }
    return { categories: labels, series: [{ name: metricLabel, data }] };
  }

  // One series per compare value; the biggest (by the metric summed over the axis) first.
  const groups = new Map<string, { name: string; total: number; data: (number | null)[] }>();
  for (const row of rows) {
    const key = rowKey([compare], row);
    let group = groups.get(key);
    if (!group) {
      group = { name: labelOf(compare, row), total: 0, data: keys.map(() => null) };
      groups.set(key, group);
    }
    const value = chartValue(metric, row[metric]);
    group.data[position.get(rowKey([axis], row)) ?? 0] = value;
    group.total += value ?? 0;
  }
  const ranked = [...groups.values()].sort((a, b) => b.total - a.total);
  const shown = ranked.slice(0, MAX_COMPARE_SERIES);
  const rest = ranked.slice(MAX_COMPARE_SERIES);
  const series: ChartSeries[] = shown.map(({ name, data }) => ({ name, data }));
  // Rates, eCPM and CPC do not add up: the rest is summed only for counters.
  if (rest.length > 0 && ADDITIVE.includes(metric)) {
    series.push({
      name: othersLabel,
      data: keys.map((_, index) => {
        const values = rest
          .map((group) => group.data[index])
          .filter((value): value is number => typeof value === 'number');
        return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) : null;
      }),
    });
  }
  return { categories: labels, series };
}

export function dualChartData(
  rows: readonly ReportRow[],
  {
    axis,
    metrics,
    labelOf,
    metricLabel,
  }: {
    axis: ReportDimensionValue;
    metrics: readonly [ReportMetricValue, ReportMetricValue];
    labelOf: LabelOf;
    metricLabel(metric: ReportMetricValue): string;
  },
): ChartData {
  const { labels } = categoriesOf(rows, axis, labelOf);
  const byKey = new Map(rows.map((row) => [rowKey([axis], row), row]));
  const ordered = [...byKey.values()];
  return {
    categories: labels,
    series: metrics.map((metric) => ({
      name: metricLabel(metric),
      data: ordered.map((row) => chartValue(metric, row[metric])),
    })),
  };
}
