/**
 * The dashboard of the acting user (spec §2).
 *
 * Scope rule: an advertiser sees the stats rows whose advertiser_id is itself; a user
 * holding the system role sees the whole platform. Both spend/cost and income use the same
 * scope. Every window is a UTC calendar day or month (costs are arranged in UTC+00:00,
 * spec §9); rows dated after the current UTC day are ignored. The balance is the acting
 * user's own ledger balance. Plan and creative counts use the same scope (own objects, or
 * the platform's for the system role).
 */
import { type DashboardSummary, deriveRoles } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { Account } from '../user/repo.js';
import * as repo from './repo.js';

const DAY_MS = 86_400_000;
export const TREND_DAYS = 30;

export function utcWindows(now: Date): repo.Windows {
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

export async function getDashboardSummary(
  db: Database,
  user: Account,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const advertiserId = deriveRoles(user.ability).includes('system') ? null : user.id;
  const windows = utcWindows(now);
  const trendFrom = new Date(windows.today.getTime() - (TREND_DAYS - 1) * DAY_MS);
  const [balance, sums, days, counts] = await Promise.all([
    repo.findBalance(db, user.id),
    repo.sumCostAndIncome(db, advertiserId, windows),
    repo.sumByUtcDay(db, advertiserId, trendFrom, windows.tomorrow),
    repo.countAdObjects(db, advertiserId),
  ]);
  const byDate = new Map(days.map((row) => [row.date, row]));
  const trend = Array.from({ length: TREND_DAYS }, (_, index) => {
    const date = new Date(trendFrom.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const row = byDate.get(date);
    return {
      date,
      impressions: row?.impressions ?? 0,
      clicks: row?.clicks ?? 0,
      cost: row?.cost ?? 0,
      income: row?.income ?? 0,
    };
  });
  return {
    balance,
    ...sums,
    ...counts,
    trend,
  };
}
