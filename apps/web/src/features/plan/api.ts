/**
 * Plans and strategies on the wire and in the forms: the form shows currency units and
 * UTC wall-clock times, the contract carries micros and ISO instants. Every check runs the
 * shared zod schemas (ZPlanShape + planFieldIssues, ZStrategyFields) on the converted values.
 */
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import {
  Billing,
  PlanStep,
  ZPlanShape,
  ZStrategyFields,
  fromMicros,
  getPlan,
  listPlans,
  listStrategies,
  planFieldIssues,
  toMicros,
  type EndpointBody,
  type Plan,
  type Schedule,
  type Strategy,
  type createPlan,
  type createStrategy,
} from '@adloom/domain';
import { useInvalidate } from '../../components/list/editing';
import { isRequiredField } from '../../lib/zodRule';
import { normalizeSchedule, SCHEDULE_PRESETS } from './schedule';
import { cleanRule, type TargetingRule } from './targeting';
import { planIssueText, planMessageText } from './messages';

dayjs.extend(utc);

// ---------------------------------------------------------------- money and times

/** Micros → the text a money input shows ("12.5"); empty for null. */
export function unitsText(micros: number | null | undefined): string | null {
  if (micros === null || micros === undefined) return null;
  return String(fromMicros(micros));
}

/** A money input's text → micros; undefined when empty, NaN when not an amount. */
export function microsOf(text: string | number | null | undefined): number | undefined {
  if (text === null || text === undefined || String(text).trim() === '') return undefined;
  try {
    return toMicros(String(text));
  } catch {
    return Number.NaN;
  }
}

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

/**
 * An instant as the picker shows it: its UTC wall-clock time (the picker works in the
 * browser's zone, so the UTC reading is handed over as a plain local time).
 */
export function pickerValueOf(instant: string | null | undefined): Dayjs | null {
  if (!instant) return null;
  return dayjs(dayjs.utc(instant).format(WALL_CLOCK));
}

/** The picker's wall-clock time read as UTC, as an ISO instant. */
export function instantOf(value: Dayjs | null | undefined): string | null {
  if (!value || !value.isValid()) return null;
  return dayjs.utc(value.format(WALL_CLOCK)).toISOString();
}

/** An ISO instant in one spelling, so "…Z" and "…+00:00" compare equal. */
export function sameInstant(instant: string | null): string | null {
  return instant === null ? null : new Date(instant).toISOString();
}

// ---------------------------------------------------------------- plan form

export interface PlanFormValues {
  name: string;
  /** Daily budget in currency units. */
  budget: string | null;
  /** Default bid in currency units; empty = each strategy bids. */
  bid: string | null;
  billing: number | null;
  schedule: Schedule;
  start_at: Dayjs | null;
  end_at: Dayjs | null;
  times_per_user: number | null;
  frequency_per_user: number | null;
  interval_seconds: number | null;
  cache_seconds: number | null;
  /** IabCategory code; null = not stated. */
  iab_category: string | null;
}

/** A new plan: CPM, every hour, starting at the next full hour (UTC), no caps. */
export function newPlanForm(now = new Date()): PlanFormValues {
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  start.setUTCHours(start.getUTCHours() + 1);
  return {
    name: '',
    budget: null,
    bid: null,
    billing: Billing.cpm,
    schedule: SCHEDULE_PRESETS.everyHour(),
    start_at: pickerValueOf(start.toISOString()),
    end_at: null,
    times_per_user: 0,
    frequency_per_user: 0,
    interval_seconds: 0,
    cache_seconds: 0,
    iab_category: null,
  };
}

export function planFormOf(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    budget: unitsText(plan.budget),
    bid: plan.bid === 0 ? null : unitsText(plan.bid),
    billing: plan.billing,
    schedule: normalizeSchedule(plan.schedule),
    start_at: pickerValueOf(plan.start_at),
    end_at: pickerValueOf(plan.end_at),
    times_per_user: plan.times_per_user,
    frequency_per_user: plan.frequency_per_user,
    interval_seconds: plan.interval_seconds,
    cache_seconds: plan.cache_seconds,
    iab_category: plan.iab_category,
  };
}

export type PlanBody = EndpointBody<typeof createPlan>;

/** The form as the contract carries it (whatever is typed; the schema judges it). */
export function planBodyOf(values: PlanFormValues): PlanBody {
  return {
    name: values.name?.trim() ?? '',
    budget: microsOf(values.budget) as number,
    bid: microsOf(values.bid) ?? 0,
    billing: values.billing as number,
    schedule: normalizeSchedule(values.schedule),
    start_at: instantOf(values.start_at) as string,
    end_at: instantOf(values.end_at),
    times_per_user: values.times_per_user ?? 0,
    frequency_per_user: values.frequency_per_user ?? 0,
    interval_seconds: values.interval_seconds ?? 0,
    cache_seconds: values.cache_seconds ?? 0,
    iab_category: (values.iab_category ?? null) as PlanBody['iab_category'],
  };
}

/** The stored plan in the same shape, for the None Update comparison of a noted write. */
export function planBodyOfPlan(plan: Plan): PlanBody {
  return {
    name: plan.name,
    budget: plan.budget,
    bid: plan.bid,
    billing: plan.billing,
    schedule: normalizeSchedule(plan.schedule),
    start_at: sameInstant(plan.start_at) as string,
    end_at: sameInstant(plan.end_at),
    times_per_user: plan.times_per_user,
    frequency_per_user: plan.frequency_per_user,
    interval_seconds: plan.interval_seconds,
    cache_seconds: plan.cache_seconds,
    iab_category: plan.iab_category as PlanBody['iab_category'],
  };
}

const REQUIRED_PLAN_FIELDS: readonly (keyof PlanFormValues)[] = ['budget', 'billing', 'start_at'];

/** The first problem with one field of the plan form, in the interface language. */
export function planFieldProblem(
  field: keyof PlanFormValues,
  values: PlanFormValues,
): string | undefined {
  const raw = values[field];
  if (REQUIRED_PLAN_FIELDS.includes(field) && (raw === null || raw === undefined || raw === '')) {
    return planMessageText('input.required');
  }
  const body = planBodyOf(values);
  if ((field === 'budget' || field === 'bid') && Number.isNaN(body[field])) {
    return planMessageText('fund.amountFormat');
  }
  const parsed = ZPlanShape.safeParse(body);
  const issue = parsed.error?.issues.find((candidate) => candidate.path[0] === field);
  if (issue) return planIssueText(issue);
  if (typeof body.start_at !== 'string') return undefined;
  const cross = planFieldIssues({
    start_at: body.start_at,
    end_at: body.end_at ?? null,
    frequency_per_user: Number(body.frequency_per_user),
    interval_seconds: Number(body.interval_seconds),
  }).find((candidate) => candidate.path === field);
  return cross ? planMessageText(cross.code) : undefined;
}

/** An antd rule checking one plan field with the shared schema and cross-field rules. */
export function planRule(field: keyof PlanFormValues): FormRule {
  const required = REQUIRED_PLAN_FIELDS.includes(field) || isRequiredField(ZPlanShape, field);
  return (form) => ({
    required,
    validator: async (_rule, value: unknown) => {
      const values = { ...(form.getFieldsValue(true) as PlanFormValues), [field]: value };
      const problem = planFieldProblem(field, values);
      if (problem) throw new Error(problem);
    },
  });
}

// ---------------------------------------------------------------- strategy form

export interface StrategyFormValues {
  name: string;
  /** Bid in currency units; empty = the plan's bid. */
  bid: string | null;
  style_ids: number[];
  languages: string[];
  targeting: TargetingRule[];
}

export function newStrategyForm(): StrategyFormValues {
  return { name: '', bid: null, style_ids: [], languages: [], targeting: [] };
}

export function strategyFormOf(strategy: Strategy): StrategyFormValues {
  return {
    name: strategy.name,
    bid: unitsText(strategy.bid),
    style_ids: [...strategy.style_ids],
    languages: [...strategy.languages],
    targeting: strategy.targeting.map(cleanRule),
  };
}

export type StrategyBody = Omit<EndpointBody<typeof createStrategy>, 'plan_id' | 'creative_ids'>;

export function strategyBodyOf(values: StrategyFormValues): StrategyBody {
  return {
    name: values.name?.trim() ?? '',
    bid: microsOf(values.bid) ?? null,
    style_ids: [...(values.style_ids ?? [])].sort((a, b) => a - b),
    languages: [...(values.languages ?? [])],
    targeting: (values.targeting ?? []).map(cleanRule),
  };
}

export function strategyBodyOfStrategy(strategy: Strategy): StrategyBody {
  return strategyBodyOf(strategyFormOf(strategy));
}

/** The bid a strategy serves with: its own, else the plan's (micros; 0 = none). */
export function effectiveBid(strategyBid: number | null | undefined, planBid: number): number {
  return strategyBid && strategyBid > 0 ? strategyBid : planBid;
}

/**
 * The first problem with one field of the strategy form. The bid: 'Please enter at least
 * one correct bid price' when neither the strategy nor its plan bids (docs/product/messages-and-codes.md#form-messages).
 */
export function strategyFieldProblem(
  field: keyof StrategyFormValues,
  values: StrategyFormValues,
  planBid: number,
): string | undefined {
  const body = strategyBodyOf(values);
  if (field === 'bid') {
    const bid = body.bid;
    if (typeof bid === 'number' && Number.isNaN(bid)) return planMessageText('ad.bidRequired');
    if (effectiveBid(bid as number | null, planBid) <= 0) {
      return planMessageText('ad.bidRequired');
    }
  }
  const parsed = ZStrategyFields.safeParse({ ...body, plan_id: 1 });
  const issue = parsed.error?.issues.find((candidate) => candidate.path[0] === field);
  return issue ? planIssueText(issue) : undefined;
}

export function strategyRule(field: keyof StrategyFormValues, planBid: number): FormRule {
  const required = isRequiredField(ZStrategyFields, field);
  return (form) => ({
    required,
    validator: async (_rule, value: unknown) => {
      const values = { ...(form.getFieldsValue(true) as StrategyFormValues), [field]: value };
      const problem = strategyFieldProblem(field, values, planBid);
      if (problem) throw new Error(problem);
    },
  });
}

// ---------------------------------------------------------------- flow and cache

/** The plan list's sorts, as the contract defines them. */
export { PLAN_SORTS } from '@adloom/domain';

/** The steps of the creation flow (docs/product/console.md#plan-creation-flow), 1-4. */
export const FLOW_STEPS = PlanStep.values;

/** Creation was completed (step 4; the publish time is set then). */
export function isComplete(plan: Pick<Plan, 'creation_step'>): boolean {
  return plan.creation_step >= PlanStep.complete;
}

/** The step a plan resumes at: where its creation stands, the form once it is complete. */
export function resumeStep(plan: Pick<Plan, 'creation_step'>): number {
  if (isComplete(plan)) return PlanStep.plan;
  return Math.min(Math.max(plan.creation_step, PlanStep.plan), PlanStep.complete);
}

/** Everything a plan or strategy write makes stale. */
export function useInvalidatePlans() {
  return useInvalidate(listPlans, getPlan, listStrategies);
}
