/**
 * The report engine (issue 8, DESIGN §6): one query over the hourly stats rollup. The
 * account, country and supply-side reports and the ADX views are presets of it. Ratios are
 * computed from sums, never averaged; money in micros.
 */
import { z } from 'zod';
import { defineEnum, type EnumValue } from '../enum.js';
import { PAGE_SIZES } from '../constants.js';
import { defineEndpoint } from './endpoint.js';

/** What a report can group by (spec §3 Report row, DESIGN §6). */
export const ReportDimension = defineEnum({
  date: { value: 'date', en: 'Date', zh: '日期' },
  hour: { value: 'hour', en: 'Hour', zh: '小时' },
  advertiser: { value: 'advertiser', en: 'Advertiser', zh: '广告主' },
  plan: { value: 'plan', en: 'Plan', zh: '计划' },
  strategy: { value: 'strategy', en: 'Strategy', zh: '策略' },
  creative: { value: 'creative', en: 'Creative', zh: '创意' },
  media: { value: 'media', en: 'Media', zh: '媒体' },
  slot: { value: 'slot', en: 'Slot', zh: '广告位' },
  dsp: { value: 'dsp', en: 'DSP', zh: 'DSP' },
  country: { value: 'country', en: 'Country', zh: '国家' },
  os: { value: 'os', en: 'OS', zh: '操作系统' },
  app: { value: 'app', en: 'App version', zh: '应用版本' },
});
export type ReportDimensionValue = EnumValue<typeof ReportDimension>;

/**
 * What a report can show (spec §3 Report row); keys as the saved config's checkedMetrics
 * (spec §3: request, fr, imp, ir, click, ctr, cpm, cost …).
 */
export const ReportMetric = defineEnum({
  request: { value: 'request', en: 'Requests', zh: '请求数' },
  fill: { value: 'fill', en: 'Fills', zh: '填充数' },
  fr: { value: 'fr', en: 'Fill rate', zh: '填充率' },
  imp: { value: 'imp', en: 'Impressions', zh: '展示数' },
  ir: { value: 'ir', en: 'Impression rate', zh: '展示率' },
  click: { value: 'click', en: 'Clicks', zh: '点击数' },
  ctr: { value: 'ctr', en: 'CTR', zh: '点击率' },
  cost: { value: 'cost', en: 'Cost', zh: '花费' },
  income: { value: 'income', en: 'Income', zh: '收入' },
  cpc: { value: 'cpc', en: 'Average cost per click', zh: '平均点击单价' },
  cpm: { value: 'cpm', en: 'eCPM', zh: 'eCPM' },
});
export type ReportMetricValue = EnumValue<typeof ReportMetric>;

/**
 * How each metric is computed from the summed counters: fr = fills / requests,
 * ir = impressions / fills, ctr = clicks / impressions (ratios 0-1), cpc = cost / clicks,
 * cpm = cost × 1000 / impressions (micros). A ratio over a zero sum is null.
 */
export const RATIO_METRICS = ['fr', 'ir', 'ctr'] as const satisfies readonly ReportMetricValue[];
export const MONEY_METRICS = [
  'cost',
  'income',
  'cpc',
  'cpm',
] as const satisfies readonly ReportMetricValue[];

/** spec §3 saved report config defaults. */
export const DEFAULT_REPORT_DIMENSIONS: readonly ReportDimensionValue[] = ['date'];
export const DEFAULT_REPORT_METRICS: readonly ReportMetricValue[] = [
  'request',
  'fr',
  'imp',
  'ir',
  'click',
  'ctr',
  'cpm',
  'cost',
];
export const DEFAULT_CHART_1 = { metric1: 'cost', compare: 'app' } as const;
export const DEFAULT_CHART_2 = { metric1: 'imp', metric2: 'cpm' } as const;

const ZDimension = z
  .string()
  .refine((value) => ReportDimension.has(value), { message: 'Unknown dimension' });
const ZMetric = z
  .string()
  .refine((value) => ReportMetric.has(value), { message: 'Unknown metric' });
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected YYYY-MM-DD' });

export const ZReportFilter = z.object({
  dimension: ZDimension,
  mode: z.enum(['include', 'exclude']).default('include'),
  /** Ids for advertiser … dsp, codes for country / os / app, YYYY-MM-DD for date, 0-23 for hour. */
  values: z.array(z.string().trim().min(1).max(100)).min(1).max(1000),
});
export type ReportFilter = z.infer<typeof ZReportFilter>;

export const ZReportQuery = z
  .object({
    dimensions: z.array(ZDimension).max(ReportDimension.values.length).default(['date']),
    metrics: z.array(ZMetric).min(1).max(ReportMetric.values.length),
    filters: z.array(ZReportFilter).max(20).default([]),
    /** Inclusive UTC days. */
    from: ZDay,
    to: ZDay,
    /** A dimension or metric key; dimensions in order when absent. */
    sort: z.string().max(20).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce
      .number()
      .int()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
        message: `must be one of ${PAGE_SIZES.join(', ')}`,
      })
      .default(20),
  })
  .refine((query) => query.from <= query.to, { message: 'Must not be after to', path: ['from'] });
export type ReportQuery = z.input<typeof ZReportQuery>;

/** One row: each chosen dimension's key (and `<dimension>_name` for named ones) and metric. */
export const ZReportRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ReportRow = z.infer<typeof ZReportRow>;

export const ZReportResult = z.object({
  list: z.array(ZReportRow),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The chosen metrics over every row of the filter (ratios from the sums). */
  totals: ZReportRow,
});
export type ReportResult = z.infer<typeof ZReportResult>;

export const queryReport = defineEndpoint({
  method: 'POST',
  path: '/svc/report/query',
  summary: 'Group the hourly stats by dimensions, with metrics, filters, sort, paging and totals',
  tag: 'reports',
  access: ['adController', 'system'],
  body: ZReportQuery,
  response: ZReportResult,
});

export const REPORT_ENDPOINTS = { queryReport } as const;
