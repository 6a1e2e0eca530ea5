/**
 * Dashboard reads beside the report engine: the ledger balance, and plan and creative counts
 * within a reach condition (modules/ad/reach.ts builds it).
 */
import { CreativeReview, PlanStatus, WideStatus } from '@adloom/domain';
import { and, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { creatives, ledgerEntries, plans } from '../../db/schema.js';

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
