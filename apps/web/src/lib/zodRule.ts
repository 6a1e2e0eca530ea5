/**
 * Ant Design form rules from the shared zod schemas, so a form checks exactly what the
 * server checks (one source of truth for every limit). The whole form is parsed so that
 * cross-field refinements (passwords typed twice) land on the field they name.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueMessage } from '@adloom/domain';
import { messageText } from './messages';

/** The text of one zod issue of a shared schema, in the interface language. */
export function issueText(issue: z.core.$ZodIssue): string {
  return messageText(issueMessage(issue));
}

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

/** What an empty control holds: nothing typed, nothing picked. */
const EMPTY_VALUES: readonly unknown[] = ['', undefined, null, []];

/** The schema of `field` inside an object schema (through refinements and pipes). */
function fieldSchemaOf(schema: z.ZodType, field: string): z.ZodType | undefined {
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return undefined;
  if (def.type === 'object') return (def.shape as Record<string, z.ZodType>)[field];
  if (def.type === 'pipe') return fieldSchemaOf(def.in as z.ZodType, field);
  return undefined;
}

/**
 * A field is required when its own schema accepts no empty value. (A field required only
 * with another value, in an object refinement, carries no mark: it is not always required.)
 */
export function isRequiredField(schema: z.ZodType, field: string): boolean {
  const own = fieldSchemaOf(schema, field);
  return own !== undefined && EMPTY_VALUES.every((empty) => !own.safeParse(empty).success);
}

/**
 * An antd rule checking `field` with the form schema `schema`. It carries `required` when the
 * schema requires the field, so the form shows antd's required mark (and no hand-written one).
 */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  const required = isRequiredField(schema, field);
  return (form) => ({
    required,
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
