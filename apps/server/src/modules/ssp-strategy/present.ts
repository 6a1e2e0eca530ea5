/**
 * SSP strategies between the database and the wire: the editable fields in one canonical
 * form (what is compared for 'None Update' and logged), their columns, and the answers with
 * the partners' names. Config keys are sorted (jsonb reorders them anyway), trigger values
 * trimmed without blanks or repeats, allocations as { dsp_id, permille } in the order given.
 */
import {
  SimpleStatus,
  ownPermille,
  sortKeysDeep,
  type Allocation,
  type SspStrategy,
  type TargetingRule,
} from '@adloom/domain';
import type { SettingEntity } from '../changes/noted.js';
import { isoTimes } from '../../http/present.js';
import { canonicalTargeting } from '../plan/present.js';
import * as repo from './repo.js';
import type { DspRef, SspStrategyInsert, SspStrategyRow, SspStrategyView } from './repo.js';

export interface SspStrategyEditable extends Record<string, unknown> {
  slot_id: number;
  name: string;
  config: Record<string, unknown>;
  triggers: TargetingRule[];
  allocations: Allocation[];
  priority: number;
  percent: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const canonicalConfig = (value: unknown): Record<string, unknown> =>
  isRecord(value) ? (sortKeysDeep(value) as Record<string, unknown>) : {};

export const canonicalAllocations = (allocations: readonly Allocation[]): Allocation[] =>
  allocations.map((allocation) => ({ dsp_id: allocation.dsp_id, permille: allocation.permille }));

/** Stored jsonb: trusted to be what the service wrote. */
const storedTriggers = (value: unknown): TargetingRule[] =>
  Array.isArray(value) ? canonicalTargeting(value as TargetingRule[]) : [];
export const storedAllocations = (value: unknown): Allocation[] =>
  Array.isArray(value) ? canonicalAllocations(value as Allocation[]) : [];

export function strategyFieldsOf(row: SspStrategyRow): SspStrategyEditable {
  return {
    slot_id: row.slotId,
    name: row.name,
    config: canonicalConfig(row.config),
    triggers: storedTriggers(row.triggers),
    allocations: storedAllocations(row.allocations),
    priority: row.priority,
    percent: row.percent,
  };
}

/** A sent part of the fields in canonical form (absent fields stay absent). */
export function canonicalPatch(patch: Partial<SspStrategyEditable>): Partial<SspStrategyEditable> {
  const result: Partial<SspStrategyEditable> = { ...patch };
  if (patch.config) result.config = canonicalConfig(patch.config);
  if (patch.triggers) result.triggers = canonicalTargeting(patch.triggers);
  if (patch.allocations) result.allocations = canonicalAllocations(patch.allocations);
  return result;
}

/** The columns of (a part of) the fields. */
export function strategyColumnsOf(
  fields: Partial<SspStrategyEditable>,
): Partial<SspStrategyInsert> {
  return {
    slotId: fields.slot_id,
    name: fields.name,
    config: fields.config,
    triggers: fields.triggers,
    allocations: fields.allocations,
    priority: fields.priority,
    percent: fields.percent,
  };
}

export const sspStrategyEntity: SettingEntity<SspStrategyView, SspStrategyEditable> = {
  targetType: 'sspStrategy',
  label: 'SSP strategy',
  find: repo.findStrategyView,
  fieldsOf: strategyFieldsOf,
};

/** Each allocation with its partner's name and status ('' and inactive when it is gone). */
export function sharesOf(allocations: readonly Allocation[], partners: Map<number, DspRef>) {
  return allocations.map((allocation) => {
    const partner = partners.get(allocation.dsp_id);
    return {
      dsp_id: allocation.dsp_id,
      dsp_name: partner?.name ?? '',
      dsp_status: partner?.status ?? SimpleStatus.inactive,
      permille: allocation.permille,
    };
  });
}

export function presentStrategy(row: SspStrategyView, partners: Map<number, DspRef>): SspStrategy {
  const fields = strategyFieldsOf(row);
  return {
    id: row.id,
    slot_id: row.slotId,
    slot_name: row.slotName,
    media_id: row.mediaId,
    media_name: row.mediaName,
    name: fields.name,
    config: fields.config,
    triggers: fields.triggers,
    allocations: sharesOf(fields.allocations, partners),
    own_permille: ownPermille(fields.allocations),
    priority: fields.priority,
    percent: fields.percent,
    status: row.status,
    ...isoTimes(row),
  };
}
