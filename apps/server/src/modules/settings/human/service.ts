/**
 * Audience characteristics: a two-level tree (Gender → Man, Woman; Age → 18-24 …). A child's
 * parent must exist and be top-level; a code is unique among siblings; the parent never
 * changes after creation.
 */
import { AppError, type HumanFields, type HumanItem, type HumanNode } from '@adloom/domain';
import type { Database } from '../../../db/client.js';
import {
  createNoted,
  modifyNoted,
  splitModifyBody,
  switchNoted,
  type ModifyBody,
  type SettingEntity,
  type SwitchBody,
  type Writer,
} from '../../changes/noted.js';
import { isoTimes } from '../../../http/present.js';
import * as repo from './repo.js';
import type { HumanRow } from './repo.js';

type EditableHumanFields = Omit<HumanFields, 'parent_id'>;

export const humanEntity: SettingEntity<HumanRow, EditableHumanFields> = {
  targetType: 'human',
  label: 'Audience characteristic',
  find: repo.findHumanItem,
  fieldsOf: (row) => ({ code: row.code, name: row.name, sort: row.sort }),
};

export const presentHumanItem = (row: HumanRow): HumanItem => ({
  id: row.id,
  parent_id: row.parentId,
  code: row.code,
  name: row.name,
  sort: row.sort,
  status: row.status,
  ...isoTimes(row),
});

/** Top-level items in order, each with its children in order. */
export async function listHumanTree(db: Database): Promise<HumanNode[]> {
  const rows = await repo.listHumanItems(db);
  const children = new Map<number, HumanItem[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(presentHumanItem(row));
    children.set(row.parentId, siblings);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({ ...presentHumanItem(row), children: children.get(row.id) ?? [] }));
}

async function checkParent(db: Database, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const parent = await repo.findHumanItem(db, parentId);
  if (!parent) throw AppError.field('parent_id', 'settings.unknownParent', { id: parentId });
  if (parent.parentId !== null) {
    throw AppError.field('parent_id', 'settings.twoLevels');
  }
}

export async function createHumanItem(writer: Writer, fields: HumanFields): Promise<HumanItem> {
  await checkParent(writer.db, fields.parent_id);
  const row = await createNoted(
    {
      ...humanEntity,
      fieldsOf: (item) => ({ parent_id: item.parentId, ...humanEntity.fieldsOf(item) }),
    },
    writer,
    (tx) =>
      repo.insertHumanItem(tx, {
        parentId: fields.parent_id,
        code: fields.code,
        name: fields.name,
        sort: fields.sort,
      }),
  );
  return presentHumanItem(row);
}

export async function modifyHumanItem(
  writer: Writer,
  body: ModifyBody<EditableHumanFields>,
): Promise<HumanItem> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    humanEntity,
    { ...writer, note },
    { id, patch, view: humanEntity.fieldsOf, update: repo.updateHumanItem },
  );
  return presentHumanItem(row);
}

export async function switchHumanItem(writer: Writer, body: SwitchBody): Promise<HumanItem> {
  const row = await switchNoted(humanEntity, writer, body, (tx, id, status) =>
    repo.updateHumanItem(tx, id, { status }),
  );
  return presentHumanItem(row);
}
