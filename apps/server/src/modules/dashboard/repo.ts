/** Dashboard reads: the ledger balance and sums over stats_hourly. */
import { CreativeReview, PlanStatus, WideStatus } from '@adloom/domain';
import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { creatives, ledgerEntries, plans, statsHourly } from '../../db/schema.js';

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

export interface AdCounts {
  livePlans: number;
  shortBalancePlans: number;
  creativesUnderAudit: number;
  creativesFailed: number;
}

/**
 * Plan and creative counts of one owner, or (null) the whole platform: live plans, plans
 * stalled for short balance (Balance Exhausted, Lack Of Funds), creatives waiting for audit
 * and creatives that failed it (deleted ones left out).
 */
export async function countAdObjects(db: Database, ownerId: number | null): Promise<AdCounts> {
  const planScope = ownerId === null ? undefined : eq(plans.ownerId, ownerId);
  const creativeScope = ownerId === null ? undefined : eq(creatives.ownerId, ownerId);
  const count = (condition: SQL | undefined) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [planRow] = await db
    .select({
      livePlans: count(eq(plans.status, PlanStatus.live)),
      shortBalancePlans: count(
        inArray(plans.status, [PlanStatus.balanceExhausted, PlanStatus.lackOfFunds]),
      ),
    })
    .from(plans)
    .where(planScope);
  const [creativeRow] = await db
    .select({
      creativesUnderAudit: count(eq(creatives.review, CreativeReview.auditing)),
      creativesFailed: count(eq(creatives.review, CreativeReview.reject)),
    })
    .from(creatives)
    .where(and(creativeScope, ne(creatives.status, WideStatus.deleted)));
  return {
    livePlans: planRow?.livePlans ?? 0,
    shortBalancePlans: planRow?.shortBalancePlans ?? 0,
    creativesUnderAudit: creativeRow?.creativesUnderAudit ?? 0,
    creativesFailed: creativeRow?.creativesFailed ?? 0,
  };
}
