/**
 * Device models under a brand: a page of one brand's models, create, modify and switch.
 * A model's brand must exist; its code is unique within the brand; the brand never changes.
 */
import { AppError, type Model, type ModelFields } from '@adloom/domain';
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
import { isoTimes, pageOf } from '../../../http/present.js';
import { windowOf } from '../../../db/sql.js';
import * as repo from './repo.js';
import type { ModelFilter, ModelRow } from './repo.js';

type EditableModelFields = Omit<ModelFields, 'brand_id'>;

export const modelEntity: SettingEntity<ModelRow, EditableModelFields> = {
  targetType: 'model',
  label: 'Model',
  find: repo.findModel,
  fieldsOf: (row) => ({ code: row.code, name: row.name }),
};

export const presentModel = (row: ModelRow): Model => ({
  id: row.id,
  brand_id: row.brandId,
  code: row.code,
  name: row.name,
  status: row.status,
  ...isoTimes(row),
});

export async function listModels(
  db: Database,
  query: ModelFilter & { page: number; size: number },
) {
  const { rows, total } = await repo.listModels(db, query, windowOf(query.page, query.size));
  return pageOf(rows.map(presentModel), total, query);
}

export async function createModel(writer: Writer, fields: ModelFields): Promise<Model> {
  if (!(await repo.brandExists(writer.db, fields.brand_id))) {
    throw AppError.field('brand_id', 'settings.unknownBrand', { id: fields.brand_id });
  }
  const row = await createNoted(
    {
      ...modelEntity,
      fieldsOf: (model) => ({ brand_id: model.brandId, ...modelEntity.fieldsOf(model) }),
    },
    writer,
    (tx) =>
      repo.insertModel(tx, { brandId: fields.brand_id, code: fields.code, name: fields.name }),
  );
  return presentModel(row);
}

export async function modifyModel(
  writer: Writer,
  body: ModifyBody<EditableModelFields>,
): Promise<Model> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    modelEntity,
    { ...writer, note },
    { id, patch, view: modelEntity.fieldsOf, update: repo.updateModel },
  );
  return presentModel(row);
}

export async function switchModel(writer: Writer, body: SwitchBody): Promise<Model> {
  const row = await switchNoted(modelEntity, writer, body, (tx, id, status) =>
    repo.updateModel(tx, id, { status }),
  );
  return presentModel(row);
}
