/**
 * Ant Design form rules from the shared zod schemas, so a form checks exactly what the
 * server checks (one source of truth for every limit). The whole form is parsed so that
 * cross-field refinements (passwords typed twice) land on the field they name.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueText } from './messages';

export { issueText };

/** The first problem the schema finds with `field` in `values`, or undefined. */
export function fieldProblem(
  schema: z.ZodType,
  field: string,
  values: Record<string, unknown>,
  _t?: TFunction,
): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  return issue ? issueText(issue) : undefined;
}

/** An antd rule checking `field` with the form schema `schema`. */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const values: Record<string, unknown> = {};
      for (const [name, current] of Object.entries(form.getFieldsValue(true) ?? {})) {
        values[name] = current ?? '';
      }
      values[field] = value ?? '';
      const problem = fieldProblem(schema, field, values);
      if (problem) throw new Error(problem);
    },
  });
}
