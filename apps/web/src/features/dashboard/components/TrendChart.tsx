import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMicros, type DashboardSummary } from '@adloom/domain';
import { EChart, type LineChartOption } from './EChart';

type TrendPoint = DashboardSummary['trend'][number];

/** The 30-day trend: impressions and clicks on the left axis, cost and income on the right. */
export function TrendChart({ trend }: { trend: readonly TrendPoint[] }) {
  const { t } = useTranslation();
  const option = useMemo<LineChartOption>(
    () => ({
      color: ['#0958d9', '#13a8a8', '#d4380d', '#389e0d'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 64, top: 40, bottom: 32 },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: trend.map((point) => point.date.slice(5)),
      },
      yAxis: [
        { type: 'value', name: `${t('dashboard.impressions')} / ${t('dashboard.clicks')}` },
        { type: 'value', name: `${t('dashboard.cost')} / ${t('dashboard.incomeSeries')}` },
      ],
      series: [
        {
          name: t('dashboard.impressions'),
          type: 'line',
          smooth: true,
          data: trend.map((p) => p.impressions),
        },
        {
          name: t('dashboard.clicks'),
          type: 'line',
          smooth: true,
          data: trend.map((p) => p.clicks),
        },
        {
          name: t('dashboard.cost'),
          type: 'line',
          smooth: true,
          yAxisIndex: 1,
          data: trend.map((p) => fromMicros(p.cost)),
        },
        {
          name: t('dashboard.incomeSeries'),
          type: 'line',
          smooth: true,
          yAxisIndex: 1,
          data: trend.map((p) => fromMicros(p.income)),
        },
      ],
    }),
    [trend, t],
  );
  return <EChart option={option} label={t('dashboard.trend')} />;
}
