/**
 * Plans (docs/product/console.md#screens /ad/plan, docs/product/advertising.md#plans, docs/product/advertising.md#plan-status): the reach-filtered list, one plan with its strategies,
 * create (step 1 of the flow; the plan waits at step 2 for strategies), modify, start and
 * stop, copy. Every write is noted (change_log, target type plan). Completing the creation
 * is completion.ts; the rules are in docs/decisions/plans.md.
 */
import {
  PlanStatus,
  PlanStep,
  planFieldIssues,
  type Plan,
  type PlanDetail,
  type PlanFields,
} from '@adloom/domain';
import { fieldIssue } from '@adloom/domain';
import { ownerScope } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { validationError } from '../../validation.js';
import { recordChange } from '../changes/service.js';
import {
  createNoted,
  type ModifyBody,
  modifyNoted,
  splitModifyBody,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import { assertNotArchived, loadPlan } from './access.js';
import { effectiveBid } from './checks.js';
import { completionIssues, followPrompts } from './completion.js';
import * as planRepo from './plan-repo.js';
import type { PlanSort, PlanView } from './plan-repo.js';
import {
  canonicalPlanPatch,
  newPlanColumns,
  planColumnsOf,
  planEntity,
  planFieldsOf,
  presentPlan,
  strategyEntity,
  type PlanEditable,
} from './present.js';
import { readPlan, readPlanDetail } from './read.js';
import { startStatusOf } from './status.js';
import * as strategyRepo from './strategy-repo.js';

export interface PlanQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: PlanSort | undefined;
  order: 'asc' | 'desc';
  status?: number[] | undefined;
  billing?: number | undefined;
  owner_id?: number | undefined;
  complete?: boolean | undefined;
}

export async function listPlans(db: Database, auth: AuthContext, query: PlanQuery) {
  const scope = await ownerScope(
    db,
    auth.actingUser,
    planRepo.planOwnerColumn,
    'ads',
    query.owner_id,
  );
  const { rows, total } = await planRepo.listPlans(
    db,
    {
      scope,
      keyword: query.keyword,
      statuses: query.status,
      billing: query.billing,
      complete: query.complete,
      sort: query.sort,
      order: query.order,
    },
    windowOf(query.page, query.size),
  );
  return pageOf(
    rows.map((row) => ({ ...presentPlan(row), today: row.today })),
    total,
    query,
  );
}

export async function getPlan(db: Database, auth: AuthContext, id: number): Promise<PlanDetail> {
  await loadPlan(db, auth, id);
  return readPlanDetail(db, id);
}

async function reloadView(tx: Database, id: number): Promise<PlanView | undefined> {
  return planRepo.findPlanView(tx, id);
}

/** A new plan of the acting user, unlive, waiting at step 2 for its strategies. */
export async function createPlan(writer: Writer, fields: PlanFields): Promise<Plan> {
  const canonical = canonicalPlanPatch(fields) as PlanEditable;
  const row = await createNoted(planEntity, writer, async (tx) => {
    const id = await planRepo.insertPlan(tx, {
      ...newPlanColumns(canonical),
      ownerId: writer.auth.actingUser.id,
      status: PlanStatus.unlive,
      creationStep: PlanStep.strategies,
    });
    const created = await reloadView(tx, id);
    if (!created) throw new Error(`createPlan: plan ${id} vanished`);
    return created;
  });
  return presentPlan(row);
}

/** The plan's own bid may drop to 0 only while every strategy has a bid of its own. */
async function bidIssues(db: Database, planId: number, merged: PlanEditable) {
  if (merged.bid > 0) return [];
  const rows = await strategyRepo.listStrategies(db, planId);
  const inheriting = rows.some((row) => effectiveBid(row.bid, merged.bid) <= 0);
  return inheriting ? [fieldIssue('bid', 'ad.bidRequired')] : [];
}

export async function modifyPlan(writer: Writer, body: ModifyBody<PlanEditable>): Promise<Plan> {
  const { db, auth } = writer;
  const { id, note, patch } = splitModifyBody(body);
  assertNotArchived(await loadPlan(db, auth, id));
  const row = await modifyNoted(
    planEntity,
    { ...writer, note },
    {
      id,
      patch: canonicalPlanPatch(patch),
      view: planFieldsOf,
      validate: async (merged) => {
        const issues = [
          ...planFieldIssues(merged).map((issue) => fieldIssue(issue.path, issue.code)),
          ...(await bidIssues(db, id, merged)),
        ];
        if (issues.length > 0) throw validationError(issues);
      },
      update: async (tx, planId, changes) => {
        const found = await planRepo.updatePlan(tx, planId, planColumnsOf(changes));
        return found ? reloadView(tx, planId) : undefined;
      },
    },
  );
  return presentPlan(row);
}

/**
 * Start (0) or stop (7). Only a complete plan whose strategies still keep every rule starts;
 * it is stored as Live, Out Of Time or Lack Of Funds (status.ts). Starting a started plan
 * again recomputes its status; the same status answers 'None Update'.
 */
export async function switchPlan(writer: Writer, body: SwitchBody): Promise<Plan> {
  const { db, auth } = writer;
  const plan = await loadPlan(db, auth, body.id);
  // Restoring is its own action (bulk.ts): stopping an archived plan must not bring it back.
  assertNotArchived(plan);
  let next: number = PlanStatus.unlive;
  if (body.status === PlanStatus.live) {
    const issues = await completionIssues(db, plan, await strategyRepo.listStrategies(db, plan.id));
    if (plan.creationStep !== PlanStep.complete) {
      issues.unshift(fieldIssue('creation_step', 'ad.followPrompts'));
    }
    if (issues.length > 0) throw followPrompts(issues);
    next = await startStatusOf(db, plan);
  }
  const row = await modifyNoted(
    planEntity,
    { ...writer, note: body.note },
    {
      id: plan.id,
      patch: { status: next },
      view: (current) => ({ status: current.status }),
      update: async (tx, planId, changes) => {
        const found = await planRepo.updatePlan(tx, planId, { status: changes.status });
        return found ? reloadView(tx, planId) : undefined;
      },
      method: 'switch',
    },
  );
  return presentPlan(row);
}

/** The longest a plan name is (the contract's limit). */
const NAME_MAX = 64;

/** "<name> (copy)", or "(copy 2)", "(copy 3)"… when the owner already has that name. */
async function copyNameOf(db: Database, source: { name: string; ownerId: number }) {
  const stem = source.name.slice(0, NAME_MAX - ' (copy 999)'.length).trimEnd();
  const taken = new Set(await planRepo.planNamesStartingWith(db, source.ownerId, stem));
  for (let number = 1; number < 1000; number += 1) {
    const name = number === 1 ? `${stem} (copy)` : `${stem} (copy ${number})`;
    if (!taken.has(name)) return name;
  }
  return `${stem} (copy ${Date.now() % 1000})`;
}

/**
 * Copies a plan with its strategies (and their creatives) for the same owner. The copy is
 * unlive, never complete (at most step 3: it is completed again), without publish time.
 */
export async function copyPlan(writer: Writer, id: number): Promise<Plan> {
  const { db, auth } = writer;
  const source = await loadPlan(db, auth, id);
  const rows = await strategyRepo.listStrategies(db, id);
  const name = await copyNameOf(db, source);
  const row = await createNoted(planEntity, writer, async (tx) => {
    const copyId = await planRepo.insertPlan(tx, {
      ...newPlanColumns({ ...planFieldsOf(source), name }),
      ownerId: source.ownerId,
      status: PlanStatus.unlive,
      creationStep: Math.min(source.creationStep, PlanStep.creatives),
      publishedAt: null,
    });
    for (const strategy of rows) {
      const copied = await strategyRepo.insertStrategy(tx, {
        planId: copyId,
        ownerId: source.ownerId,
        name: strategy.name,
        bid: strategy.bid,
        targeting: strategy.targeting,
        styleIds: strategy.styleIds,
        languages: strategy.languages,
        creativeIds: strategy.creativeIds,
        status: strategy.status,
      });
      await recordChange(tx, {
        targetType: 'strategy',
        targetId: copied.id,
        method: 'create',
        before: null,
        after: strategyEntity.fieldsOf(copied),
        auth,
      });
    }
    const created = await reloadView(tx, copyId);
    if (!created) throw new Error(`copyPlan: plan ${copyId} vanished`);
    return created;
  });
  return readPlan(db, row.id);
}
