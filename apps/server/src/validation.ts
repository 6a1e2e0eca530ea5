/** Turning zod issues into the validation error of the envelope (code -120, fields named). */
import {
  AppError,
  fieldIssue,
  issueMessage,
  messageErrorMap,
  withSafeText,
  type FieldIssue,
} from '@adloom/domain';
import { z as zod } from 'zod';

/**
 * zod's own messages become catalogue codes (docs/decisions/messages-as-codes.md); set once,
 * for every schema the server parses.
 */
zod.config({ customError: messageErrorMap });

/**
 * `[{path: 'username', code: 'input.required', message: 'Required'}]` from zod issues;
 * `root` names a bare value.
 */
export function fieldsFromIssues(
  issues: readonly zod.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
  root = 'body',
): FieldIssue[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path].map(String).join('.');
    const { code, params } = issueMessage(issue);
    return fieldIssue(path || root, code, params);
  });
}

/** A validation AppError whose message lists every field: `username: Required; …`. */
export function validationError(fields: FieldIssue[]): AppError {
  return AppError.fields(fields);
}

/**
 * Parses with `schema` behind the text rule (a decoded credential is new text), throwing the
 * field-named validation error on failure.
 */
export function parseOrThrow<S extends zod.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly PropertyKey[] = [],
): zod.output<S> {
  const result = withSafeText(schema).safeParse(value);
  if (!result.success) throw validationError(fieldsFromIssues(result.error.issues, prefix));
  return result.data;
}
