/**
 * The creation flow's checks on the console side (docs/product/console.md#plan-creation-flow, docs/product/messages-and-codes.md#form-messages): what completing a plan
 * needs — the same rules the server applies in plan/completion.ts, answered on the same
 * paths (`strategies.1.creative_ids`) — and where each problem is fixed: the plan form
 * (step 1), a strategy's editor (step 2) or its creatives (step 3).
 */
import type { FormInstance } from 'antd';
import {
  fieldIssue,
  PlanStep,
  type FieldIssue,
  type PlanDetail,
  type Strategy,
} from '@adloom/domain';
import { effectiveBid } from './api';
import { planMessageText } from './messages';
import { ruleIssues } from './targeting';

/** One thing to fix before the plan can be completed. */
export interface Problem {
  /** The English message as the wire carries it (docs/product/messages-and-codes.md#form-messages). */
  message: string;
  /** Its catalogue code and parameters, for the text in the interface language. */
  code?: FieldIssue['code'];
  params?: FieldIssue['params'];
  /** Where it is fixed: 1 plan form, 2 a strategy (or adding one), 3 a strategy's creatives. */
  step: number;
  strategy?: Strategy;
  /** The field within the plan or strategy: `creative_ids`, `bid`, `targeting`… */
  field?: string;
}

/** The problems a plan's strategies have, as the server would answer them. */
export function completionIssues(detail: PlanDetail): FieldIssue[] {
  if (detail.strategies.length === 0) {
    return [fieldIssue('strategies', 'ad.needConfiguration')];
  }
  return detail.strategies.flatMap((strategy, index) => {
    const at = (field: string) => `strategies.${index}.${field}`;
    const issues: FieldIssue[] = [];
    ruleIssues(strategy.targeting).forEach((issue, rule) => {
      if (issue) issues.push(fieldIssue(at(`targeting.${rule}`), issue.code));
    });
    if (strategy.creative_ids.length === 0) {
      issues.push(fieldIssue(at('creative_ids'), 'ad.needCreative'));
    }
    if (effectiveBid(strategy.bid, detail.bid) <= 0) {
      issues.push(fieldIssue(at('bid'), 'ad.bidRequired'));
    }
    if (strategy.style_ids.length === 0) {
      issues.push(fieldIssue(at('style_ids'), 'ad.confirmStyle'));
    }
    if (strategy.languages.length === 0) {
      issues.push(fieldIssue(at('languages'), 'ad.needLanguage'));
    }
    return issues;
  });
}

/** Where an issue of the whole-plan check is fixed. */
export function problemOf(issue: FieldIssue, strategies: readonly Strategy[]): Problem {
  const [head, index, field] = issue.path.split('.');
  const message = {
    message: issue.message,
    ...(issue.code ? { code: issue.code } : {}),
    ...(issue.params ? { params: issue.params } : {}),
  };
  if (head !== 'strategies') return { ...message, step: PlanStep.plan, field: head };
  if (index === undefined) return { ...message, step: PlanStep.strategies };
  const strategy = strategies[Number(index)];
  return {
    ...message,
    step: field === 'creative_ids' ? PlanStep.creatives : PlanStep.strategies,
    strategy,
    field,
  };
}

/** The problems of a set of issues, one per place and message. */
export function problemsOf(issues: readonly FieldIssue[], strategies: readonly Strategy[]) {
  const seen = new Set<string>();
  return issues
    .map((issue) => problemOf(issue, strategies))
    .filter((problem) => {
      const key = `${problem.step}|${problem.strategy?.id ?? ''}|${problem.field ?? ''}|${problem.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * Puts a server answer's field issues on a form, each on the field its path starts with
 * (`style_ids.1` → `style_ids`), in the interface language. Answers the issues that name
 * no field of `fields`.
 */
export function placeIssues(
  form: FormInstance,
  issues: readonly FieldIssue[],
  fields: readonly string[],
): FieldIssue[] {
  const byField = new Map<string, string[]>();
  const rest: FieldIssue[] = [];
  for (const issue of issues) {
    const head = issue.path.split('.')[0] ?? '';
    if (!fields.includes(head)) {
      rest.push(issue);
      continue;
    }
    const texts = byField.get(head) ?? [];
    const text = planMessageText(issue);
    if (!texts.includes(text)) texts.push(text);
    byField.set(head, texts);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return rest;
}

/** `targeting.N…` issues of a strategy answer in the interface language, by rule index. */
export function targetingIssuesByRule(issues: readonly FieldIssue[]): Record<number, string> {
  const byRule: Record<number, string> = {};
  for (const issue of issues) {
    const [head, index] = issue.path.split('.');
    if (head !== 'targeting' || index === undefined) continue;
    const rule = Number(index);
    if (Number.isInteger(rule)) byRule[rule] ??= planMessageText(issue);
  }
  return byRule;
}
