/**
 * The dashboard (docs/product/reports.md#dashboard), content by role. Every number comes from the report engine (the
 * same sums and ratios as /svc/report/query); docs/decisions/reports.md says who sees what.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** One UTC day of the trend: every metric the chart can switch to. Money in micros. */
const ZTrendPoint = z.object({
  date: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  cost: z.number().int(),
  income: z.number().int(),
  requests: z.number().int(),
  fills: z.number().int(),
  /** clicks / impressions (0-1); null without impressions. */
  ctr: z.number().nullable(),
  /** cost × 1000 / impressions, micros; null without impressions. */
  cpm: z.number().int().nullable(),
});
export type DashboardTrendPoint = z.infer<typeof ZTrendPoint>;

/** The trend chart's metric switch, in its order. */
export const DASHBOARD_TREND_METRICS = [
  'impressions',
  'clicks',
  'cost',
  'income',
  'requests',
  'ctr',
  'cpm',
] as const satisfies readonly (keyof DashboardTrendPoint)[];
export type DashboardTrendMetric = (typeof DASHBOARD_TREND_METRICS)[number];

/**
 * Whose income the income cards count: the whole platform (system, ssp), the media the user
 * owns (slot role), or the traffic of the users it owns (channel, agent).
 */
export const DASHBOARD_INCOME_SCOPES = ['platform', 'media', 'users'] as const;
export type DashboardIncomeScope = (typeof DASHBOARD_INCOME_SCOPES)[number];

/** An agent's advertiser: what it has left and what it spent (money in micros, UTC days). */
const ZDashboardClient = z.object({
  id: z.number().int(),
  name: z.string(),
  balance: z.number().int(),
  spendToday: z.number().int(),
  spendThisMonth: z.number().int(),
});
export type DashboardClient = z.infer<typeof ZDashboardClient>;

/** The supply side today (operators: slot, ssp, system), and income this month by media. */
const ZDashboardSupply = z.object({
  requestsToday: z.number().int(),
  fillsToday: z.number().int(),
  /** fills / requests (0-1); null without requests. */
  fillRateToday: z.number().nullable(),
  /** The media with the most income this month first (at most 10). */
  incomeByMedia: z.array(
    z.object({ id: z.number().int(), name: z.string(), income: z.number().int() }),
  ),
});
export type DashboardSupply = z.infer<typeof ZDashboardSupply>;

/** Finance (balanceCharge): top-ups this month and the advertisers running low. */
const ZDashboardFinance = z.object({
  topUpsThisMonth: z.number().int(),
  topUpCountThisMonth: z.number().int(),
  /** The latest top-ups, newest first (at most 5). */
  recentTopUps: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      amount: z.number().int(),
      at: z.string(),
    }),
  ),
  /**
   * Advertisers with a live or stalled plan whose balance is below one day of their plans'
   * budgets, lowest first (at most 10).
   */
  lowBalances: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      balance: z.number().int(),
      dailyBudget: z.number().int(),
    }),
  ),
});
export type DashboardFinance = z.infer<typeof ZDashboardFinance>;

/**
 * The dashboard cards (docs/product/reports.md#dashboard). Money in micros; days and months are UTC. A card is null
 * when the acting user's roles do not have it, so the console hides it:
 * - balance, spendToday, costThisMonth: advertisers (adController);
 * - income*: channel and agent users (their users' traffic) and the supply side (system
 *   and ssp: the platform's; slot: their media's), see `incomeScope`;
 * - livePlans, shortBalancePlans: whoever reaches plans (adController, agents, system);
 *   short balance = a live or lack-of-funds plan whose owner's balance is below one day of
 *   its budget;
 * - creativesUnderAudit, creativesFailed: the same, and auditors (their audit scope).
 */
export const ZDashboardSummary = z.object({
  balance: z.number().int().nullable(),
  spendToday: z.number().int().nullable(),
  costThisMonth: z.number().int().nullable(),
  incomeToday: z.number().int().nullable(),
  incomeYesterday: z.number().int().nullable(),
  incomeThisMonth: z.number().int().nullable(),
  incomeLastMonth: z.number().int().nullable(),
  /** What the income cards count; null when there are none. */
  incomeScope: z.enum(DASHBOARD_INCOME_SCOPES).nullable(),
  livePlans: z.number().int().nullable(),
  shortBalancePlans: z.number().int().nullable(),
  creativesUnderAudit: z.number().int().nullable(),
  creativesFailed: z.number().int().nullable(),
  /** The last 30 UTC days, oldest first, today last; empty for a user without stats. */
  trend: z.array(ZTrendPoint),
  /** Agents (userAgent): the advertisers they own, lowest balance first; null otherwise. */
  clients: z.array(ZDashboardClient).nullable(),
  /** Operators (slot, ssp, system): requests and fill rate today, income by media. */
  supply: ZDashboardSupply.nullable(),
  /** Finance (balanceCharge): top-ups and balances running low. */
  finance: ZDashboardFinance.nullable(),
});
export type DashboardSummary = z.infer<typeof ZDashboardSummary>;

export const dashboardSummary = defineEndpoint({
  method: 'GET',
  path: '/svc/dashboard/summary',
  summary: 'Dashboard cards and the 30-day trend of the acting user',
  tag: 'dashboard',
  access: 'login',
  response: ZDashboardSummary,
});
