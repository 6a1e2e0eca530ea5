/**
 * One action on several rows (plans, creatives), as docs/decisions/working-lists.md says: the
 * ids are checked first, all at once — any id that does not exist (not found) or is out of the
 * acting user's reach (-110) refuses the whole request and nothing is written. Then each row
 * goes through its single action, with its own transaction and change-log row; a row its state
 * refuses (an AppError of the single action) is answered in `failed` with that action's
 * reason, and the others are written.
 */
import {
  AppError,
  type BulkFailure,
  type BulkResult,
  type ChangeNote,
  type TargetTypeValue,
} from '@adloom/domain';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound } from '../changes/noted.js';

/** Of the asked ids, those that exist and those within the reach condition. */
export type ReachOf = (
  db: Database,
  ids: number[],
  scope: SQL | undefined,
) => Promise<{ existing: Set<number>; inScope: Set<number> }>;

/** Refuses the request when an id does not exist or is out of reach; writes nothing. */
export async function assertAllInReach(
  db: Database,
  ids: number[],
  scope: SQL | undefined,
  reachOf: ReachOf,
  label: string,
): Promise<void> {
  const { existing, inScope } = await reachOf(db, ids, scope);
  const missing = ids.find((id) => !existing.has(id));
  if (missing !== undefined) throw notFound(label, missing);
  if (ids.some((id) => !inScope.has(id))) throw new AppError('noAuthority');
}

/** Why the single action refused a row: its field's reason when it names one, else its own. */
export function failureOf(id: number, error: AppError): BulkFailure {
  // 'Follow the prompts…' alone says nothing in a list of rows: its first own reason does.
  const issue = (error.fields ?? []).find((field) => field.code !== error.messageCode);
  const code = issue?.code ?? error.messageCode;
  const params = issue ? issue.params : error.params;
  return { id, code, ...(params ? { params } : {}) };
}

/** Errors a row's state explains; anything else (reach, the database) stops the request. */
function isRowRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.type === 'validation' || error.type === 'noneUpdate');
}

/** Runs `act` on each id in order: the written ids in `done`, the refused ones in `failed`. */
export async function eachRow(
  ids: number[],
  act: (id: number) => Promise<unknown>,
): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] };
  for (const id of ids) {
    try {
      await act(id);
      result.done.push(id);
    } catch (error) {
      if (!isRowRefusal(error)) throw error;
      result.failed.push(failureOf(id, error));
    }
  }
  return result;
}

/**
 * The note one row's single action carries: the comment typed once for the whole selection,
 * with the row's own target and values, as the console sends for a single switch.
 */
export function rowNote(
  targetType: TargetTypeValue,
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  comment: string | undefined,
): ChangeNote | undefined {
  if (comment === undefined) return undefined;
  return {
    target_type: targetType,
    method: 'switch',
    target: id,
    value_before: JSON.stringify(before),
    value_after: JSON.stringify(after),
    comment,
  };
}
