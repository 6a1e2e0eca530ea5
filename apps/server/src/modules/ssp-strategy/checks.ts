/**
 * What an SSP strategy's references must be when it is saved (the contract checks formats,
 * ranges and the 1000‰ sum): the slot exists and is not deleted ('Unknown slot' on
 * slot_id), trigger values exist (active countries; OS and network of the enums —
 * 'Targeting information is wrong' on triggers.N.values.M), every allocated partner exists
 * ('Unknown demand partner' on allocations.N.dsp_id) and a newly allocated one is active
 * ('The demand partner is inactive'). On modify only what changes is checked, so a strategy
 * whose partner was switched off later can still be renamed.
 */
import { SimpleStatus, WideStatus, type FieldIssue, fieldIssue } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { validationError } from '../../validation.js';
import { targetingIssues } from '../plan/targeting.js';
import type { SspStrategyEditable } from './present.js';
import * as repo from './repo.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function slotIssues(db: Database, slotId: number): Promise<FieldIssue[]> {
  const slot = await repo.findSlot(db, slotId);
  if (slot && slot.status !== WideStatus.deleted) return [];
  return [fieldIssue('slot_id', 'dsp.unknownSlot')];
}

async function allocationIssues(
  db: Database,
  draft: SspStrategyEditable,
  previous: SspStrategyEditable | undefined,
): Promise<FieldIssue[]> {
  const partners = await repo.dspsByIds(
    db,
    draft.allocations.map((allocation) => allocation.dsp_id),
  );
  const kept = new Set(previous?.allocations.map((allocation) => allocation.dsp_id) ?? []);
  const issues: FieldIssue[] = [];
  draft.allocations.forEach((allocation, index) => {
    const path = `allocations.${index}.dsp_id`;
    const partner = partners.get(allocation.dsp_id);
    if (!partner) issues.push(fieldIssue(path, 'dsp.unknownDsp'));
    else if (partner.status !== SimpleStatus.active && !kept.has(allocation.dsp_id)) {
      issues.push(fieldIssue(path, 'dsp.inactiveDsp'));
    }
  });
  return issues;
}

/** Every reference issue of `draft`; on modify (`previous` given) only of changed fields. */
export async function strategyIssues(
  db: Database,
  draft: SspStrategyEditable,
  previous?: SspStrategyEditable,
): Promise<FieldIssue[]> {
  const changed = (key: keyof SspStrategyEditable) =>
    previous === undefined || !same(draft[key], previous[key]);
  return [
    ...(changed('slot_id') ? await slotIssues(db, draft.slot_id) : []),
    ...(changed('triggers')
      ? await targetingIssues(db, draft.triggers, { prefix: 'triggers' })
      : []),
    ...(changed('allocations') ? await allocationIssues(db, draft, previous) : []),
  ];
}

export async function assertStrategyRules(
  db: Database,
  draft: SspStrategyEditable,
  previous?: SspStrategyEditable,
): Promise<void> {
  const issues = await strategyIssues(db, draft, previous);
  if (issues.length > 0) throw validationError(issues);
}
