/**
 * The role dashboards' own figures (issue 20 item 4), beside the cards of service.ts:
 * - agents (userAgent): each advertiser they own with its balance and its spend today and
 *   this month (report engine, by advertiser);
 * - operators (slot, ssp, system): requests, fills and fill rate today and income this month
 *   by media over their supply reach (report engine);
 * - finance (balanceCharge): top-ups this month, the latest ones, and the advertisers whose
 *   balance is below one day of their plans' budgets (the ledger).
 */
import {
  deriveRoles,
  type DashboardClient,
  type DashboardFinance,
  type DashboardSupply,
  type ReportRow,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { ownedUserIds } from '../../access/ownership.js';
import { mediaScope, type StatsScope } from '../report/scope.js';
import { runReport } from '../report/service.js';
import type { Account } from '../user/repo.js';
import * as repo from './repo.js';
import type { Windows } from './service.js';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const number = (row: ReportRow | undefined, key: string) => Number(row?.[key] ?? 0);

async function report(
  db: Database,
  scope: StatsScope,
  dimensions: ('advertiser' | 'media')[],
  metrics: ('cost' | 'income' | 'request' | 'fill')[],
  from: Date,
  to: Date,
  size: number,
  sort?: string,
) {
  return runReport(
    db,
    scope,
    {
      dimensions,
      metrics,
      filters: [],
      from: isoDay(from),
      to: isoDay(to),
      ...(sort ? { sort } : {}),
      order: 'desc',
    },
    { page: 1, size },
  );
}

export async function agentClients(
  db: Database,
  user: Account,
  w: Windows,
): Promise<DashboardClient[]> {
  const owned = await ownedUserIds(db, user.id);
  const accounts = (await repo.listAccountsWithBalance(db, owned)).filter((account) =>
    deriveRoles(account.ability).includes('adController'),
  );
  if (accounts.length === 0) return [];
  const scope: StatsScope = { kind: 'advertisers', ids: accounts.map((account) => account.id) };
  const [today, month] = await Promise.all([
    report(db, scope, ['advertiser'], ['cost'], w.today, w.today, 500),
    report(db, scope, ['advertiser'], ['cost'], w.thisMonth, w.today, 500),
  ]);
  const costBy = (rows: ReportRow[]) =>
    new Map(rows.map((row) => [Number(row.advertiser), number(row, 'cost')]));
  const spentToday = costBy(today.list);
  const spentMonth = costBy(month.list);
  return accounts
    .map((account) => ({
      id: account.id,
      name: account.name,
      balance: account.balance,
      spendToday: spentToday.get(account.id) ?? 0,
      spendThisMonth: spentMonth.get(account.id) ?? 0,
    }))
    .sort((a, b) => a.balance - b.balance || a.id - b.id);
}

export async function supplyFigures(
  db: Database,
  user: Account,
  w: Windows,
): Promise<DashboardSupply> {
  const scope = await mediaScope(db, user);
  const [today, byMedia] = await Promise.all([
    report(db, scope, [], ['request', 'fill'], w.today, w.today, 1),
    report(db, scope, ['media'], ['income'], w.thisMonth, w.today, 10, 'income'),
  ]);
  const requests = number(today.totals, 'request');
  const fills = number(today.totals, 'fill');
  return {
    requestsToday: requests,
    fillsToday: fills,
    fillRateToday: requests > 0 ? fills / requests : null,
    incomeByMedia: byMedia.list
      .filter((row) => Number(row.media) > 0)
      .map((row) => ({
        id: Number(row.media),
        name: String(row.media_name ?? row.media),
        income: number(row, 'income'),
      })),
  };
}

export async function financeFigures(db: Database, w: Windows): Promise<DashboardFinance> {
  const [month, latest, low] = await Promise.all([
    repo.topUpsSince(db, w.thisMonth),
    repo.latestTopUps(db, 5),
    repo.lowBalances(db, 10),
  ]);
  return {
    topUpsThisMonth: month.total,
    topUpCountThisMonth: month.count,
    recentTopUps: latest.map((row) => ({ ...row, at: row.at.toISOString() })),
    lowBalances: low,
  };
}
