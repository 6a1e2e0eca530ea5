/** Brands: a page, every one, one, create, modify and switch; every write noted. */
import type { Brand, BrandFields } from '@adloom/domain';
import type { Database } from '../../../db/client.js';
import {
  createNoted,
  loadOrThrow,
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
import type { BrandFilter, BrandRow } from './repo.js';

export const brandEntity: SettingEntity<BrandRow, BrandFields> = {
  targetType: 'brand',
  label: 'Brand',
  find: repo.findBrand,
  fieldsOf: (row) => ({ code: row.code, name: row.name }),
};

export const presentBrand = (row: BrandRow): Brand => ({
  id: row.id,
  code: row.code,
  name: row.name,
  status: row.status,
  model_count: row.modelCount,
  ...isoTimes(row),
});

export async function listAllBrands(db: Database): Promise<Brand[]> {
  return (await repo.listAllBrands(db)).map(presentBrand);
}

export async function listBrands(
  db: Database,
  query: BrandFilter & { page: number; size: number },
) {
  const { rows, total } = await repo.listBrands(db, query, windowOf(query.page, query.size));
  return pageOf(rows.map(presentBrand), total, query);
}

export async function getBrand(db: Database, id: number): Promise<Brand> {
  return presentBrand(await loadOrThrow(brandEntity, db, id));
}

export async function createBrand(writer: Writer, fields: BrandFields): Promise<Brand> {
  const row = await createNoted(brandEntity, writer, (tx) =>
    repo.insertBrand(tx, { code: fields.code, name: fields.name }),
  );
  return presentBrand(row);
}

export async function modifyBrand(writer: Writer, body: ModifyBody<BrandFields>): Promise<Brand> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    brandEntity,
    { ...writer, note },
    { id, patch, view: brandEntity.fieldsOf, update: repo.updateBrand },
  );
  return presentBrand(row);
}

export async function switchBrand(writer: Writer, body: SwitchBody): Promise<Brand> {
  const row = await switchNoted(brandEntity, writer, body, (tx, id, status) =>
    repo.updateBrand(tx, id, { status }),
  );
  return presentBrand(row);
}
