/**
 * The change-note pattern of docs/product/api-conventions.md#change-notes as plain functions: which fields changed, and
 * the body a noted write sends (the changed fields plus `note`, a JSON string).
 */
import { changedFields, pickFields, type ChangeNote, type TargetTypeValue } from '@adloom/domain';

export type ChangeMethodValue = 'modify' | 'switch' | 'delete' | 'password' | 'unlock';

export interface NotedChange {
  targetType: TargetTypeValue;
  method: ChangeMethodValue;
  /** The id of the changed object. */
  target: number;
  /** The object as loaded (form-shaped: the same field names as `after`). */
  before: Record<string, unknown>;
  /** The form values. */
  after: Record<string, unknown>;
}

/** The fields of `after` that differ from `before`; empty means 'None Update'. */
export function changesOf({ before, after }: Pick<NotedChange, 'before' | 'after'>): string[] {
  return changedFields(before, after);
}

/** The note JSON string a noted write carries. */
export function noteOf(change: NotedChange, fields: readonly string[], comment: string): string {
  const note: ChangeNote = {
    target_type: change.targetType,
    method: change.method,
    target: change.target,
    value_before: JSON.stringify(pickFields(change.before, fields)),
    value_after: JSON.stringify(pickFields(change.after, fields)),
    comment,
  };
  return JSON.stringify(note);
}

/**
 * The body of a write: `{ id, ...changed fields, note }`; without a comment (a quiet
 * write) no note is sent.
 */
export function notedBody(
  change: NotedChange,
  fields: readonly string[],
  comment?: string,
): Record<string, unknown> & { id: number; note?: string } {
  const body: Record<string, unknown> & { id: number; note?: string } = {
    id: change.target,
    ...pickFields(change.after, fields),
  };
  if (comment !== undefined) body.note = noteOf(change, fields, comment);
  return body;
}
