/**
 * The creation flow's step (PlanStep) follows the plan's strategies (docs/decisions/plans.md):
 * 2 (add strategies) until a strategy has creatives, then 3 (configure creatives); 4 only by
 * completing the plan. A strategy write that leaves a completed plan without strategies, or
 * with a strategy without creatives, sends it back to its step and stops it (Unlive), so a
 * started plan is always a complete one. Called inside the strategy write's transaction,
 * with the plan row locked; the step change is logged on the plan.
 */
import { PlanStatus, PlanStep, pickFields } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { recordChange } from '../changes/service.js';
import * as planRepo from './plan-repo.js';
import type { PlanRow } from './plan-repo.js';
import * as strategyRepo from './strategy-repo.js';
import type { StrategyRow } from './strategy-repo.js';

interface FlowState extends Record<string, unknown> {
  creation_step: number;
  status: number;
  published_at: string | null;
}

const stateOf = (plan: PlanRow): FlowState => ({
  creation_step: plan.creationStep,
  status: plan.status,
  published_at: plan.publishedAt ? plan.publishedAt.toISOString() : null,
});

/** True when every strategy has creatives and there is at least one. */
export function hasCreativesEverywhere(rows: readonly Pick<StrategyRow, 'creativeIds'>[]) {
  return rows.length > 0 && rows.every((row) => row.creativeIds.length > 0);
}

/** Where the plan stands given its strategies. */
export function derivedState(
  plan: PlanRow,
  rows: readonly Pick<StrategyRow, 'creativeIds'>[],
): FlowState {
  const current = stateOf(plan);
  if (plan.creationStep === PlanStep.complete && hasCreativesEverywhere(rows)) return current;
  const withCreatives = rows.some((row) => row.creativeIds.length > 0);
  const step = withCreatives ? PlanStep.creatives : PlanStep.strategies;
  if (plan.creationStep !== PlanStep.complete) return { ...current, creation_step: step };
  return { creation_step: step, status: PlanStatus.unlive, published_at: null };
}

/** Locks the plan row for the rest of the transaction; answers it. */
export async function lockPlanForWrite(tx: Database, planId: number): Promise<PlanRow> {
  const plan = await planRepo.lockPlan(tx, planId);
  if (!plan) throw new Error(`lockPlanForWrite: plan ${planId} vanished`);
  return plan;
}

/** Moves the plan to the step its strategies put it at, logging the change on the plan. */
export async function settlePlanStep(tx: Database, auth: AuthContext, planId: number) {
  const plan = await lockPlanForWrite(tx, planId);
  const before = stateOf(plan);
  const after = derivedState(plan, await strategyRepo.listStrategies(tx, planId));
  const keys = (Object.keys(after) as (keyof FlowState & string)[]).filter(
    (key) => after[key] !== before[key],
  );
  if (keys.length === 0) return;
  await planRepo.updatePlan(tx, planId, {
    creationStep: after.creation_step,
    status: after.status,
    publishedAt: after.published_at ? new Date(after.published_at) : null,
  });
  await recordChange(tx, {
    targetType: 'plan',
    targetId: planId,
    method: 'modify',
    before: pickFields(before, keys),
    after: pickFields(after, keys),
    auth,
  });
}
