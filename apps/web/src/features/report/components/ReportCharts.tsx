/**
 * The report's two charts (docs/product/design.md#reports-engine), loaded lazily with echarts: chart 1 plots metric 1
 * over the first dimension compared across another dimension (default cost by app
 * version); chart 2 plots metric 1 and metric 2 on two axes (default impressions and eCPM).
 * Each has selects to switch what it shows; the choice is part of the saved config.
 */
import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ReportDimension,
  ReportMetric,
  type DayRange,
  type InterfaceLanguage,
  type ReportDimensionValue,
  type ReportMetricValue,
  type ReportRow,
} from '@adloom/domain';
import { CHART_COLORS, EChart, type ChartOption } from '../../../components/charts/EChart';
import { errorText, ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useReportQuery } from '../api';
import { compareChartData, dualChartData, type ChartData, type LabelOf } from '../model/chart';
import { formatAxisValue, formatPlotted } from '../model/format';
import { buildCompareChartQuery, buildDualChartQuery, isTimeDimension } from '../model/query';
import type { ChartConfig1, ChartConfig2, ReportPreset, ReportSettings } from '../model/settings';
import styles from './report.module.css';

type TooltipParam = {
  seriesIndex?: number;
  seriesName?: string;
  value?: unknown;
  marker?: unknown;
};

/**
 * The echarts option of a chart: lines over time, bars over anything else. `metrics` are
 * the value axes (one, or two for chart 2); series i plots `metrics[i]` when there are two,
 * else `metrics[0]`. There is always a value axis, even without a series (an empty answer).
 */
export function chartOption(
  data: ChartData,
  {
    time,
    metrics,
    lang = 'en',
  }: {
    time: boolean;
    metrics: readonly [ReportMetricValue, ...ReportMetricValue[]];
    lang?: InterfaceLanguage;
  },
): ChartOption {
  const axes = [...new Set(metrics)];
  const axisOf = (index: number) => (axes.length > 1 ? Math.min(index, axes.length - 1) : 0);
  const metricOf = (index: number) => axes[axisOf(index)] ?? metrics[0];
  return {
    color: CHART_COLORS,
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as (TooltipParam & {
          axisValueLabel?: string;
        })[];
        const head = list[0]?.axisValueLabel ?? '';
        const lines = list.map((param) => {
          const metric = metricOf(param.seriesIndex ?? 0);
          const value = typeof param.value === 'number' ? param.value : null;
          return `${String(param.marker ?? '')}${param.seriesName ?? ''}: ${formatPlotted(metric, value, lang)}`;
        });
        return [head, ...lines].join('<br/>');
      },
    },
    legend: { top: 0 },
    grid: { left: 64, right: axes.length > 1 ? 64 : 24, top: 40, bottom: 40 },
    xAxis: {
      type: 'category',
      boundaryGap: !time,
      data: data.categories,
      axisLabel: { hideOverlap: true },
    },
    yAxis: axes.map((metric) => ({
      type: 'value' as const,
      axisLabel: { formatter: (value: number) => formatAxisValue(metric, value, lang) },
    })),
    series: data.series.map((series, index) => ({
      name: series.name,
      type: time ? ('line' as const) : ('bar' as const),
      smooth: time,
      yAxisIndex: axisOf(index),
      connectNulls: false,
      data: series.data,
    })),
  };
}

function ChartCard({
  title,
  controls,
  state,
  children,
}: {
  title: string;
  controls: ReactNode;
  state: { loading: boolean; error: unknown; empty: boolean; onRetry(): void };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body = children;
  if (state.error) {
    const text =
      state.error instanceof ApiError
        ? errorText(state.error, currentLanguage())
        : String(state.error);
    body = (
      <Alert
        type="error"
        showIcon
        title={t('report.chartFailed')}
        description={text}
        action={
          <Button size="small" onClick={state.onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (state.empty && !state.loading) {
    body = <Empty description={t('report.empty')} />;
  }
  return (
    <Card title={<h2 className={styles.chartTitle}>{title}</h2>} size="small">
      <div className={styles.chartControls}>{controls}</div>
      <Spin spinning={state.loading}>{body}</Spin>
    </Card>
  );
}

const NO_ROWS: readonly ReportRow[] = [];

function CompareChart({
  rows,
  axis,
  compare,
  metric,
  labelOf,
  metricLabel,
  othersLabel,
  label,
}: {
  rows: readonly ReportRow[];
  axis: ReportDimensionValue;
  compare: ReportDimensionValue;
  metric: ReportMetricValue;
  labelOf: LabelOf;
  metricLabel: string;
  othersLabel: string;
  label: string;
}) {
  const option = useMemo(() => {
    const data = compareChartData(rows, {
      axis,
      compare,
      metric,
      labelOf,
      metricLabel,
      othersLabel,
    });
    // labelOf changes with the interface language, so the memo follows a switch.
    return chartOption(data, {
      time: isTimeDimension(axis),
      metrics: [metric],
      lang: currentLanguage(),
    });
  }, [rows, axis, compare, metric, labelOf, metricLabel, othersLabel]);
  return <EChart option={option} label={label} testId="report-chart-1" />;
}

function DualChart({
  rows,
  axis,
  metric1,
  metric2,
  labelOf,
  metric1Label,
  metric2Label,
  label,
}: {
  rows: readonly ReportRow[];
  axis: ReportDimensionValue;
  metric1: ReportMetricValue;
  metric2: ReportMetricValue;
  labelOf: LabelOf;
  metric1Label: string;
  metric2Label: string;
  label: string;
}) {
  const option = useMemo(() => {
    const metrics = [metric1, metric2] as const;
    const data = dualChartData(rows, {
      axis,
      metrics,
      labelOf,
      metricLabel: (metric) => (metric === metric1 ? metric1Label : metric2Label),
    });
    return chartOption(data, { time: isTimeDimension(axis), metrics, lang: currentLanguage() });
  }, [rows, axis, metric1, metric2, labelOf, metric1Label, metric2Label]);
  return <EChart option={option} label={label} testId="report-chart-2" />;
}

export function ReportCharts({
  settings,
  range,
  preset,
  labelOf,
  onChart1,
  onChart2,
}: {
  settings: ReportSettings;
  range: DayRange;
  preset: ReportPreset;
  labelOf: LabelOf;
  onChart1(next: ChartConfig1): void;
  onChart2(next: ChartConfig2): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const axis = settings.checkedDimensions[0] as ReportDimensionValue;
  const axisName = ReportDimension.label(axis, lang);
  const { chartConfig1: chart1, chartConfig2: chart2 } = settings;

  const compare = useReportQuery(buildCompareChartQuery(settings, range, preset.scope));
  const dual = useReportQuery(buildDualChartQuery(settings, range, preset.scope));

  const metricOptions = preset.metrics.map((metric) => ({
    value: metric,
    label: ReportMetric.label(metric, lang),
  }));
  const dimensionOptions = preset.dimensions.map((dimension) => ({
    value: dimension,
    label: ReportDimension.label(dimension, lang),
  }));

  const metric1Name = ReportMetric.label(chart1.metric1, lang);
  const compareName = ReportDimension.label(chart1.compare, lang);
  const title1 =
    chart1.compare === axis
      ? t('report.chart.singleTitle', { metric: metric1Name, axis: axisName })
      : t('report.chart.compareTitle', {
          metric: metric1Name,
          compare: compareName,
          axis: axisName,
        });
  const title2 = t('report.chart.dualTitle', {
    metric1: ReportMetric.label(chart2.metric1, lang),
    metric2: ReportMetric.label(chart2.metric2, lang),
    axis: axisName,
  });

  return (
    <section className={styles.charts} aria-label={t('report.chart.section')}>
      <ChartCard
        title={title1}
        state={{
          loading: compare.isFetching,
          error: compare.error,
          empty: (compare.data?.list.length ?? 0) === 0,
          onRetry: () => void compare.refetch(),
        }}
        controls={
          <>
            <Select<ReportMetricValue>
              aria-label={t('report.chart.chart1Metric')}
              value={chart1.metric1}
              onChange={(metric1) => onChart1({ ...chart1, metric1 })}
              options={metricOptions}
              style={{ width: 180 }}
            />
            <Select<ReportDimensionValue>
              aria-label={t('report.chart.chart1Compare')}
              value={chart1.compare}
              onChange={(next) => onChart1({ ...chart1, compare: next })}
              options={dimensionOptions}
              style={{ width: 160 }}
            />
          </>
        }
      >
        <CompareChart
          rows={compare.data?.list ?? NO_ROWS}
          axis={axis}
          compare={chart1.compare}
          metric={chart1.metric1}
          labelOf={labelOf}
          metricLabel={metric1Name}
          othersLabel={t('report.chart.others')}
          label={title1}
        />
      </ChartCard>
      <ChartCard
        title={title2}
        state={{
          loading: dual.isFetching,
          error: dual.error,
          empty: (dual.data?.list.length ?? 0) === 0,
          onRetry: () => void dual.refetch(),
        }}
        controls={
          <>
            <Select<ReportMetricValue>
              aria-label={t('report.chart.chart2Metric1')}
              value={chart2.metric1}
              onChange={(metric1) => onChart2({ ...chart2, metric1 })}
              options={metricOptions}
              style={{ width: 180 }}
            />
            <Select<ReportMetricValue>
              aria-label={t('report.chart.chart2Metric2')}
              value={chart2.metric2}
              onChange={(metric2) => onChart2({ ...chart2, metric2 })}
              options={metricOptions}
              style={{ width: 180 }}
            />
          </>
        }
      >
        <DualChart
          rows={dual.data?.list ?? NO_ROWS}
          axis={axis}
          metric1={chart2.metric1}
          metric2={chart2.metric2}
          labelOf={labelOf}
          metric1Label={ReportMetric.label(chart2.metric1, lang)}
          metric2Label={ReportMetric.label(chart2.metric2, lang)}
          label={title2}
        />
      </ChartCard>
    </section>
  );
}
