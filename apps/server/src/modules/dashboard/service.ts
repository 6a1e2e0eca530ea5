/**
 * The dashboard of the acting user (docs/product/reports.md#dashboard), content by role (docs/decisions/reports.md):
 * - advertisers (adController): balance (own ledger), spend today and cost this month over
 *   the account report's scope (own and owned users' traffic; all for the system);
 * - income today / yesterday / this month / last month: system and ssp the platform's,
 *   a slot-role user its media's, a channel or agent (userAgent) its users' traffic;
 * - plan counts for whoever reaches plans (adController, userAgent, system), creative counts
 *   for them and for auditors (their audit scope);
 * - the 30-day trend over the widest of those scopes;
 * - the role figures of roles.ts: an agent's advertisers, an operator's supply today and
 *   income by media, finance's top-ups and low balances.
 * Every stats number comes from the report engine by UTC day: one source of truth.
 */
import {
  type DashboardIncomeScope,
  type DashboardSummary,
  type DashboardTrendPoint,
  type ReportRow,
  type Role,
} from '@adloom/domain';
import { ownerScope, reachCondition } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { accountScope, mediaScope, ownedUsersScope, type StatsScope } from '../report/scope.js';
import { runReport } from '../report/service.js';
import { creatives, plans } from '../../db/schema.js';
import type { Account } from '../user/repo.js';
import * as repo from './repo.js';
import { agentClients, financeFigures, supplyFigures } from './roles.js';

const DAY_MS = 86_400_000;
export const TREND_DAYS = 30;

export interface Windows {
  yesterday: Date;
  today: Date;
  tomorrow: Date;
  thisMonth: Date;
  lastMonth: Date;
}

export function utcWindows(now: Date): Windows {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const today = Date.UTC(year, month, now.getUTCDate());
  return {
    yesterday: new Date(today - DAY_MS),
    today: new Date(today),
    tomorrow: new Date(today + DAY_MS),
    thisMonth: new Date(Date.UTC(year, month, 1)),
    lastMonth: new Date(Date.UTC(year, month - 1, 1)),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

type DailyRows = Map<string, ReportRow>;

/** The engine's report by UTC day over [from, to] in the scope, keyed by day. */
async function dailyStats(
  db: Database,
  scope: StatsScope,
  from: Date,
  to: Date,
): Promise<DailyRows> {
  const result = await runReport(
    db,
    scope,
    {
      dimensions: ['date'],
      metrics: ['request', 'fill', 'imp', 'click', 'cost', 'income', 'ctr', 'cpm'],
      filters: [],
      from: isoDay(from),
      to: isoDay(to),
      order: 'asc',
    },
    // At most 62 days: one page.
    { page: 1, size: 500 },
  );
  return new Map(result.list.map((row) => [String(row.date), row]));
}

/** The sum of one metric over the days in [from, until). */
function sumDays(rows: DailyRows, metric: 'cost' | 'income', from: Date, until: Date): number {
  const [first, end] = [isoDay(from), isoDay(until)];
  let total = 0;
  for (const [day, row] of rows) if (day >= first && day < end) total += Number(row[metric] ?? 0);
  return total;
}

function trendOf(rows: DailyRows, from: Date): DashboardTrendPoint[] {
  return Array.from({ length: TREND_DAYS }, (_, index) => {
    const date = isoDay(new Date(from.getTime() + index * DAY_MS));
    const row = rows.get(date);
    const number = (key: string) => Number(row?.[key] ?? 0);
    const nullable = (key: string) => (row?.[key] === null || !row ? null : Number(row[key]));
    return {
      date,
      impressions: number('imp'),
      clicks: number('click'),
      cost: number('cost'),
      income: number('income'),
      requests: number('request'),
      fills: number('fill'),
      ctr: nullable('ctr'),
      cpm: nullable('cpm'),
    };
  });
}

/** Whose income the income cards count, by the highest supply or channel role. */
function incomeScopeOf(roles: readonly Role[]): DashboardIncomeScope | null {
  if (roles.includes('system') || roles.includes('ssp')) return 'platform';
  if (roles.includes('slot')) return 'media';
  if (roles.includes('userAgent')) return 'users';
  return null;
}

async function statsScopeOf(
  db: Database,
  user: Account,
  kind: DashboardIncomeScope | 'account',
): Promise<StatsScope> {
  switch (kind) {
    case 'platform':
      return { kind: 'all' };
    case 'media':
      return mediaScope(db, user);
    case 'users':
      return ownedUsersScope(db, user);
    case 'account':
      return accountScope(db, user);
  }
}

export async function getDashboardSummary(
  db: Database,
  auth: AuthContext,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const user = auth.actingUser;
  const roles = auth.roles;
  const advertiser = roles.includes('adController');
  const incomeScope = incomeScopeOf(roles);
  const reachesPlans = advertiser || roles.includes('userAgent') || roles.includes('system');
  // The trend shows the widest view the user has: the platform, else its own advertising.
  const trendKind = incomeScope === 'platform' ? 'platform' : advertiser ? 'account' : incomeScope;

  const w = utcWindows(now);
  const trendFrom = new Date(w.today.getTime() - (TREND_DAYS - 1) * DAY_MS);
  const from = w.lastMonth < trendFrom ? w.lastMonth : trendFrom;
  const wanted: (DashboardIncomeScope | 'account' | null)[] = [
    advertiser ? 'account' : null,
    incomeScope,
    trendKind,
  ];
  const kinds = [...new Set(wanted.filter((kind) => kind !== null))];
  const daily = new Map<string, DailyRows>();
  await Promise.all(
    kinds.map(async (kind) => {
      const scope = await statsScopeOf(db, user, kind);
      daily.set(kind, await dailyStats(db, scope, from, w.today));
    }),
  );

  const account = daily.get('account');
  const income = incomeScope ? daily.get(incomeScope) : undefined;
  const trend = trendKind ? daily.get(trendKind) : undefined;
  const incomeIn = (start: Date, until: Date) =>
    income ? sumDays(income, 'income', start, until) : null;

  const [balance, planCounts, creativeCounts] = await Promise.all([
    advertiser ? repo.findBalance(db, user.id) : null,
    reachesPlans
      ? repo.countPlans(db, await ownerScope(db, auth.actingUser, plans.ownerId, 'ads'))
      : null,
    reachesPlans
      ? repo.countCreatives(db, await ownerScope(db, auth.actingUser, creatives.ownerId, 'ads'))
      : roles.includes('adExam')
        ? repo.countCreatives(db, reachCondition(auth.actingUser, creatives.ownerId, 'audit'))
        : null,
  ]);

  return {
    balance,
    spendToday: account ? sumDays(account, 'cost', w.today, w.tomorrow) : null,
    costThisMonth: account ? sumDays(account, 'cost', w.thisMonth, w.tomorrow) : null,
    incomeToday: incomeIn(w.today, w.tomorrow),
    incomeYesterday: incomeIn(w.yesterday, w.today),
    incomeThisMonth: incomeIn(w.thisMonth, w.tomorrow),
    incomeLastMonth: incomeIn(w.lastMonth, w.thisMonth),
    incomeScope,
    livePlans: planCounts?.livePlans ?? null,
    shortBalancePlans: planCounts?.shortBalancePlans ?? null,
    creativesUnderAudit: creativeCounts?.creativesUnderAudit ?? null,
    creativesFailed: creativeCounts?.creativesFailed ?? null,
    trend: trend ? trendOf(trend, trendFrom) : [],
    clients: roles.includes('userAgent') ? await agentClients(db, user, w) : null,
    supply: roles.some((role) => role === 'slot' || role === 'ssp' || role === 'system')
      ? await supplyFigures(db, user, w)
      : null,
    finance: roles.includes('balanceCharge') ? await financeFigures(db, w) : null,
  };
}
