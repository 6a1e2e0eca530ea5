/**
 * Plans and strategies between the database and the wire: the editable fields in one
 * canonical form (what is compared for 'None Update' and logged), the columns they are
 * stored in, and the answers. The schedule is compared as seven sorted hour lists, times as
 * UTC ISO strings, id lists without repeats, targeting values trimmed and without blanks.
 */
import {
  masksToSchedule,
  scheduleToMasks,
  type Plan,
  type Schedule,
  type Strategy,
  type TargetingRule,
} from '@adloom/domain';
import type { SettingEntity } from '../changes/noted.js';
import { isoTimes } from '../../http/present.js';
import * as planRepo from './plan-repo.js';
import type { PlanInsert, PlanRow, PlanView } from './plan-repo.js';
import * as strategyRepo from './strategy-repo.js';
import type { StrategyInsert, StrategyRow } from './strategy-repo.js';

// ---------------------------------------------------------------- plans

export interface PlanEditable extends Record<string, unknown> {
  name: string;
  budget: number;
  bid: number;
  billing: number;
  schedule: Schedule;
  start_at: string;
  end_at: string | null;
  times_per_user: number;
  frequency_per_user: number;
  interval_seconds: number;
  cache_seconds: number;
  iab_category: string | null;
}

const iso = (value: string | Date): string => new Date(value).toISOString();
const canonicalSchedule = (schedule: Schedule): Schedule =>
  masksToSchedule(scheduleToMasks(schedule));

export function planFieldsOf(row: PlanRow): PlanEditable {
  return {
    name: row.name,
    budget: row.budget,
    bid: row.bid,
    billing: row.billing,
    schedule: masksToSchedule(row.schedule),
    start_at: row.startAt.toISOString(),
    end_at: row.endAt ? row.endAt.toISOString() : null,
    times_per_user: row.timesPerUser,
    frequency_per_user: row.frequencyPerUser,
    interval_seconds: row.intervalSeconds,
    cache_seconds: row.cacheSeconds,
    iab_category: row.iabCategory,
  };
}

/** A sent part of the plan's fields in canonical form (absent fields stay absent). */
export function canonicalPlanPatch(patch: Partial<PlanEditable>): Partial<PlanEditable> {
  const result: Partial<PlanEditable> = { ...patch };
  if (patch.schedule) result.schedule = canonicalSchedule(patch.schedule);
  if (patch.start_at) result.start_at = iso(patch.start_at);
  if (patch.end_at) result.end_at = iso(patch.end_at);
  return result;
}

/** The columns of (a part of) the plan's fields. */
export function planColumnsOf(fields: Partial<PlanEditable>): Partial<PlanInsert> {
  return {
    name: fields.name,
    budget: fields.budget,
    bid: fields.bid,
    billing: fields.billing,
    schedule: fields.schedule ? scheduleToMasks(fields.schedule) : undefined,
    startAt: fields.start_at ? new Date(fields.start_at) : undefined,
    endAt: fields.end_at === undefined ? undefined : fields.end_at ? new Date(fields.end_at) : null,
    timesPerUser: fields.times_per_user,
    frequencyPerUser: fields.frequency_per_user,
    intervalSeconds: fields.interval_seconds,
    cacheSeconds: fields.cache_seconds,
    iabCategory: fields.iab_category,
  };
}

/** Every column of the plan's fields, for a new plan. */
export function newPlanColumns(
  fields: PlanEditable,
): Omit<PlanInsert, 'ownerId' | 'status' | 'creationStep'> {
  return {
    name: fields.name,
    budget: fields.budget,
    bid: fields.bid,
    billing: fields.billing,
    schedule: scheduleToMasks(fields.schedule),
    startAt: new Date(fields.start_at),
    endAt: fields.end_at ? new Date(fields.end_at) : null,
    timesPerUser: fields.times_per_user,
    frequencyPerUser: fields.frequency_per_user,
    intervalSeconds: fields.interval_seconds,
    cacheSeconds: fields.cache_seconds,
    iabCategory: fields.iab_category,
  };
}

export const planEntity: SettingEntity<PlanView, PlanEditable> = {
  targetType: 'plan',
  label: 'Plan',
  find: planRepo.findPlanView,
  fieldsOf: planFieldsOf,
};

export function presentPlan(row: PlanView): Plan {
  return {
    id: row.id,
    owner: { id: row.ownerId, username: row.ownerUsername, nickname: row.ownerNickname },
    ...planFieldsOf(row),
    status: row.status,
    creation_step: row.creationStep,
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
    strategy_count: row.strategyCount,
    ...isoTimes(row),
  };
}

// ---------------------------------------------------------------- strategies

export interface StrategyEditable extends Record<string, unknown> {
  name: string;
  bid: number | null;
  targeting: TargetingRule[];
  style_ids: number[];
  languages: string[];
  creative_ids: number[];
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Rules with fixed key order, values trimmed, without blanks or repeats. */
export function canonicalTargeting(rules: readonly TargetingRule[]): TargetingRule[] {
  return rules.map((rule) => ({
    key: rule.key,
    mode: rule.mode,
    values: unique(rule.values.map((value) => value.trim()).filter(Boolean)),
  }));
}

/** A bid of 0 means the plan's bid, as null does. */
const canonicalBid = (bid: number | null): number | null => (bid ? bid : null);

/** Targeting as stored (jsonb): trusted to be what the service wrote. */
const storedTargeting = (value: unknown): TargetingRule[] =>
  Array.isArray(value) ? canonicalTargeting(value as TargetingRule[]) : [];

export function strategyFieldsOf(row: StrategyRow): StrategyEditable {
  return {
    name: row.name,
    bid: canonicalBid(row.bid),
    targeting: storedTargeting(row.targeting),
    style_ids: row.styleIds,
    languages: row.languages,
    creative_ids: row.creativeIds,
  };
}

/** A sent part of the strategy's fields in canonical form (absent fields stay absent). */
export function canonicalStrategyPatch(
  patch: Partial<StrategyEditable>,
): Partial<StrategyEditable> {
  const result: Partial<StrategyEditable> = { ...patch };
  if (patch.bid !== undefined) result.bid = canonicalBid(patch.bid);
  if (patch.targeting) result.targeting = canonicalTargeting(patch.targeting);
  if (patch.style_ids) result.style_ids = unique(patch.style_ids);
  if (patch.languages) result.languages = unique(patch.languages);
  if (patch.creative_ids) result.creative_ids = unique(patch.creative_ids);
  return result;
}

/** The columns of (a part of) the strategy's fields. */
export function strategyColumnsOf(fields: Partial<StrategyEditable>): Partial<StrategyInsert> {
  return {
    name: fields.name,
    bid: fields.bid,
    targeting: fields.targeting,
    styleIds: fields.style_ids,
    languages: fields.languages,
    creativeIds: fields.creative_ids,
  };
}

/** What a strategy's creation log holds: its plan and every editable field. */
type StrategyLogged = StrategyEditable & { plan_id: number };

export const strategyEntity: SettingEntity<StrategyRow, StrategyLogged> = {
  targetType: 'strategy',
  label: 'Strategy',
  find: strategyRepo.findStrategy,
  fieldsOf: (row) => ({ plan_id: row.planId, ...strategyFieldsOf(row) }),
};

export function presentStrategy(row: StrategyRow): Strategy {
  return {
    id: row.id,
    plan_id: row.planId,
    ...strategyFieldsOf(row),
    status: row.status,
    ...isoTimes(row),
  };
}
