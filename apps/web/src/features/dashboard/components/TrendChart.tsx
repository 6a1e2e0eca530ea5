/**
 * The 30-day trend of one metric, switched by the dashboard's metric selector. Money (cost,
 * income, eCPM) is plotted in currency units, CTR in percent; a day without impressions has
 * no CTR or eCPM and leaves a gap.
 */
import { useMemo } from 'react';
import {
  currencySymbol,
  formatCompact,
  formatCount,
  formatNumber,
  fromMicros,
  type DashboardTrendMetric,
  type DashboardTrendPoint,
} from '@adloom/domain';
import { EChart, type ChartOption } from '../../../components/charts/EChart';
import { currentLanguage } from '../../../lib/i18n';

const MONEY: readonly DashboardTrendMetric[] = ['cost', 'income', 'cpm'];

/** A point's value as plotted: money in currency units, CTR in percent. */
export function trendValue(
  point: DashboardTrendPoint,
  metric: DashboardTrendMetric,
): number | null {
  const value = point[metric];
  if (value === null) return null;
  if (MONEY.includes(metric)) return fromMicros(value);
  if (metric === 'ctr') return value * 100;
  return value;
}

/** A plotted value as the tooltip shows it: "$12.50", "3.45%", "1,234". */
export function formatTrendValue(metric: DashboardTrendMetric, plotted: number | null): string {
  if (plotted === null) return '-';
  if (MONEY.includes(metric)) return `${currencySymbol(currentLanguage())}${formatNumber(plotted)}`;
  if (metric === 'ctr') return `${formatNumber(plotted)}%`;
  return formatCount(plotted);
}

/** A y-axis label: unit suffixes from a thousand up ("$2.50K", "12.35K"), CTR in percent. */
export function formatTrendAxis(metric: DashboardTrendMetric, plotted: number): string {
  if (metric === 'ctr') return `${formatNumber(plotted)}%`;
  if (!MONEY.includes(metric)) return formatCompact(plotted);
  const sign = plotted < 0 ? '-' : '';
  return `${sign}${currencySymbol(currentLanguage())}${formatCompact(Math.abs(plotted), { decimals: 2 })}`;
}

export function TrendChart({
  trend,
  metric,
  name,
  height,
  label,
}: {
  trend: readonly DashboardTrendPoint[];
  metric: DashboardTrendMetric;
  /** The series name (the metric in the interface language). */
  name: string;
  /** What the chart shows, for screen readers. */
  label: string;
  height: number;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      color: [MONEY.includes(metric) ? '#d4380d' : '#0958d9'],
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value) =>
          formatTrendValue(metric, typeof value === 'number' ? value : null),
      },
      grid: { left: 64, right: 24, top: 24, bottom: 32 },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: trend.map((point) => point.date.slice(5)),
      },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (value: number) => formatTrendAxis(metric, value) },
      },
      series: [
        {
          name,
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.08 },
          data: trend.map((point) => trendValue(point, metric)),
        },
      ],
    }),
    [trend, metric, name],
  );
  return <EChart option={option} label={label} height={height} testId="dashboard-trend" />;
}
