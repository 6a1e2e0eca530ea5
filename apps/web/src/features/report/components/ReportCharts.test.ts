import { describe, expect, it } from 'vitest';
import { chartOption } from './ReportCharts';

type Axis = { type: string }[];
type Series = { type: string; yAxisIndex: number }[];

describe('chartOption', () => {
  it('keeps a value axis when the answer has no rows (echarts needs one)', () => {
    const option = chartOption({ categories: [], series: [] }, { time: true, metrics: ['cost'] });
    expect(option.yAxis as Axis).toHaveLength(1);
    expect(option.series as Series).toEqual([]);
  });

  it('puts two metrics on two axes, lines over time and bars over categories', () => {
    const data = {
      categories: ['US', 'GB'],
      series: [
        { name: 'Impressions', data: [10, 20] },
        { name: 'eCPM', data: [1.5, 2] },
      ],
    };
    const bars = chartOption(data, { time: false, metrics: ['imp', 'cpm'] });
    expect(bars.yAxis as Axis).toHaveLength(2);
    expect((bars.series as Series).map((s) => [s.type, s.yAxisIndex])).toEqual([
      ['bar', 0],
      ['bar', 1],
    ]);
    const same = chartOption(data, { time: true, metrics: ['imp', 'imp'] });
    expect(same.yAxis as Axis).toHaveLength(1);
    expect((same.series as Series).map((s) => [s.type, s.yAxisIndex])).toEqual([
      ['line', 0],
      ['line', 0],
    ]);
  });
});
