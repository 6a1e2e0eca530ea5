/**
 * What a report shows (docs/product/reports.md#saved-configs): checked dimensions and metrics, the
 * filter list and the two charts' settings. A saved config is these plus its id, its name
 * and the modify state (docs/product/reports.md#saved-configs). Presets (account, country, supply-side) bound what a
 * screen may pick; `sanitizeSettings` keeps any stored or loaded settings inside them.
 */
import {
  DEFAULT_CHART_1,
  DEFAULT_CHART_2,
  DEFAULT_REPORT_DIMENSIONS,
  DEFAULT_REPORT_METRICS,
  ReportDimension,
  ReportMetric,
  reportDimensionsFor,
  type ReportDimensionValue,
  type ReportFilter,
  type ReportMetricValue,
  type ReportScopeValue,
  type Role,
} from '@adloom/domain';

export interface ChartConfig1 {
  metric1: ReportMetricValue;
  /** The dimension whose values become chart 1's series. */
  compare: ReportDimensionValue;
}

export interface ChartConfig2 {
  metric1: ReportMetricValue;
  metric2: ReportMetricValue;
}

export interface ReportSettings {
  checkedDimensions: ReportDimensionValue[];
  checkedMetrics: ReportMetricValue[];
  filterList: ReportFilter[];
  chartConfig1: ChartConfig1;
  chartConfig2: ChartConfig2;
}

export interface SavedReportConfig extends ReportSettings {
  id: string;
  name: string;
  /** Set by saving, cleared by loading or switching to it (docs/product/reports.md#saved-configs). */
  modify: boolean;
}

/** The bounds and defaults of one report screen. */
export interface ReportPreset {
  /** Names the screen's saved configs in local storage. */
  configKey: string;
  /** Which rows the screen reads (the contract's ReportScope). */
  scope: ReportScopeValue;
  /** What the dimension picker offers, in display order. */
  dimensions: readonly ReportDimensionValue[];
  /** Dimensions every report of the screen groups by (the country report's country). */
  locked: readonly ReportDimensionValue[];
  /** What the metric picker offers, in display order. */
  metrics: readonly ReportMetricValue[];
  defaults: ReportSettings;
}

/** docs/product/reports.md#saved-configs defaults: date; request, fr, imp, ir, click, ctr, cpm, cost; cost by app; imp + cpm. */
export const DEFAULT_SETTINGS: ReportSettings = {
  checkedDimensions: [...DEFAULT_REPORT_DIMENSIONS],
  checkedMetrics: [...DEFAULT_REPORT_METRICS],
  filterList: [],
  chartConfig1: { ...DEFAULT_CHART_1 },
  chartConfig2: { ...DEFAULT_CHART_2 },
};

export const ALL_DIMENSIONS: readonly ReportDimensionValue[] = ReportDimension.values;
export const ALL_METRICS: readonly ReportMetricValue[] = ReportMetric.values;

function inOrder<T>(allowed: readonly T[], picked: readonly T[]): T[] {
  return allowed.filter((value) => picked.includes(value));
}

/**
 * Settings inside the preset's bounds: known and offered dimensions in the picker's order,
 * metrics in the order chosen, the locked dimensions always in, at least one dimension and one metric, filters on offered
 * dimensions only, chart metrics and compare dimension among what the screen offers.
 */
export function sanitizeSettings(settings: ReportSettings, preset: ReportPreset): ReportSettings {
  const fallback = preset.defaults;
  let dimensions = inOrder(preset.dimensions, [...settings.checkedDimensions, ...preset.locked]);
  if (dimensions.length === 0) dimensions = [...fallback.checkedDimensions];
  // Metrics keep the order they were chosen in (the spec's default order is not the enum's).
  let metrics = settings.checkedMetrics.filter(
    (metric, index, list) => preset.metrics.includes(metric) && list.indexOf(metric) === index,
  );
  if (metrics.length === 0) metrics = [...fallback.checkedMetrics];
  const metricOr = (value: ReportMetricValue, other: ReportMetricValue) =>
    preset.metrics.includes(value) ? value : other;
  return {
    checkedDimensions: dimensions,
    checkedMetrics: metrics,
    filterList: settings.filterList.filter((filter) =>
      (preset.dimensions as readonly string[]).includes(filter.dimension),
    ),
    chartConfig1: {
      metric1: metricOr(settings.chartConfig1.metric1, fallback.chartConfig1.metric1),
      compare: preset.dimensions.includes(settings.chartConfig1.compare)
        ? settings.chartConfig1.compare
        : fallback.chartConfig1.compare,
    },
    chartConfig2: {
      metric1: metricOr(settings.chartConfig2.metric1, fallback.chartConfig2.metric1),
      metric2: metricOr(settings.chartConfig2.metric2, fallback.chartConfig2.metric2),
    },
  };
}

/** The preset as these roles may use it: dimensions the server accepts from them only. */
export function presetForRoles(preset: ReportPreset, roles: readonly Role[]): ReportPreset {
  const allowed = reportDimensionsFor(roles);
  return {
    ...preset,
    dimensions: preset.dimensions.filter((dimension) => allowed.includes(dimension)),
    locked: preset.locked.filter((dimension) => allowed.includes(dimension)),
  };
}

/** The report settings part of a saved config (what loading it puts on screen). */
export function settingsOf(config: ReportSettings): ReportSettings {
  return {
    checkedDimensions: [...config.checkedDimensions],
    checkedMetrics: [...config.checkedMetrics],
    filterList: config.filterList.map((filter) => ({ ...filter, values: [...filter.values] })),
    chartConfig1: { ...config.chartConfig1 },
    chartConfig2: { ...config.chartConfig2 },
  };
}
