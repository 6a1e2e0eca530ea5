/**
 * A small React wrapper over tree-shaken echarts/core: line and bar charts, grid, tooltip
 * and legend, drawn on canvas. Only the chunks that draw a chart (the dashboard's trend,
 * the report charts) import it, so echarts never weighs on a first load.
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { usePrefersReducedMotion } from '../../lib/mediaQuery';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

/** Colours dark enough to tell apart on white (series lines and bars). */
export const CHART_COLORS = [
  '#0958d9',
  '#d4380d',
  '#389e0d',
  '#722ed1',
  '#13a8a8',
  '#d48806',
  '#c41d7f',
  '#595959',
  '#1d39c4',
];

export function EChart({
  option,
  height = 320,
  label,
  testId,
}: {
  option: ChartOption;
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.EChartsType | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // A chart that cannot draw its option must not take the page down with it.
    try {
      chart.current?.setOption(reducedMotion ? { ...option, animation: false } : option, {
        notMerge: true,
      });
    } catch (error) {
      console.error('The chart could not be drawn', error);
    }
  }, [option, reducedMotion]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height }}
    />
  );
}
