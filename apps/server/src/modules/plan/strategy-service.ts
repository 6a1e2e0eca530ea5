/**
 * Strategies of a plan (docs/product/console.md#plan-creation-flow steps 2 and 3, docs/product/advertising.md#targeting, docs/product/messages-and-codes.md#form-messages):
 * list, create, modify, switch and delete, each checked against the strategy rules
 * (checks.ts) and noted (change_log, target type strategy). A strategy belongs to its
 * plan's owner. Each write moves the plan's creation step (steps.ts) in its transaction.
 * A Live plan keeps every strategy with creatives and cannot lose strategies.
 */
import {
  Ability,
  PlanStatus,
  hasAbility,
  type ChangeNote,
  type Strategy,
  type StrategyFields,
  type TargetingRule,
} from '@adloom/domain';
import { fieldIssue } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { validationError } from '../../validation.js';
import { recordChange } from '../changes/service.js';
import {
  createNoted,
  modifyNoted,
  splitModifyBody,
  switchNoted,
  type ModifyBody,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { assertNotArchived, loadPlan, loadStrategy } from './access.js';
import { strategyIssues } from './checks.js';
import { followPrompts } from './completion.js';
import type { PlanRow } from './plan-repo.js';
import {
  canonicalStrategyPatch,
  presentStrategy,
  strategyColumnsOf,
  strategyEntity,
  strategyFieldsOf,
  type StrategyEditable,
} from './present.js';
import { lockPlanForWrite, settlePlanStep } from './steps.js';
import * as strategyRepo from './strategy-repo.js';

export async function listStrategies(
  db: Database,
  auth: AuthContext,
  planId: number,
): Promise<Strategy[]> {
  await loadPlan(db, auth, planId);
  return (await strategyRepo.listStrategies(db, planId)).map(presentStrategy);
}

const audienceRuleOf = (rules: readonly TargetingRule[]) =>
  rules.find((rule) => rule.key === 'audience');

const mayUseAudience = (auth: AuthContext) =>
  hasAbility(auth.actingUser.ability, Ability.adManageAdvanced);

async function assertStrategyRules(
  db: Database,
  auth: AuthContext,
  draft: StrategyEditable,
  plan: PlanRow,
  previousTargeting: readonly TargetingRule[],
): Promise<void> {
  const issues = await strategyIssues(db, draft, plan, {
    audience: { allowed: mayUseAudience(auth), previous: audienceRuleOf(previousTargeting) },
  });
  if (issues.length > 0) throw validationError(issues);
}

/** Under the plan's row lock: a Live plan's strategies all keep creatives. */
async function lockKeepingLivePlanComplete(tx: Database, planId: number, creativeIds: number[]) {
  const plan = await lockPlanForWrite(tx, planId);
  if (plan.status === PlanStatus.live && creativeIds.length === 0) {
    throw validationError([fieldIssue('creative_ids', 'ad.needCreative')]);
  }
}

export async function createStrategy(writer: Writer, body: StrategyFields): Promise<Strategy> {
  const { db, auth } = writer;
  const plan = await loadPlan(db, auth, body.plan_id);
  assertNotArchived(plan);
  const { plan_id: planId, ...fields } = body;
  const draft = canonicalStrategyPatch(fields) as StrategyEditable;
  await assertStrategyRules(db, auth, draft, plan, []);
  const row = await createNoted(strategyEntity, writer, async (tx) => {
    await lockKeepingLivePlanComplete(tx, planId, draft.creative_ids);
    const created = await strategyRepo.insertStrategy(tx, {
      planId,
      ownerId: plan.ownerId,
      name: draft.name,
      bid: draft.bid,
      targeting: draft.targeting,
      styleIds: draft.style_ids,
      languages: draft.languages,
      creativeIds: draft.creative_ids,
    });
    await settlePlanStep(tx, auth, planId);
    return created;
  });
  return presentStrategy(row);
}

export async function modifyStrategy(
  writer: Writer,
  body: ModifyBody<StrategyEditable>,
): Promise<Strategy> {
  const { db, auth } = writer;
  const { id, note, patch } = splitModifyBody(body);
  const { strategy, plan } = await loadStrategy(db, auth, id);
  assertNotArchived(plan);
  const row = await modifyNoted(
    strategyEntity,
    { ...writer, note },
    {
      id,
      patch: canonicalStrategyPatch(patch),
      view: strategyFieldsOf,
      validate: (merged, current) =>
        assertStrategyRules(db, auth, merged, plan, strategyFieldsOf(current).targeting),
      update: async (tx, strategyId, changes) => {
        await lockKeepingLivePlanComplete(
          tx,
          plan.id,
          changes.creative_ids ?? strategy.creativeIds,
        );
        const updated = await strategyRepo.updateStrategy(
          tx,
          strategyId,
          strategyColumnsOf(changes),
        );
        await settlePlanStep(tx, auth, plan.id);
        return updated;
      },
    },
  );
  return presentStrategy(row);
}

/** Active (0) or inactive (1): an inactive strategy stays in its plan but does not serve. */
export async function switchStrategy(writer: Writer, body: SwitchBody): Promise<Strategy> {
  assertNotArchived((await loadStrategy(writer.db, writer.auth, body.id)).plan);
  const row = await switchNoted(strategyEntity, writer, body, (tx, id, status) =>
    strategyRepo.updateStrategy(tx, id, { status }),
  );
  return presentStrategy(row);
}

export interface DeleteStrategyBody {
  id: number;
  note?: ChangeNote | undefined;
}

/** Removes a strategy from a plan that is not Live; the plan's step follows. */
export async function deleteStrategy(writer: Writer, body: DeleteStrategyBody): Promise<void> {
  const { db, auth } = writer;
  const { strategy, plan } = await loadStrategy(db, auth, body.id);
  assertNotArchived(plan);
  await db.transaction(async (tx) => {
    const locked = await lockPlanForWrite(tx, plan.id);
    if (locked.status === PlanStatus.live) {
      throw followPrompts([fieldIssue('id', 'plan.stopBeforeDelete')]);
    }
    await strategyRepo.deleteStrategy(tx, strategy.id);
    await recordChange(tx, {
      targetType: 'strategy',
      targetId: strategy.id,
      method: 'delete',
      before: strategyEntity.fieldsOf(strategy),
      after: null,
      note: body.note,
      auth,
    });
    await settlePlanStep(tx, auth, plan.id);
  });
}
