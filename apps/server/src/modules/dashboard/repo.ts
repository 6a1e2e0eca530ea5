/**
 * Dashboard reads beside the report engine: the ledger balance, plan and creative counts
 * within a reach condition (access/reach.ts builds it), accounts with their balances,
 * top-ups and the advertisers running low.
 */
import { CreativeReview, LedgerKind, PlanStatus, WideStatus } from '@adloom/domain';
import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { creatives, ledgerEntries, plans, users } from '../../db/schema.js';

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

const count = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Each plan's owner's balance: the latest ledger entry's balance_after, 0 without any. */
const ownerBalance = sql<number>`coalesce((
  select ${ledgerEntries.balanceAfter} from ${ledgerEntries}
  where ${ledgerEntries.userId} = ${plans.ownerId}
  order by ${ledgerEntries.id} desc limit 1
), 0)`;

/**
 * Live plans, and plans short of balance: live or stalled for lack of funds, with the
 * owner's balance below one day of the plan's budget (it will stall, or has, today).
 */
export async function countPlans(
  db: Database,
  reach: SQL | undefined,
): Promise<{ livePlans: number; shortBalancePlans: number }> {
  const [row] = await db
    .select({
      livePlans: count(eq(plans.status, PlanStatus.live)),
      shortBalancePlans: count(
        and(
          inArray(plans.status, [PlanStatus.live, PlanStatus.lackOfFunds]),
          lt(ownerBalance, plans.budget),
        ),
      ),
    })
    .from(plans)
    .where(reach);
  return { livePlans: row?.livePlans ?? 0, shortBalancePlans: row?.shortBalancePlans ?? 0 };
}

/** Creatives waiting for audit and creatives that failed it (deleted ones left out). */
export async function countCreatives(
  db: Database,
  reach: SQL | undefined,
): Promise<{ creativesUnderAudit: number; creativesFailed: number }> {
  const [row] = await db
    .select({
      creativesUnderAudit: count(eq(creatives.review, CreativeReview.auditing)),
      creativesFailed: count(eq(creatives.review, CreativeReview.reject)),
    })
    .from(creatives)
    .where(and(reach, ne(creatives.status, WideStatus.deleted)));
  return {
    creativesUnderAudit: row?.creativesUnderAudit ?? 0,
    creativesFailed: row?.creativesFailed ?? 0,
  };
}

/** Accounts by id with their name, ability and latest balance. */
export async function listAccountsWithBalance(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; name: string; ability: number; balance: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
      ability: users.ability,
      // Qualified by hand: drizzle names columns bare here, and a bare id is the entry's.
      balance: sql<number>`coalesce((
        select le.balance_after from ledger_entries le
        where le.user_id = "users"."id"
        order by le.id desc limit 1
      ), 0)`.mapWith(Number),
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return rows;
}

/** Top-ups since an instant: their sum and count. */
export async function topUpsSince(
  db: Database,
  since: Date,
): Promise<{ total: number; count: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, LedgerKind.topUp), gte(ledgerEntries.createdAt, since)));
  return { total: row?.total ?? 0, count: row?.count ?? 0 };
}

/** The latest top-ups, newest first. */
export async function latestTopUps(db: Database, limit: number) {
  return db
    .select({
      userId: ledgerEntries.userId,
      name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
      amount: ledgerEntries.amount,
      at: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(eq(ledgerEntries.kind, LedgerKind.topUp))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

/**
 * Advertisers whose balance is below one day of the budgets of their live or stalled
 * (lack of funds) plans, lowest balance first.
 */
export async function lowBalances(db: Database, limit: number) {
  const dailyBudget = sql<number>`sum(${plans.budget})`.mapWith(Number);
  return db
    .select({
      userId: plans.ownerId,
      name: sql<string>`min(coalesce(nullif(${users.nickname}, ''), ${users.username}))`,
      balance: sql<number>`min(${ownerBalance})`.mapWith(Number),
      dailyBudget,
    })
    .from(plans)
    .innerJoin(users, eq(users.id, plans.ownerId))
    .where(inArray(plans.status, [PlanStatus.live, PlanStatus.lackOfFunds]))
    .groupBy(plans.ownerId)
    .having(sql`min(${ownerBalance}) < sum(${plans.budget})`)
    .orderBy(sql`min(${ownerBalance})`)
    .limit(limit);
}
