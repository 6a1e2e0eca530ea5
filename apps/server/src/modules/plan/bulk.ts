/**
 * Bulk actions of the plan list (docs/decisions/working-lists.md): start and stop are the
 * single switch (switchPlan) on each plan; archive moves any plan to Archived (5) — a live
 * one stops serving — and restore brings an archived plan back as Unlive (7). Each plan is
 * one noted write, logged as the single switch is.
 */
import {
  AppError,
  PlanStatus,
  type BulkResult,
  type ChangeNote,
  type PlanBulkAction,
} from '@adloom/domain';
import { ownerScope } from '../../access/reach.js';
import { assertAllInReach, eachRow, rowNote } from '../bulk/bulk.js';
import { modifyNoted, type Writer } from '../changes/noted.js';
import { loadPlan } from './access.js';
import * as planRepo from './plan-repo.js';
import { switchPlan } from './plan-service.js';
import { planEntity } from './present.js';

export interface BulkPlansBody {
  ids: number[];
  action: PlanBulkAction;
  comment?: string | undefined;
}

/** Writes the plan's new status with its change-log row (method switch). */
function setStatus(writer: Writer, id: number, to: number, note?: ChangeNote) {
  return modifyNoted(
    planEntity,
    { ...writer, note },
    {
      id,
      patch: { status: to },
      view: (current) => ({ status: current.status }),
      update: async (tx, planId, changes) => {
        const found = await planRepo.updatePlan(tx, planId, { status: changes.status });
        return found ? planRepo.findPlanView(tx, planId) : undefined;
      },
      method: 'switch',
    },
  );
}

/** The target status of start and stop (the single switch's values). */
const SWITCH_TARGET = { start: PlanStatus.live, stop: PlanStatus.unlive } as const;

async function actOn(writer: Writer, id: number, body: BulkPlansBody): Promise<void> {
  const plan = await loadPlan(writer.db, writer.auth, id);
  const note = (to: number) =>
    rowNote('plan', id, { status: plan.status }, { status: to }, body.comment);
  switch (body.action) {
    case 'start':
    case 'stop': {
      const status = SWITCH_TARGET[body.action];
      await switchPlan(writer, { id, status, note: note(status) });
      return;
    }
    case 'archive':
      await setStatus(writer, id, PlanStatus.archived, note(PlanStatus.archived));
      return;
    case 'restore':
      if (plan.status !== PlanStatus.archived) throw AppError.field('id', 'plan.notArchived');
      await setStatus(writer, id, PlanStatus.unlive, note(PlanStatus.unlive));
      return;
  }
}

export async function bulkPlans(writer: Writer, body: BulkPlansBody): Promise<BulkResult> {
  const scope = await ownerScope(
    writer.db,
    writer.auth.actingUser,
    planRepo.planOwnerColumn,
    'ads',
  );
  await assertAllInReach(writer.db, body.ids, scope, planRepo.planIdsInScope, 'Plan');
  return eachRow(body.ids, (id) => actOn(writer, id, body));
}
