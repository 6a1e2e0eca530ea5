/**
 * The strategy form's checks that span a list (trigger rules, allocations), and the server's
 * field issues placed on the form: `triggers.2.values.1` goes on the trigger rules field as
 * "Country: Targeting information is wrong", `allocations.0.dsp_id` on the allocations as
 * "Row 1: Unknown demand partner" — each in the interface language.
 */
import type { FormInstance, FormRule } from 'antd';
import { OrientationKey, TRIGGER_KEYS } from '@adloom/domain';
import { currentLanguage, i18n } from '../../lib/i18n';
import { ruleIssues, type TargetingRule } from '../plan/targeting';
import { checkAllocations, type AllocationRow, type StrategyForm } from './form';
import { strategyMessageText } from './messages';

const ruleLabel = (rule: TargetingRule | undefined, index: number): string =>
  rule && OrientationKey.has(rule.key)
    ? OrientationKey.label(rule.key, currentLanguage())
    : i18n.t('sspStrategy.trigger.ruleNumber', { row: index + 1 });

const rowText = (index: number, message: string): string =>
  i18n.t('sspStrategy.allocation.rowIssue', {
    row: index + 1,
    message: strategyMessageText(message),
  });

/** The first problem of the trigger rules, as the form shows it; undefined when sound. */
export function triggersProblem(rules: readonly TargetingRule[]): string | undefined {
  const keys = TRIGGER_KEYS as readonly string[];
  const issues = ruleIssues(rules);
  for (const [index, rule] of rules.entries()) {
    const issue = keys.includes(rule.key) ? issues[index]?.code : 'ad.targetingWrong';
    if (issue) return `${ruleLabel(rule, index)}: ${strategyMessageText(issue)}`;
  }
  return undefined;
}

/** The sum over 1000, else the first row's problem; undefined when sound. */
export function allocationsProblem(rows: readonly AllocationRow[]): string | undefined {
  const check = checkAllocations(rows);
  if (check.over) return strategyMessageText(check.over);
  const index = check.rows.findIndex((message) => message !== undefined);
  const message = check.rows[index];
  return message ? rowText(index, message) : undefined;
}

export const triggersRule: FormRule = {
  validator: async (_rule, value: TargetingRule[] | undefined) => {
    const problem = triggersProblem(value ?? []);
    if (problem) throw new Error(problem);
  },
};

export const allocationsRule: FormRule = {
  validator: async (_rule, value: AllocationRow[] | undefined) => {
    const problem = allocationsProblem(value ?? []);
    if (problem) throw new Error(problem);
  },
};

type FieldData = Parameters<FormInstance['setFields']>[0][number];

/** One server issue's text on its top-level field: the rule or row it concerns named first. */
function liftedText(path: readonly (string | number)[], message: string, values: StrategyForm) {
  const [field, position] = path;
  const index = Number(position);
  const text = strategyMessageText(message);
  if (path.length < 2 || !Number.isInteger(index)) return text;
  if (field === 'triggers') return `${ruleLabel(values.triggers[index], index)}: ${text}`;
  if (field === 'allocations') return rowText(index, message);
  return text;
}

/**
 * A form whose setFields lifts nested issues (from lib/formErrors' applyFieldErrors) onto
 * their top-level field, so the triggers and allocations items show them.
 */
export function liftingForm(form: FormInstance<StrategyForm>): FormInstance {
  return {
    ...form,
    setFields: (fields: FieldData[]) => {
      const values = form.getFieldsValue(true) as StrategyForm;
      const byField = new Map<keyof StrategyForm, string[]>();
      for (const field of fields) {
        const path = (Array.isArray(field.name) ? field.name : [field.name]) as (string | number)[];
        const top = String(path[0]) as keyof StrategyForm;
        const errors = (field.errors ?? []).map((error) => liftedText(path, String(error), values));
        byField.set(top, [...(byField.get(top) ?? []), ...errors]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    },
  } as FormInstance;
}
