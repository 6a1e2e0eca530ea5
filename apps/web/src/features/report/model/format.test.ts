import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@adloom/domain';
import { compareChartData, dualChartData, MAX_COMPARE_SERIES, type LabelOf } from './chart';
import {
  chartValue,
  dimensionText,
  formatAxisValue,
  formatMetric,
  formatPlotted,
  type DimensionContext,
} from './format';

const context = (lang: 'en' | 'zh' = 'en'): DimensionContext => ({
  lang,
  countryName: (code) => ({ US: 'United States', CN: 'China' })[code],
  unknown: 'Unknown',
  none: (dimension) => (dimension === 'dsp' ? 'Direct' : 'None'),
});

describe('formatMetric', () => {
  it('groups counts, shows money from micros and rates as percentages with 2 decimals', () => {
    expect(formatMetric('imp', 1234567)).toBe('1,234,567');
    expect(formatMetric('cost', 12_345_678_900)).toBe('$12,345.68');
    expect(formatMetric('cpm', 2_500_000)).toBe('$2.50');
    expect(formatMetric('cpm', 2_500_000, 'zh')).toBe('US$2.50');
    expect(formatMetric('ctr', 0.034567)).toBe('3.46%');
    expect(formatMetric('fr', 1)).toBe('100.00%');
  });

  it('shows a dash for a ratio over nothing', () => {
    expect(formatMetric('ctr', null)).toBe('-');
    expect(formatMetric('cpc', undefined)).toBe('-');
  });
});

describe('chart values', () => {
  it('plots money in currency units and rates in percent', () => {
    expect(chartValue('cost', 1_500_000)).toBe(1.5);
    expect(chartValue('ir', 0.25)).toBe(25);
    expect(chartValue('click', 42)).toBe(42);
    expect(chartValue('ctr', null)).toBeNull();
  });

  it('labels axes with unit suffixes from a thousand up, tooltips as cells', () => {
    expect(formatAxisValue('imp', 2_500_000)).toBe('2.50M');
    expect(formatAxisValue('imp', 1500)).toBe('1.50K');
    expect(formatAxisValue('imp', 999)).toBe('999');
    expect(formatAxisValue('cost', 12.5)).toBe('$12.50');
    expect(formatAxisValue('cost', 2_500_000, 'zh')).toBe('US$2.50M');
    expect(formatAxisValue('ctr', 40)).toBe('40%');
    expect(formatPlotted('ctr', 3.456)).toBe('3.46%');
    expect(formatPlotted('cost', 1234.5)).toBe('$1,234.50');
    expect(formatPlotted('cost', 1234.5, 'zh')).toBe('US$1,234.50');
  });
});

describe('dimensionText', () => {
  it('shows a date with its weekday, in Chinese in Chinese', () => {
    const row = { date: '2026-11-22' };
    expect(dimensionText('date', row, context('en'))).toBe('2026-11-22 Sunday');
    expect(dimensionText('date', row, context('zh'))).toBe('2026-11-22 星期日');
  });

  it('shows hours as 08:00 and OS by its label', () => {
    expect(dimensionText('hour', { hour: 8 }, context())).toBe('08:00');
    expect(dimensionText('hour', { hour: 23 }, context())).toBe('23:00');
    expect(dimensionText('os', { os: 2 }, context())).toBe('iOS');
  });

  it('shows names, not ids: the server name first, then a fallback', () => {
    const row: ReportRow = { plan: 12, plan_name: 'Spring sale', creative: 9, creative_name: null };
    expect(dimensionText('plan', row, context())).toBe('Spring sale');
    expect(dimensionText('creative', row, context())).toBe('#9');
    expect(dimensionText('dsp', { dsp: 0, dsp_name: null }, context())).toBe('Direct');
    expect(dimensionText('media', { media: 0 }, context())).toBe('None');
  });

  it('names countries by the server, then the console list, then the code', () => {
    expect(dimensionText('country', { country: 'US', country_name: 'USA' }, context())).toBe('USA');
    expect(dimensionText('country', { country: 'CN', country_name: null }, context())).toBe(
      'China',
    );
    expect(dimensionText('country', { country: 'zz' }, context())).toBe('ZZ');
    expect(dimensionText('country', { country: '' }, context())).toBe('Unknown');
    expect(dimensionText('app', { app: '' }, context())).toBe('Unknown');
    expect(dimensionText('app', { app: '2.1.0' }, context())).toBe('2.1.0');
  });
});

const labelOf: LabelOf = (dimension, row) => String(row[dimension]);

describe('chart data', () => {
  it('chart 1 makes one series per compare value over the axis, biggest first', () => {
    const rows: ReportRow[] = [
      { date: '2026-11-01', app: '1.0', cost: 1_000_000 },
      { date: '2026-11-01', app: '2.0', cost: 5_000_000 },
      { date: '2026-11-02', app: '2.0', cost: 3_000_000 },
    ];
    const data = compareChartData(rows, {
      axis: 'date',
      compare: 'app',
      metric: 'cost',
      labelOf,
      metricLabel: 'Cost',
      othersLabel: 'Others',
    });
    expect(data.categories).toEqual(['2026-11-01', '2026-11-02']);
    expect(data.series).toEqual([
      { name: '2.0', data: [5, 3] },
      { name: '1.0', data: [1, null] },
    ]);
  });

  it('chart 1 sums the rest as Others for counters, never for rates', () => {
    const rows: ReportRow[] = Array.from({ length: MAX_COMPARE_SERIES + 2 }, (_, index) => ({
      country: 'US',
      app: `v${index}`,
      imp: 100 - index,
      ctr: 0.1,
    }));
    const counted = compareChartData(rows, {
      axis: 'country',
      compare: 'app',
      metric: 'imp',
      labelOf,
      metricLabel: 'Impressions',
      othersLabel: 'Others',
    });
    expect(counted.series).toHaveLength(MAX_COMPARE_SERIES + 1);
    expect(counted.series.at(-1)).toEqual({ name: 'Others', data: [92 + 91] });
    const rates = compareChartData(rows, {
      axis: 'country',
      compare: 'app',
      metric: 'ctr',
      labelOf,
      metricLabel: 'CTR',
      othersLabel: 'Others',
    });
    expect(rates.series).toHaveLength(MAX_COMPARE_SERIES);
  });

  it('chart 1 compared by its own axis is a single series of the metric', () => {
    const data = compareChartData([{ country: 'US', imp: 5 }], {
      axis: 'country',
      compare: 'country',
      metric: 'imp',
      labelOf,
      metricLabel: 'Impressions',
      othersLabel: 'Others',
    });
    expect(data).toEqual({ categories: ['US'], series: [{ name: 'Impressions', data: [5] }] });
  });

  it('chart 2 plots both metrics over the axis', () => {
    const data = dualChartData(
      [
        { date: '2026-11-01', imp: 1000, cpm: 2_000_000 },
        { date: '2026-11-02', imp: 0, cpm: null },
      ],
      { axis: 'date', metrics: ['imp', 'cpm'], labelOf, metricLabel: (metric) => metric },
    );
    expect(data).toEqual({
      categories: ['2026-11-01', '2026-11-02'],
      series: [
        { name: 'imp', data: [1000, 0] },
        { name: 'cpm', data: [2, null] },
      ],
    });
  });
});
