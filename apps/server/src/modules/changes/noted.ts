/**
 * The noted write of every setting, account, ad and supply object (docs/product/api-conventions.md#change-notes), in one place: create, modify and
 * switch load the stored row, compare with changedFields (times ignored), refuse a write
 * that changes nothing ('None Update.'), check the merged row's cross-field rules, then
 * write the row and its change_log row in ONE transaction. A unique-constraint violation
 * answers 'Exists, don't duplicate.' and rolls everything back.
 */
import {
  AppError,
  changedFields,
  pickFields,
  type ChangeNote,
  type TargetTypeValue,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { recordChange } from './service.js';

/** Who writes, where, and the note the write carried. */
export interface WriteContext {
  db: Database;
  auth: AuthContext;
  note?: ChangeNote | undefined;
}

type Fields = Record<string, unknown>;

/** How the noted-write helpers see one kind of setting. */
export interface SettingEntity<Row extends { id: number }, F extends Fields> {
  targetType: TargetTypeValue;
  /** "Country", for messages: "Country 12 was not found." */
  label: string;
  find(db: Database, id: number): Promise<Row | undefined>;
  /** The editable fields of a row, named as the form sends them: what is compared and logged. */
  fieldsOf(row: Row): F;
}

const UNIQUE_VIOLATION = '23505';

/** True when the error (or one it wraps) is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function translateUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('existent');
    throw error;
  }
}

export function notFound(label: string, id: number): AppError {
  return new AppError('notFound', 'error.notFoundItem', undefined, { label, id });
}

export async function loadOrThrow<Row extends { id: number }, F extends Fields>(
  entity: SettingEntity<Row, F>,
  db: Database,
  id: number,
): Promise<Row> {
  const row = await entity.find(db, id);
  if (!row) throw notFound(entity.label, id);
  return row;
}

/** Inserts a row and logs it: before null, after every field of the new row. */
export async function createNoted<Row extends { id: number }, F extends Fields>(
  entity: SettingEntity<Row, F>,
  context: WriteContext,
  insert: (tx: Database) => Promise<Row>,
): Promise<Row> {
  return translateUnique(() =>
    context.db.transaction(async (tx) => {
      const row = await insert(tx);
      await recordChange(tx, {
        targetType: entity.targetType,
        targetId: row.id,
        method: 'create',
        before: null,
        after: entity.fieldsOf(row),
        note: context.note,
        auth: context.auth,
      });
      return row;
    }),
  );
}

export interface ModifyOptions<Row, V extends Fields> {
  id: number;
  /** The fields sent; undefined ones are left alone. */
  patch: Partial<V>;
  /** What is compared: the editable fields for modify, the status for switch. */
  view: (row: Row) => V;
  /** Cross-field rules over the merged row; throws a field-named validation error. */
  validate?: (merged: V, current: Row) => Promise<void> | void;
  /** Writes the changed fields (snake_case, as sent) and answers the updated row. */
  update: (tx: Database, id: number, changes: Partial<V>) => Promise<Row | undefined>;
  method?: 'modify' | 'switch';
}

/** Modify (or switch) with a note: only the changed fields are written and logged. */
export async function modifyNoted<Row extends { id: number }, F extends Fields, V extends Fields>(
  entity: SettingEntity<Row, F>,
  context: WriteContext,
  options: ModifyOptions<Row, V>,
): Promise<Row> {
  const current = await loadOrThrow(entity, context.db, options.id);
  const before = options.view(current);
  const keys = changedFields<V>(before, options.patch);
  if (keys.length === 0) throw new AppError('noneUpdate');
  const changes = pickFields(options.patch as V, keys) as Partial<V>;
  await options.validate?.({ ...before, ...changes }, current);
  return translateUnique(() =>
    context.db.transaction(async (tx) => {
      const row = await options.update(tx, options.id, changes);
      if (!row) throw notFound(entity.label, options.id);
      await recordChange(tx, {
        targetType: entity.targetType,
        targetId: row.id,
        method: options.method ?? 'modify',
        before: pickFields(before, keys),
        after: pickFields(options.view(row), keys),
        note: context.note,
        auth: context.auth,
      });
      return row;
    }),
  );
}

/** Switches a row's status (Active 0 / Inactive 1) with a note; same status → None Update. */
export async function switchNoted<Row extends { id: number; status: number }, F extends Fields>(
  entity: SettingEntity<Row, F>,
  writer: Writer,
  body: SwitchBody,
  update: (tx: Database, id: number, status: number) => Promise<Row | undefined>,
): Promise<Row> {
  return modifyNoted(
    entity,
    { ...writer, note: body.note },
    {
      id: body.id,
      patch: { status: body.status },
      view: (row) => ({ status: row.status }),
      update: (tx, id, changes) => update(tx, id, changes.status ?? body.status),
      method: 'switch',
    },
  );
}

/** Splits a modify body into its id, its note and the fields to change. */
export function splitModifyBody<B extends { id: number; note?: ChangeNote | undefined }>(
  body: B,
): { id: number; note: ChangeNote | undefined; patch: Omit<B, 'id' | 'note'> } {
  const { id, note, ...patch } = body;
  return { id, note, patch };
}

/** Who writes and where; the note comes with the body. */
export type Writer = Omit<WriteContext, 'note'>;

/** A modify body as the contracts type it: the id, the note and the fields. */
export type ModifyBody<F> = Partial<F> & { id: number; note?: ChangeNote | undefined };

/** A switch body: the id, the new status and the note. */
export interface SwitchBody {
  id: number;
  status: number;
  note?: ChangeNote | undefined;
}
