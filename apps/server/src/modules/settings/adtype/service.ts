/** Ad types (a name and an ad form): list, create, modify and switch, every write noted. */
import type { AdType, AdTypeFields } from '@adloom/domain';
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
import type { AdTypeRow } from './repo.js';

export const adTypeEntity: SettingEntity<AdTypeRow, AdTypeFields> = {
  targetType: 'adType',
  label: 'Ad type',
  find: repo.findAdType,
  fieldsOf: (row) => ({ name: row.name, ad_form: row.adForm }),
};

export const presentAdType = (row: AdTypeRow): AdType => ({
  id: row.id,
  name: row.name,
  ad_form: row.adForm,
  status: row.status,
  ...isoTimes(row),
});

export async function listAdTypes(db: Database): Promise<AdType[]> {
  return (await repo.listAdTypes(db)).map(presentAdType);
}

export async function createAdType(writer: Writer, fields: AdTypeFields): Promise<AdType> {
  const row = await createNoted(adTypeEntity, writer, (tx) =>
    repo.insertAdType(tx, {
      name: fields.name,
      adForm: fields.ad_form as repo.AdTypeInsert['adForm'],
    }),
  );
  return presentAdType(row);
}

export async function modifyAdType(
  writer: Writer,
  body: ModifyBody<AdTypeFields>,
): Promise<AdType> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    adTypeEntity,
    { ...writer, note },
    { id, patch, view: adTypeEntity.fieldsOf, update: repo.updateAdType },
  );
  return presentAdType(row);
}

export async function switchAdType(writer: Writer, body: SwitchBody): Promise<AdType> {
  const row = await switchNoted(adTypeEntity, writer, body, (tx, id, status) =>
    repo.updateAdType(tx, id, { status }),
  );
  return presentAdType(row);
}
