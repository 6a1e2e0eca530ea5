/**
 * Completing plan creation (the flow's last step, docs/product/console.md#plan-creation-flow): the whole plan is checked and
 * every problem answered at once, each on its path, under 'Follow the prompts before
 * performing this operation' — no strategy ('Need to add configuration' on `strategies`),
 * a strategy without creatives ('Need to add creative' on `strategies.N.creative_ids`), and
 * each strategy's own rules (checks.ts) on `strategies.N.<field>`. A complete plan is at
 * step 4 with its publish time; it stays unlive until started.
 */
import { AppError, PlanStep, ZTargeting, type FieldIssue, type PlanDetail } from '@adloom/domain';
import { fieldIssue } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { fieldsFromIssues } from '../../validation.js';
import { recordChange } from '../changes/service.js';
import type { Writer } from '../changes/noted.js';
import { assertNotArchived, loadPlan } from './access.js';
import { strategyIssues } from './checks.js';
import * as planRepo from './plan-repo.js';
import type { PlanRow } from './plan-repo.js';
import { strategyFieldsOf } from './present.js';
import { readPlanDetail } from './read.js';
import { lockPlanForWrite } from './steps.js';
import * as strategyRepo from './strategy-repo.js';
import type { StrategyRow } from './strategy-repo.js';

/** The generic refusal of docs/product/messages-and-codes.md#generic-submit-error, listing what to fix. */
export function followPrompts(fields: FieldIssue[]): AppError {
  return new AppError('validation', 'ad.followPrompts', fields);
}

/** Every reason the plan is not complete; empty when it is. */
export async function completionIssues(
  db: Database,
  plan: PlanRow,
  rows: readonly StrategyRow[],
): Promise<FieldIssue[]> {
  if (rows.length === 0) {
    return [fieldIssue('strategies', 'ad.needConfiguration')];
  }
  const issues: FieldIssue[] = [];
  for (const [index, row] of rows.entries()) {
    const prefix = `strategies.${index}.`;
    const draft = strategyFieldsOf(row);
    const targeting = ZTargeting.safeParse(draft.targeting);
    if (!targeting.success) {
      issues.push(...fieldsFromIssues(targeting.error.issues, ['strategies', index, 'targeting']));
    }
    if (draft.creative_ids.length === 0) {
      issues.push(fieldIssue(`${prefix}creative_ids`, 'ad.needCreative'));
    }
    issues.push(...(await strategyIssues(db, draft, plan, { prefix })));
  }
  return issues;
}

export async function completePlan(writer: Writer, id: number): Promise<PlanDetail> {
  const { db, auth } = writer;
  assertNotArchived(await loadPlan(db, auth, id));
  // Checked with the plan row locked: strategy writes lock it too, so none slips in between.
  await db.transaction(async (tx) => {
    const plan = await lockPlanForWrite(tx, id);
    const issues = await completionIssues(tx, plan, await strategyRepo.listStrategies(tx, id));
    if (issues.length > 0) throw followPrompts(issues);
    // Completing a complete plan again only re-checks it: the publish time stays the first.
    if (plan.creationStep === PlanStep.complete) return;
    const publishedAt = new Date();
    await planRepo.updatePlan(tx, id, { creationStep: PlanStep.complete, publishedAt });
    await recordChange(tx, {
      targetType: 'plan',
      targetId: id,
      method: 'modify',
      before: { creation_step: plan.creationStep, published_at: null },
      after: { creation_step: PlanStep.complete, published_at: publishedAt.toISOString() },
      auth,
    });
  });
  return readPlanDetail(db, id);
}
