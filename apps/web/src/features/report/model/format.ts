/**
 * Report cells and chart values in the docs/product/constants.md#formats: counts grouped in threes, money
 * (micros) and rates with 2 decimals, rates as percentages, unit suffixes on chart axes,
 * dates with their weekday name (Chinese in Chinese). Dimensions show names, not ids.
 */
import {
  MONEY_METRICS,
  Platform,
  RATIO_METRICS,
  formatCompact,
  formatCount,
  formatDateTime,
  formatCurrency,
  formatNumber,
  formatPercent,
  fromMicros,
  MICROS_PER_UNIT,
  dimensionNameKey,
  isNamedDimension,
  reportDimensionKind,
  type InterfaceLanguage,
  type ReportDimensionValue,
  type ReportMetricValue,
  type ReportRow,
} from '@adloom/domain';

export type MetricKind = 'count' | 'ratio' | 'money';

export function metricKind(metric: ReportMetricValue): MetricKind {
  if ((RATIO_METRICS as readonly string[]).includes(metric)) return 'ratio';
  if ((MONEY_METRICS as readonly string[]).includes(metric)) return 'money';
  return 'count';
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * A metric's cell text: "1,234", "3.45%", "$12.50" (money from micros, with the platform's
 * currency as the rest of the console writes it); "-" when empty.
 */
export function formatMetric(
  metric: ReportMetricValue,
  value: unknown,
  lang: InterfaceLanguage = 'en',
): string {
  const number = numberOf(value);
  switch (metricKind(metric)) {
    case 'ratio':
      return formatPercent(number);
    case 'money':
      return formatCurrency(number, { lang });
    case 'count':
      return formatCount(number);
  }
}

/** The number a chart plots: money in currency units, rates in percent, counts as they are. */
export function chartValue(metric: ReportMetricValue, value: unknown): number | null {
  const number = numberOf(value);
  if (number === null) return null;
  switch (metricKind(metric)) {
    case 'ratio':
      return number * 100;
    case 'money':
      return fromMicros(number);
    case 'count':
      return number;
  }
}

/** A chart axis label of a plotted value: unit suffixes from a thousand up ("2.50M", "$2.50M"). */
export function formatAxisValue(
  metric: ReportMetricValue,
  plotted: number,
  lang: InterfaceLanguage = 'en',
): string {
  const kind = metricKind(metric);
  if (kind === 'ratio') return `${formatNumber(plotted, 0)}%`;
  if (kind === 'money')
    return formatCurrency(Math.round(plotted * MICROS_PER_UNIT), { lang, compact: true });
  return formatCompact(plotted, { decimals: 0 });
}

/** A plotted value back in its cell format, for tooltips. */
export function formatPlotted(
  metric: ReportMetricValue,
  plotted: number | null,
  lang: InterfaceLanguage = 'en',
): string {
  if (plotted === null) return '-';
  switch (metricKind(metric)) {
    case 'ratio':
      return `${formatNumber(plotted)}%`;
    case 'money':
      return formatCurrency(Math.round(plotted * MICROS_PER_UNIT), { lang });
    case 'count':
      return formatCount(plotted);
  }
}

/** What naming a dimension value needs beyond the row. */
export interface DimensionContext {
  lang: InterfaceLanguage;
  /** A country's name by its code, when the console knows it. */
  countryName(code: string): string | undefined;
  /** "Unknown" (an empty country or app version), in the interface language. */
  unknown: string;
  /** The name of id 0 of a dimension: "Direct" for DSP, "None" elsewhere. */
  none(dimension: ReportDimensionValue): string;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** A UTC day "2026-11-22" as "2026-11-22 Sunday" / "2026-11-22 星期日". */
export function formatReportDate(day: string, lang: InterfaceLanguage): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day;
  const text = formatDateTime(iso, { pattern: '{y}-{m}-{d} {a}', lang });
  return text === '-' ? day : text;
}

/** An hour (0-23, or a timestamp) as "08:00". */
export function formatReportHour(value: unknown): string {
  const text = textOf(value);
  if (/^\d{1,2}$/.test(text)) return `${text.padStart(2, '0')}:00`;
  const formatted = formatDateTime(text, { pattern: '{h}:00' });
  return formatted === '-' ? text : formatted;
}

/**
 * The text a dimension cell shows, by the dimension's kind: the server's `<dimension>_name`
 * for named dimensions (falling back to the console's country list, then the code or
 * "#id"), the date with its weekday, the hour as "08:00", the OS by its label.
 */
export function dimensionText(
  dimension: ReportDimensionValue,
  row: ReportRow,
  context: DimensionContext,
): string {
  const raw = textOf(row[dimension]);
  const named = isNamedDimension(dimension) ? row[dimensionNameKey(dimension)] : undefined;
  const name = typeof named === 'string' && named !== '' ? named : undefined;
  switch (reportDimensionKind(dimension)) {
    case 'day':
      return formatReportDate(raw, context.lang);
    case 'hour':
      return formatReportHour(row[dimension]);
    case 'code':
      if (raw === '') return context.unknown;
      return name ?? context.countryName(raw) ?? raw.toUpperCase();
    case 'platform':
      return raw === '' ? context.unknown : Platform.label(Number(raw), context.lang);
    case 'text':
      return raw === '' ? context.unknown : raw;
    case 'id':
      if (raw === '' || raw === '0') return context.none(dimension);
      return name ?? `#${raw}`;
  }
}

/** A stable key of a row over the chosen dimensions (table row keys, chart categories). */
export function rowKey(dimensions: readonly ReportDimensionValue[], row: ReportRow): string {
  return dimensions.map((dimension) => textOf(row[dimension])).join('\u0001');
}
