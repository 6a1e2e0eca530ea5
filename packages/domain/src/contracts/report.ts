/**
 * The report engine (issue 8, docs/product/design.md#reports-engine): one query over the hourly stats rollup. The
 * account, country and supply-side reports and the ADX views are presets of it. Ratios are
 * computed from sums, never averaged; money in micros. docs/decisions/reports.md.
 */
import { msg, type MessageCode, type MessageParams } from '../messages.js';
import { z } from 'zod';
import { strictNumber } from './input.js';
import type { Role } from '../abilities.js';
import { defineEnum, type EnumValue } from '../enum.js';
import type { Label } from '../labels.js';
import { INTERFACE_LANGUAGES } from '../labels.js';
import { PAGE_SIZES } from '../constants.js';
import { defineEndpoint } from './endpoint.js';
import {
  REPORT_DIMENSIONS,
  isReportDay,
  reportFilterValueIssue,
  type NamedDimension,
} from './report-dimensions.js';

export * from './report-dimensions.js';

/** What a report can group by (docs/product/reports.md#report-row, docs/product/design.md#reports-engine): the table's rows. */
export const ReportDimension = defineEnum(REPORT_DIMENSIONS);
export type ReportDimensionValue = EnumValue<typeof ReportDimension>;

/**
 * What a report can show (docs/product/reports.md#report-row); keys as the saved config's checkedMetrics
 * (docs/product/reports.md#saved-configs: request, fr, imp, ir, click, ctr, cpm, cost …).
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
  partnerRevenue: { value: 'partnerRevenue', en: 'Partner revenue', zh: '合作方收入' },
  take: { value: 'take', en: 'Our take', zh: '平台分成' },
  publisherShare: { value: 'publisherShare', en: 'Publisher share', zh: '媒体分成' },
});
export type ReportMetricValue = EnumValue<typeof ReportMetric>;

/**
 * What a metric counts where its label alone may mislead: the report table's header hint.
 * An advertiser's requests are the auctions its strategies entered
 * (docs/decisions/advertiser-requests.md).
 */
export const REPORT_METRIC_HINTS: Partial<Record<ReportMetricValue, { en: string; zh: string }>> = {
  request: {
    en: 'For advertisers: the auctions their strategies entered. For the platform: the ad requests its slots received.',
    zh: '广告主：其策略参与的竞价次数；平台：广告位收到的广告请求数。',
  },
  fr: {
    en: 'Fills ÷ requests. For advertisers: the share of the auctions they entered that they won.',
    zh: '填充数 ÷ 请求数。广告主：赢得的竞价占所参与竞价的比例。',
  },
};

/**
 * How each metric is computed from the summed counters: fr = fills / requests,
 * ir = impressions / fills, ctr = clicks / impressions (ratios 0-1), cpc = cost / clicks,
 * cpm = cost × 1000 / impressions (micros, whole, rounded half up). A ratio over a zero
 * sum is null.
 */
export const RATIO_METRICS = ['fr', 'ir', 'ctr'] as const satisfies readonly ReportMetricValue[];
export const MONEY_METRICS = [
  'cost',
  'income',
  'cpc',
  'cpm',
  'partnerRevenue',
  'take',
  'publisherShare',
] as const satisfies readonly ReportMetricValue[];

/**
 * Impressions partners won (docs/decisions/partner-pricing.md): what they pay, our take (the
 * revenue share the operator set) and the publisher's share (revenue − take). Supply side
 * only: an advertiser's rows hold no partner sales.
 */
export const PARTNER_METRICS = [
  'partnerRevenue',
  'take',
  'publisherShare',
] as const satisfies readonly ReportMetricValue[];

/**
 * Which rows a report reads. `account` (the account and country reports): the traffic of
 * the advertisers in the acting user's reach (itself and the users it owns; every
 * advertiser for the system and global ad managers). `supply` (the supply-side report and
 * the ADX views, role system): every row, unfilled requests and DSP-bought traffic included.
 */
export const ReportScope = defineEnum({
  account: { value: 'account', en: 'Account', zh: '账户' },
  supply: { value: 'supply', en: 'Supply side', zh: '供给侧' },
});
export type ReportScopeValue = EnumValue<typeof ReportScope>;

/** Supply-side dimensions: only the system role groups or filters by them. */
export const SUPPLY_DIMENSIONS: readonly ReportDimensionValue[] = ReportDimension.values.filter(
  (dimension) => REPORT_DIMENSIONS[dimension].supplyOnly,
);

/** The dimensions a user with these roles may choose (the server refuses the others). */
export function reportDimensionsFor(roles: readonly Role[]): ReportDimensionValue[] {
  if (roles.includes('system')) return [...ReportDimension.values];
  return ReportDimension.values.filter((dimension) => !SUPPLY_DIMENSIONS.includes(dimension));
}

/**
 * Dimensions whose rows also carry a display name under `<dimension>_name`: users'
 * nickname (else username), plan / strategy / creative / media / slot / DSP names, the
 * country's name from the settings. Null when the object is gone or the id is 0 (a row
 * without a DSP, say). Sorting by such a dimension sorts by its id (or code).
 */
export const NAMED_DIMENSIONS: readonly NamedDimension[] = ReportDimension.values.filter(
  (dimension): dimension is NamedDimension => REPORT_DIMENSIONS[dimension].named,
);

export function isNamedDimension(dimension: string): dimension is NamedDimension {
  return (NAMED_DIMENSIONS as readonly string[]).includes(dimension);
}

/** The row key of a named dimension's display name: `plan_name`. */
export function dimensionNameKey(dimension: NamedDimension): `${NamedDimension}_name` {
  return `${dimension}_name`;
}

/** docs/product/reports.md#saved-configs defaults. */
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

/** The longest date range one report covers (inclusive days). */
export const REPORT_MAX_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Inclusive days from `from` to `to` (both valid days). */
export function reportRangeDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

const ZDimension = z
  .string()
  .refine((value) => ReportDimension.has(value), msg('report.dimension'));
const ZMetric = z.string().refine((value) => ReportMetric.has(value), msg('report.metric'));
const ZDay = z.string().regex(DAY_PATTERN, msg('report.day'));

export const ZReportFilter = z.object({
  dimension: ZDimension,
  mode: z.enum(['include', 'exclude']).default('include'),
  /** Ids for advertiser … dsp, codes for country / os / app, YYYY-MM-DD for date, 0-23 for hour. */
  values: z.array(z.string().trim().min(1).max(100)).min(1).max(1000),
});
export type ReportFilter = z.infer<typeof ZReportFilter>;

/** What a report is: the table query without its page. */
const reportViewFields = {
  dimensions: z.array(ZDimension).max(ReportDimension.values.length).default(['date']),
  metrics: z.array(ZMetric).min(1).max(ReportMetric.values.length),
  filters: z.array(ZReportFilter).max(20).default([]),
  /** Inclusive UTC days, at most REPORT_MAX_DAYS. */
  from: ZDay,
  to: ZDay,
  /** A chosen dimension or metric key; dimensions in order when absent. */
  sort: z.string().max(20).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Which rows (ReportScope); `supply` needs the system role. */
  scope: z
    .enum(['account', 'supply'] as const satisfies readonly ReportScopeValue[])
    .default('account'),
};

interface ReportView {
  dimensions: string[];
  metrics: string[];
  filters: { dimension: string; values: string[] }[];
  from: string;
  to: string;
  sort?: string | undefined;
}

/** The checks across fields: real days, the range, no repeats, the sort, filter values. */
function checkReportView(view: ReportView, context: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: MessageCode, params?: MessageParams) =>
    context.addIssue({ code: 'custom', path, message, ...(params ? { params } : {}) });
  const fromOk = isReportDay(view.from);
  const toOk = isReportDay(view.to);
  if (DAY_PATTERN.test(view.from) && !fromOk) issue(['from'], 'report.notADate');
  if (DAY_PATTERN.test(view.to) && !toOk) issue(['to'], 'report.notADate');
  if (fromOk && toOk) {
    if (view.from > view.to) issue(['from'], 'report.fromAfterTo');
    else if (reportRangeDays(view.from, view.to) > REPORT_MAX_DAYS) {
      issue(['to'], 'report.rangeTooLong', { days: REPORT_MAX_DAYS });
    }
  }
  const repeats = (list: string[], field: string) =>
    list.forEach((key, index) => {
      if (list.indexOf(key) !== index) issue([field, index], 'report.chosenTwice');
    });
  repeats(view.dimensions, 'dimensions');
  repeats(view.metrics, 'metrics');
  if (view.sort !== undefined && ![...view.dimensions, ...view.metrics].includes(view.sort)) {
    issue(['sort'], 'report.unknownSort');
  }
  view.filters.forEach((filter, index) =>
    filter.values.forEach((value, valueIndex) => {
      const problem = reportFilterValueIssue(filter.dimension, value);
      if (problem) issue(['filters', index, 'values', valueIndex], problem.code, problem.params);
    }),
  );
}

export const ZReportQuery = z
  .object({
    ...reportViewFields,
    page: strictNumber(z.number().int().min(1).max(1_000_000)).default(1),
    size: strictNumber(
      z
        .number()
        .int()
        .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
          ...msg('input.pageSize'),
          params: { sizes: PAGE_SIZES.join(', ') },
        }),
    ).default(20),
  })
  .superRefine(checkReportView);
export type ReportQuery = z.input<typeof ZReportQuery>;
export type ParsedReportQuery = z.output<typeof ZReportQuery>;

/**
 * One row: each chosen dimension's key (date "YYYY-MM-DD", hour 0-23, ids as numbers, country
 * and app as text, os as its Platform value), `<dimension>_name` for named dimensions, and
 * each chosen metric (counts, ratios 0-1, money in micros; null on a zero denominator).
 */
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

// ---------------------------------------------------------------- export (a file, not JSON)

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export const REPORT_EXPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Most data rows one export holds (an .xlsx sheet holds 1,048,576 rows in all). */
export const REPORT_EXPORT_MAX_ROWS = 1_000_000;

/** The export's own header words; dimension and metric labels come from their enums. */
export const REPORT_EXPORT_LABELS = {
  id: { en: 'ID', zh: 'ID' },
  /** The country column beside its name holds the code. */
  code: { en: 'code', zh: '代码' },
  total: { en: 'Total', zh: '合计' },
  sheet: { en: 'Report', zh: '报表' },
  /** Ratios are written as percentages: "CTR (%)". */
  percent: { en: '(%)', zh: '(%)' },
  tooManyRows: {
    en: `An export holds at most ${REPORT_EXPORT_MAX_ROWS.toLocaleString('en')} rows: narrow the report`,
    zh: `导出最多 ${REPORT_EXPORT_MAX_ROWS.toLocaleString('en')} 行，请缩小报表范围`,
  },
} as const satisfies Record<string, Label>;

/** `report_2026-11-01_2026-11-22.csv` */
export function reportExportFileName(
  range: { from: string; to: string },
  format: ReportExportFormat,
): string {
  return `report_${range.from}_${range.to}.${format}`;
}

export const ZReportExport = z
  .object({
    ...reportViewFields,
    format: z.enum(REPORT_EXPORT_FORMATS),
    /** Header language; else the `language` cookie, else Accept-Language, else English. */
    lang: z.enum(INTERFACE_LANGUAGES).optional(),
  })
  .superRefine(checkReportView);
export type ReportExportRequest = z.input<typeof ZReportExport>;

/**
 * The same report as a file: every row (no paging), the totals row last, headers in the
 * caller's language, money in currency units, ratios as percentages. The answer is the file
 * itself (Content-Disposition: attachment), streamed; errors still answer the JSON envelope.
 * Not in ENDPOINTS (whose answers are all envelopes): call it with fetch and read a blob.
 */
export const exportReport = defineEndpoint({
  method: 'POST',
  path: '/svc/report/export',
  summary: 'The report as a CSV or Excel (.xlsx) file: all rows, totals last, streamed',
  tag: 'reports',
  access: ['adController', 'system'],
  body: ZReportExport,
  response: z.unknown().describe('The file (text/csv or .xlsx), not the JSON envelope'),
});

export const REPORT_FILE_ENDPOINTS = { exportReport } as const;
