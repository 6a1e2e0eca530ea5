/**
 * The report's metrics: the stats counters each is computed from and its SQL over their sums
 * (alias g), so ratios are never averaged; an ad-side report's Requests and Fill rate
 * (docs/decisions/advertiser-requests.md).
 */
import type { ReportDimensionValue, ReportMetricValue } from '@adloom/domain';
import { sql, type SQL } from 'drizzle-orm';
import { COUNTER_COLUMNS, type StatsCounterColumn } from '../../stats/keys.js';
import type { StatsScope } from './scope.js';
import type { StatsView } from './sources.js';

export const COUNTERS = COUNTER_COLUMNS;
export type Counter = StatsCounterColumn;

export interface MetricDefinition {
  /** The sums it is computed from. */
  counters: readonly Counter[];
  /** Over the inner query's sums (alias g). */
  expression: SQL;
}

/** Ratios as float 0-1 (null on a zero denominator); money per click / mille rounded half up. */
export const METRICS: Record<ReportMetricValue, MetricDefinition> = {
  request: { counters: ['requests'], expression: sql`g.requests` },
  fill: { counters: ['fills'], expression: sql`g.fills` },
  imp: { counters: ['impressions'], expression: sql`g.impressions` },
  click: { counters: ['clicks'], expression: sql`g.clicks` },
  cost: { counters: ['cost'], expression: sql`g.cost` },
  income: { counters: ['income'], expression: sql`g.income` },
  partnerRevenue: { counters: ['partner_revenue'], expression: sql`g.partner_revenue` },
  take: { counters: ['partner_take'], expression: sql`g.partner_take` },
  publisherShare: {
    counters: ['partner_revenue', 'partner_take'],
    expression: sql`g.partner_revenue - g.partner_take`,
  },
  fr: {
    counters: ['fills', 'requests'],
    expression: sql`g.fills::float8 / nullif(g.requests, 0)`,
  },
  ir: {
    counters: ['impressions', 'fills'],
    expression: sql`g.impressions::float8 / nullif(g.fills, 0)`,
  },
  ctr: {
    counters: ['clicks', 'impressions'],
    expression: sql`g.clicks::float8 / nullif(g.impressions, 0)`,
  },
  // numeric round() rounds halves away from zero: half up for these non-negative sums.
  cpc: {
    counters: ['cost', 'clicks'],
    expression: sql`round(g.cost::numeric / nullif(g.clicks, 0))`,
  },
  cpm: {
    counters: ['cost', 'impressions'],
    expression: sql`round(g.cost::numeric * 1000 / nullif(g.impressions, 0))`,
  },
};

/**
 * An advertiser's requests are the auctions its strategies entered (`auctions`, on its rows;
 * the platform's rows count requests): in an ad-side report Requests and Fill rate read both
 * (docs/decisions/advertiser-requests.md).
 */
const AD_SIDE_METRICS: Partial<Record<ReportMetricValue, MetricDefinition>> = {
  request: { counters: ['requests', 'auctions'], expression: sql`g.requests + g.auctions` },
  fr: {
    counters: ['fills', 'requests', 'auctions'],
    expression: sql`g.fills::float8 / nullif(g.requests + g.auctions, 0)`,
  },
};

/** The dimensions of the ad that won or entered (a partner's DSP is the platform's). */
const AD_DIMENSIONS: ReadonlySet<ReportDimensionValue> = new Set([
  'advertiser',
  'plan',
  'strategy',
  'creative',
]);

/**
 * A report reads the advertisers' side when its scope is some advertisers' rows or it is
 * grouped or filtered by a dimension of the ad; its totals row, without the grouping, may not.
 */
export function isAdSide(view: Pick<StatsView, 'dimensions' | 'filters'>, scope: StatsScope) {
  if (scope.kind === 'advertisers' || scope.kind === 'anyAdvertiser') return true;
  return (
    view.dimensions.some((dimension) => AD_DIMENSIONS.has(dimension)) ||
    view.filters.some((filter) => AD_DIMENSIONS.has(filter.dimension as ReportDimensionValue))
  );
}

export const metricOf = (metric: ReportMetricValue, adSide: boolean): MetricDefinition =>
  (adSide ? AD_SIDE_METRICS[metric] : undefined) ?? METRICS[metric];

/** The sums the metrics need, on either side (a page and its totals row may differ). */
export function countersOf(metrics: readonly ReportMetricValue[]): Counter[] {
  const needed = new Set(
    metrics.flatMap((metric) => [...METRICS[metric].counters, ...metricOf(metric, true).counters]),
  );
  return COUNTERS.filter((counter) => needed.has(counter));
}
