/** Dashboard reads: the ledger balance and sums over stats_hourly. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ledgerEntries, statsHourly } from '../../db/schema.js';

/** The balance after the user's latest ledger entry; 0 without entries. */
export async function findBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.balance ?? 0;
}

/** Restricts stats to one advertiser, or (null) the whole platform. */
function scopeOf(advertiserId: number | null): SQL | undefined {
  return advertiserId === null ? undefined : eq(statsHourly.advertiserId, advertiserId);
}

const sumWhere = (column: typeof statsHourly.cost, condition: SQL | undefined) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number);

export interface Windows {
  yesterday: Date;
  today: Date;
  tomorrow: Date;
  thisMonth: Date;
  lastMonth: Date;
}

export async function sumCostAndIncome(db: Database, advertiserId: number | null, w: Windows) {
  const inToday = gte(statsHourly.hour, w.today);
  const inYesterday = and(gte(statsHourly.hour, w.yesterday), lt(statsHourly.hour, w.today));
  const inThisMonth = gte(statsHourly.hour, w.thisMonth);
  const inLastMonth = and(gte(statsHourly.hour, w.lastMonth), lt(statsHourly.hour, w.thisMonth));
  const earliest = w.lastMonth < w.yesterday ? w.lastMonth : w.yesterday;
  const [row] = await db
    .select({
      spendToday: sumWhere(statsHourly.cost, inToday),
      costThisMonth: sumWhere(statsHourly.cost, inThisMonth),
      incomeToday: sumWhere(statsHourly.income, inToday),
      incomeYesterday: sumWhere(statsHourly.income, inYesterday),
      incomeThisMonth: sumWhere(statsHourly.income, inThisMonth),
      incomeLastMonth: sumWhere(statsHourly.income, inLastMonth),
    })
    .from(statsHourly)
    .where(
      and(scopeOf(advertiserId), gte(statsHourly.hour, earliest), lt(statsHourly.hour, w.tomorrow)),
    );
  return (
    row ?? {
      spendToday: 0,
      costThisMonth: 0,
      incomeToday: 0,
      incomeYesterday: 0,
      incomeThisMonth: 0,
      incomeLastMonth: 0,
    }
  );
}

/** Totals per UTC day in [from, to), only days that have rows. */
export async function sumByUtcDay(db: Database, advertiserId: number | null, from: Date, to: Date) {
  const day = sql<string>`to_char(${statsHourly.hour} at time zone 'UTC', 'YYYY-MM-DD')`;
  const total = (column: typeof statsHourly.cost) =>
    sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  return db
    .select({
      date: day,
      impressions: total(statsHourly.impressions),
      clicks: total(statsHourly.clicks),
      cost: total(statsHourly.cost),
      income: total(statsHourly.income),
    })
    .from(statsHourly)
    .where(and(scopeOf(advertiserId), gte(statsHourly.hour, from), lt(statsHourly.hour, to)))
    .groupBy(day)
    .orderBy(day);
}
