/**
 * The dashboard's cards (docs/product/reports.md#dashboard: content by role) and the screen behind each. The server
 * answers null for a card the acting user's roles do not have, so the cards shown follow
 * the summary; the links follow what the user may open: counts open their list already
 * filtered, money opens the ledger or the report that explains it.
 */
import {
  DASHBOARD_TREND_METRICS,
  canAccess,
  matchRoute,
  type DashboardSummary,
  type DashboardTrendMetric,
  type Role,
} from '@adloom/domain';

export type CardKey = keyof Pick<
  DashboardSummary,
  | 'balance'
  | 'spendToday'
  | 'costThisMonth'
  | 'incomeToday'
  | 'incomeYesterday'
  | 'incomeThisMonth'
  | 'incomeLastMonth'
  | 'livePlans'
  | 'shortBalancePlans'
  | 'creativesUnderAudit'
  | 'creativesFailed'
>;

export interface DashboardCard {
  key: CardKey;
  kind: 'money' | 'count';
  value: number;
  /** The screen behind the card; undefined when the user may not open one. */
  to: string | undefined;
}

export interface DashboardSection {
  key: 'spending' | 'income' | 'delivery';
  cards: DashboardCard[];
}

/** The query parameter that opens the own-ledger drawer over the dashboard. */
export const LEDGER_PARAM = 'ledger';

/** True when the console would let these roles open the path. */
export function mayOpen(path: string, roles: readonly Role[]): boolean {
  const route = matchRoute(path.split('?')[0] ?? path);
  return route !== undefined && canAccess(route.access, roles);
}

function firstOpen(paths: readonly string[], roles: readonly Role[]): string | undefined {
  return paths.find((path) => mayOpen(path, roles));
}

/** Where each card leads, in order of preference. */
function screensOf(key: CardKey, summary: DashboardSummary): readonly string[] {
  switch (key) {
    case 'balance':
      return [`/dashboard?${LEDGER_PARAM}=me`];
    case 'spendToday':
    case 'costThisMonth':
      return ['/report/index'];
    case 'incomeToday':
    case 'incomeYesterday':
    case 'incomeThisMonth':
    case 'incomeLastMonth':
      // The platform's income is read in the supply-side report; a slot owner's by media;
      // a channel's through the accounts it owns.
      if (summary.incomeScope === 'users') return ['/user/manage'];
      return ['/sspReport/index', '/ssp/media'];
    case 'livePlans':
      return ['/ad/plan?view=live'];
    case 'shortBalancePlans':
      return ['/ad/plan?view=stalled'];
    // An auditor's counts are its audit scope: the queue first, else one's own creatives.
    case 'creativesUnderAudit':
      return ['/ad/exam?tab=pending', '/ad/idea?audit_state=pending'];
    case 'creativesFailed':
      return ['/ad/exam?tab=failed', '/ad/idea?audit_state=failed'];
  }
}

const SECTIONS: readonly { key: DashboardSection['key']; cards: readonly CardKey[] }[] = [
  { key: 'spending', cards: ['balance', 'spendToday', 'costThisMonth'] },
  {
    key: 'income',
    cards: ['incomeToday', 'incomeYesterday', 'incomeThisMonth', 'incomeLastMonth'],
  },
  {
    key: 'delivery',
    cards: ['livePlans', 'shortBalancePlans', 'creativesUnderAudit', 'creativesFailed'],
  },
];

const COUNTS: readonly CardKey[] = [
  'livePlans',
  'shortBalancePlans',
  'creativesUnderAudit',
  'creativesFailed',
];

/** The sections with the cards the summary holds for this user, each with its link. */
export function dashboardSections(
  summary: DashboardSummary,
  roles: readonly Role[],
): DashboardSection[] {
  return SECTIONS.map(({ key, cards }) => ({
    key,
    cards: cards.flatMap((card): DashboardCard[] => {
      const value = summary[card];
      if (value === null) return [];
      return [
        {
          key: card,
          kind: COUNTS.includes(card) ? 'count' : 'money',
          value,
          to: firstOpen(screensOf(card, summary), roles),
        },
      ];
    }),
  })).filter((section) => section.cards.length > 0);
}

/**
 * The trend's metric switch: traffic for everyone with a trend; cost and eCPM with the
 * spending cards, income and requests with the income cards.
 */
export function trendMetrics(summary: DashboardSummary): DashboardTrendMetric[] {
  if (summary.trend.length === 0) return [];
  const spends = summary.spendToday !== null;
  const earns = summary.incomeScope !== null;
  return DASHBOARD_TREND_METRICS.filter((metric) => {
    if (metric === 'cost' || metric === 'cpm') return spends;
    if (metric === 'income' || metric === 'requests') return earns;
    return true;
  });
}

/** The report that reads the trend in detail, if the user may open one. */
export function trendReport(roles: readonly Role[]): string | undefined {
  return firstOpen(['/report/index', '/sspReport/index'], roles);
}

export function hasTraffic(trend: DashboardSummary['trend']): boolean {
  return trend.some(
    (point) =>
      point.requests > 0 ||
      point.impressions > 0 ||
      point.clicks > 0 ||
      point.cost > 0 ||
      point.income > 0,
  );
}
