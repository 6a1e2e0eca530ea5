/**
 * The report screens as presets of the one engine (docs/product/design.md#reports-engine): what each may group by and
 * show, and what it starts with. Advertisers' screens leave the supply side (media, slot,
 * DSP) out; the supply-side report offers everything and leads with income and fill rate.
 */
import {
  PARTNER_METRICS,
  SUPPLY_DIMENSIONS,
  type ReportDimensionValue,
  type ReportMetricValue,
} from '@adloom/domain';
import { ALL_DIMENSIONS, ALL_METRICS, DEFAULT_SETTINGS, type ReportPreset } from './settings';

const ADVERTISER_DIMENSIONS: readonly ReportDimensionValue[] = ALL_DIMENSIONS.filter(
  (dimension) => !(SUPPLY_DIMENSIONS as readonly string[]).includes(dimension),
);
/** Income and partner sales belong to the supply side: advertisers read their cost. */
const ADVERTISER_METRICS: readonly ReportMetricValue[] = ALL_METRICS.filter(
  (metric) => metric !== 'income' && !(PARTNER_METRICS as readonly string[]).includes(metric),
);

/** /report/index: the docs/product/reports.md#saved-configs defaults as they stand. */
export const ACCOUNT_REPORT: ReportPreset = {
  configKey: 'account',
  scope: 'account',
  dimensions: ADVERTISER_DIMENSIONS,
  locked: [],
  metrics: ADVERTISER_METRICS,
  defaults: DEFAULT_SETTINGS,
};

/** /report/countryReport, account tab: the account's figures by country. */
export const COUNTRY_ACCOUNT_REPORT: ReportPreset = {
  configKey: 'country-account',
  scope: 'account',
  dimensions: ADVERTISER_DIMENSIONS,
  locked: ['country'],
  metrics: ADVERTISER_METRICS,
  defaults: {
    ...DEFAULT_SETTINGS,
    checkedDimensions: ['country'],
    chartConfig1: { metric1: 'cost', compare: 'country' },
  },
};

/** /report/countryReport, plan tab: each plan by country. */
export const COUNTRY_PLAN_REPORT: ReportPreset = {
  configKey: 'country-plan',
  scope: 'account',
  dimensions: ADVERTISER_DIMENSIONS,
  locked: ['plan', 'country'],
  metrics: ADVERTISER_METRICS,
  defaults: {
    ...DEFAULT_SETTINGS,
    checkedDimensions: ['plan', 'country'],
    chartConfig1: { metric1: 'cost', compare: 'country' },
  },
};

/** Supply side: income and fill rate first, then the traffic funnel. */
export const SSP_METRICS: readonly ReportMetricValue[] = [
  'income',
  'fr',
  'request',
  'fill',
  'imp',
  'ir',
  'click',
  'ctr',
  'cpm',
  'cost',
  'cpc',
  ...PARTNER_METRICS,
];

/** /sspReport/index: every dimension; starts on the daily total. */
export const SSP_REPORT: ReportPreset = {
  configKey: 'ssp',
  scope: 'supply',
  dimensions: ALL_DIMENSIONS,
  locked: [],
  metrics: SSP_METRICS,
  defaults: {
    checkedDimensions: ['date'],
    checkedMetrics: ['income', 'fr', 'request', 'fill', 'imp', 'ir', 'click', 'ctr', 'cpm'],
    filterList: [],
    chartConfig1: { metric1: 'income', compare: 'dsp' },
    chartConfig2: { metric1: 'income', metric2: 'fr' },
  },
};

/** A named set of dimensions a selector applies in one step (the ADX report labels of docs/product/reports.md#report-screens). */
export interface ReportView {
  key: string;
  dimensions: readonly ReportDimensionValue[];
}

/** Hourly and daily by total, by DSP, by media, by slot; by media, DSP, app version, country. */
export const ADX_VIEWS: readonly ReportView[] = [
  { key: 'hourlyTotal', dimensions: ['date', 'hour'] },
  { key: 'hourlyDsp', dimensions: ['date', 'hour', 'dsp'] },
  { key: 'hourlyMedia', dimensions: ['date', 'hour', 'media'] },
  { key: 'hourlySlot', dimensions: ['date', 'hour', 'slot'] },
  { key: 'dailyTotal', dimensions: ['date'] },
  { key: 'dailyDsp', dimensions: ['date', 'dsp'] },
  { key: 'dailyMedia', dimensions: ['date', 'media'] },
  { key: 'dailySlot', dimensions: ['date', 'slot'] },
  { key: 'byMedia', dimensions: ['media'] },
  { key: 'byDsp', dimensions: ['dsp'] },
  { key: 'byApp', dimensions: ['app'] },
  { key: 'byCountry', dimensions: ['country'] },
];

/** The view whose dimensions are exactly these (in any order), if one is. */
export function viewOf(
  views: readonly ReportView[],
  dimensions: readonly ReportDimensionValue[],
): ReportView | undefined {
  return views.find(
    (view) =>
      view.dimensions.length === dimensions.length &&
      view.dimensions.every((dimension) => dimensions.includes(dimension)),
  );
}
