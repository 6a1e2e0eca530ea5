/**
 * The two database reads behind refresh(): every user's latest ledger balance and every
 * plan's cost today. Both run about once a second, so both stay cheap as tables grow: the
 * balance is one index probe per user (ledger_entries_user_id_id_idx), not a scan of the
 * whole ledger; the spend reads today's hours of the plan rollup (stats_plan_hourly, kept equal
 * to stats_hourly by its triggers: at most one row per plan and hour, however busy the day).
 */
import { and, gte, lt, ne, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import { statsPlanHourly } from '../../db/schema.js';
import { DAY_MS, dayStartMs, utcDay } from './time.js';
import type { DatabaseTotals, TotalsSource } from './totals.js';

/** The balance after each user's latest ledger entry; users without entries are absent. */
export async function readLedgerBalances(db: Database): Promise<Map<number, number>> {
  const rows = await selectRows<{ user_id: number; balance: string | number }>(
    db,
    sql`select u.id as user_id, latest.balance_after as balance
        from users u
        cross join lateral (
          select l.balance_after from ledger_entries l
          where l.user_id = u.id order by l.id desc limit 1
        ) latest`,
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.balance)]));
}

/** Each plan's cost over the UTC day holding `nowMs`, micros; plans without cost are absent. */
export async function readPlanSpendOnDay(
  db: Database,
  nowMs: number,
): Promise<Map<number, number>> {
  const start = dayStartMs(nowMs);
  const rows = await db
    .select({
      planId: statsPlanHourly.planId,
      cost: sql<number>`sum(${statsPlanHourly.cost})`.mapWith(Number),
    })
    .from(statsPlanHourly)
    .where(
      and(
        gte(statsPlanHourly.hour, new Date(start)),
        lt(statsPlanHourly.hour, new Date(start + DAY_MS)),
        ne(statsPlanHourly.planId, 0),
      ),
    )
    .groupBy(statsPlanHourly.planId);
  return new Map(rows.filter((row) => row.cost !== 0).map((row) => [row.planId, row.cost]));
}

export async function readDatabaseTotals(db: Database, nowMs: number): Promise<DatabaseTotals> {
  const [balances, spentToday] = await Promise.all([
    readLedgerBalances(db),
    readPlanSpendOnDay(db, nowMs),
  ]);
  return { balances, day: utcDay(nowMs), spentToday };
}

export function databaseTotalsSource(db: Database): TotalsSource {
  return (nowMs) => readDatabaseTotals(db, nowMs);
}
