/**
 * The status a plan is stored with when it is started (docs/product/advertising.md#plan-status): Out Of Time (1) when its
 * end has passed, Lack Of Funds (3) when its owner's balance is not above 0, else Live (0).
 * Balance Exhausted (2, the daily budget spent) is set by delivery (issue 7), not here.
 */
import { PlanStatus } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { latestBalance } from '../fund/repo.js';
import type { PlanRow } from './plan-repo.js';

export function runStatusOf(plan: Pick<PlanRow, 'endAt'>, ownerBalance: number, now: Date): number {
  if (plan.endAt && plan.endAt.getTime() <= now.getTime()) return PlanStatus.outOfTime;
  if (ownerBalance <= 0) return PlanStatus.lackOfFunds;
  return PlanStatus.live;
}

/** The status starting `plan` now gives it, from its owner's ledger balance. */
export async function startStatusOf(db: Database, plan: PlanRow): Promise<number> {
  return runStatusOf(plan, await latestBalance(db, plan.ownerId), new Date());
}
