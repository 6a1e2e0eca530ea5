/**
 * Loading a plan or strategy for the acting user: not found (-150) when it does not exist,
 * -110 when its owner is out of reach (access/reach.ts, realm ads). A strategy belongs to its
 * plan's owner.
 */
import { AppError, PlanStatus } from '@adloom/domain';
import { assertReaches } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { notFound } from '../changes/noted.js';
import * as planRepo from './plan-repo.js';
import type { PlanRow } from './plan-repo.js';
import * as strategyRepo from './strategy-repo.js';
import type { StrategyRow } from './strategy-repo.js';

export async function loadPlan(db: Database, auth: AuthContext, id: number): Promise<PlanRow> {
  const plan = await planRepo.findPlan(db, id);
  if (!plan) throw notFound('Plan', id);
  await assertReaches(db, auth.actingUser, plan.ownerId, 'ads');
  return plan;
}

/**
 * An archived plan (5) is read-only until restored: its fields, strategies, status and
 * creation flow stay as they were archived (docs/decisions/working-lists.md).
 */
export function assertNotArchived(plan: Pick<PlanRow, 'status'>): void {
  if (plan.status === PlanStatus.archived) throw AppError.field('id', 'plan.archived');
}

export interface StrategyWithPlan {
  strategy: StrategyRow;
  plan: PlanRow;
}

export async function loadStrategy(
  db: Database,
  auth: AuthContext,
  id: number,
): Promise<StrategyWithPlan> {
  const strategy = await strategyRepo.findStrategy(db, id);
  if (!strategy) throw notFound('Strategy', id);
  await assertReaches(db, auth.actingUser, strategy.ownerId, 'ads');
  const plan = await planRepo.findPlan(db, strategy.planId);
  if (!plan) throw notFound('Plan', strategy.planId);
  return { strategy, plan };
}
