/**
 * The report dimensions, one row each (issue 18 item 1): what the console, the report engine
 * and the stats pipeline need to know about a dimension is written here once. The server's
 * `STATS_KEYS` (apps/server/src/stats/keys.ts) lists the stats tables' key columns in their
 * order and must name every dimension that has a column; the compiler says when one is
 * missing. The recipe for a new dimension: docs/RECIPES.md.
 */
import type { CodedMessage } from '../messages.js';
import { Platform } from '../enums.js';
import type { Label } from '../labels.js';

/**
 * How a dimension's values are written, which says how a filter value is checked, how a row
 * carries it (text or number) and how a cell shows it:
 * - `day`: the UTC day of the time column, "YYYY-MM-DD";
 * - `hour`: the hour of the UTC day of the time column, 0-23;
 * - `id`: an object's id, a whole number (0 = none: no DSP, no advertiser);
 * - `code`: a country code, two letters (any case; stored upper case);
 * - `platform`: a docs/product/constants.md#enumerations Platform value;
 * - `text`: any text (an app version).
 */
export type ReportDimensionKind = 'day' | 'hour' | 'id' | 'code' | 'platform' | 'text';

export interface ReportDimensionDefinition extends Label {
  /** The wire value: the same as the record's key. */
  value: string;
  kind: ReportDimensionKind;
  /** Its column in the stats tables; null for the time dimensions (read from hour or day). */
  column: string | null;
  /** Rows carry a display name under `<dimension>_name` (names.ts looks it up). */
  named: boolean;
  /** The supply side's: only the system role groups or filters by it. */
  supplyOnly: boolean;
}

/** What a report can group by (docs/product/reports.md#report-row, docs/product/design.md#reports-engine), in the pickers' order. */
export const REPORT_DIMENSIONS = {
  date: {
    value: 'date',
    en: 'Date',
    zh: '日期',
    kind: 'day',
    column: null,
    named: false,
    supplyOnly: false,
  },
  hour: {
    value: 'hour',
    en: 'Hour',
    zh: '小时',
    kind: 'hour',
    column: null,
    named: false,
    supplyOnly: false,
  },
  advertiser: {
    value: 'advertiser',
    en: 'Advertiser',
    zh: '广告主',
    kind: 'id',
    column: 'advertiser_id',
    named: true,
    supplyOnly: false,
  },
  plan: {
    value: 'plan',
    en: 'Plan',
    zh: '计划',
    kind: 'id',
    column: 'plan_id',
    named: true,
    supplyOnly: false,
  },
  strategy: {
    value: 'strategy',
    en: 'Strategy',
    zh: '策略',
    kind: 'id',
    column: 'strategy_id',
    named: true,
    supplyOnly: false,
  },
  creative: {
    value: 'creative',
    en: 'Creative',
    zh: '创意',
    kind: 'id',
    column: 'creative_id',
    named: true,
    supplyOnly: false,
  },
  media: {
    value: 'media',
    en: 'Media',
    zh: '媒体',
    kind: 'id',
    column: 'media_id',
    named: true,
    supplyOnly: true,
  },
  slot: {
    value: 'slot',
    en: 'Slot',
    zh: '广告位',
    kind: 'id',
    column: 'slot_id',
    named: true,
    supplyOnly: true,
  },
  dsp: {
    value: 'dsp',
    en: 'DSP',
    zh: 'DSP',
    kind: 'id',
    column: 'dsp_id',
    named: true,
    supplyOnly: true,
  },
  country: {
    value: 'country',
    en: 'Country',
    zh: '国家',
    kind: 'code',
    column: 'country',
    named: true,
    supplyOnly: false,
  },
  os: {
    value: 'os',
    en: 'OS',
    zh: '操作系统',
    kind: 'platform',
    column: 'os',
    named: false,
    supplyOnly: false,
  },
  app: {
    value: 'app',
    en: 'App version',
    zh: '应用版本',
    kind: 'text',
    column: 'app_version',
    named: false,
    supplyOnly: false,
  },
} as const satisfies Record<string, ReportDimensionDefinition>;

type Dimensions = typeof REPORT_DIMENSIONS;
type DimensionKey = keyof Dimensions;

// Each row's value is its key (the enum's wire value): a type error names a row that differs.
const valuesAreKeys: { [K in DimensionKey]: { value: K } } = REPORT_DIMENSIONS;
void valuesAreKeys;

/** The dimensions whose rows carry `<dimension>_name`. */
export type NamedDimension = {
  [K in DimensionKey]: Dimensions[K]['named'] extends true ? K : never;
}[DimensionKey];

/** The dimensions with a column of their own in the stats tables (all but date and hour). */
export type ColumnDimension = {
  [K in DimensionKey]: Dimensions[K]['column'] extends string ? K : never;
}[DimensionKey];

/** The kinds whose values travel as text in report rows and filters (the others as numbers). */
type TextKind = 'day' | 'code' | 'text';
const TEXT_KINDS: { [K in ReportDimensionKind]: K extends TextKind ? true : false } = {
  day: true,
  hour: false,
  id: false,
  code: true,
  platform: false,
  text: true,
};

/** The dimensions whose values are text in rows and filters; the others are numbers. */
export type TextDimension = {
  [K in DimensionKey]: Dimensions[K]['kind'] extends TextKind ? K : never;
}[DimensionKey];

const definitionOf = (dimension: string): ReportDimensionDefinition | undefined =>
  (REPORT_DIMENSIONS as Record<string, ReportDimensionDefinition>)[dimension];

/** A dimension's kind; `text` for a key that is none (never reached after validation). */
export function reportDimensionKind(dimension: string): ReportDimensionKind {
  return definitionOf(dimension)?.kind ?? 'text';
}

/** True when a row carries the dimension's value as text (date, country, app version). */
export function isTextDimension(dimension: string): boolean {
  return TEXT_KINDS[reportDimensionKind(dimension)];
}

/** Its column in the stats tables. */
export function reportDimensionColumn(dimension: ColumnDimension): string {
  return REPORT_DIMENSIONS[dimension].column;
}

const MAX_ID = 2_147_483_647;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for an existing calendar day written YYYY-MM-DD. */
export function isReportDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Why a filter value does not fit a dimension of each kind (undefined when it does). */
const FILTER_CHECKS: Record<ReportDimensionKind, (value: string) => CodedMessage | undefined> = {
  day: (value) => (isReportDay(value) ? undefined : { code: 'report.day' }),
  hour: (value) =>
    /^\d{1,2}$/.test(value) && Number(value) <= 23 ? undefined : { code: 'report.hour' },
  id: (value) =>
    /^\d{1,10}$/.test(value) && Number(value) <= MAX_ID ? undefined : { code: 'report.id' },
  code: (value) => (/^[A-Za-z]{2}$/.test(value) ? undefined : { code: 'report.country' }),
  platform: (value) =>
    /^\d$/.test(value) && Platform.has(Number(value))
      ? undefined
      : { code: 'report.os', params: { values: Platform.values.join(', ') } },
  text: () => undefined,
};

/**
 * Why a filter value does not fit its dimension (undefined when it does): ids are whole
 * numbers (0 stands for "none", e.g. no DSP), date YYYY-MM-DD, hour 0-23, country a code
 * of 2 letters (any case), os one of docs/product/constants.md#enumerations Platform, app any text.
 */
export function reportFilterValueIssue(dimension: string, value: string): CodedMessage | undefined {
  // An unknown dimension is refused on its own field; its values are read as ids.
  return FILTER_CHECKS[definitionOf(dimension)?.kind ?? 'id'](value);
}
