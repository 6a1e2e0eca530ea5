/** Turning zod issues into the validation error of the envelope (code -120, fields named). */
import { AppError, withSafeText, type FieldIssue } from '@adloom/domain';
import type { z } from 'zod';

/** `[{path: 'username', message: 'Too small: …'}]` from zod issues; `root` names a bare value. */
export function fieldsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
  root = 'body',
): FieldIssue[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path].map(String).join('.');
    return { path: path || root, message: issue.message };
  });
}

/** A validation AppError whose message lists every field: `username: Too small: …`. */
export function validationError(fields: FieldIssue[]): AppError {
  const message = fields.map((field) => `${field.path}: ${field.message}`).join('; ');
  return new AppError('validation', message, fields);
}

/**
 * Parses with `schema` behind the text rule (a decoded credential is new text), throwing the
 * field-named validation error on failure.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly PropertyKey[] = [],
): z.output<S> {
  const result = withSafeText(schema).safeParse(value);
  if (!result.success) throw validationError(fieldsFromIssues(result.error.issues, prefix));
  return result.data;
}
