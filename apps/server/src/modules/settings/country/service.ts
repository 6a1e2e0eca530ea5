/**
 * Countries: every one, a page (search by name or code, status filter, sort), create,
 * modify and switch. Rules: every lang id names a stored language, and the main language
 * (lang_id) is one of them.
 */
import { AppError, type Country, type CountryFields } from '@adloom/domain';
import type { Database } from '../../../db/client.js';
import { existingLanguageIds } from '../language/repo.js';
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
import type { CountryRow, CountrySort } from './repo.js';

export const countryEntity: SettingEntity<CountryRow, CountryFields> = {
  targetType: 'country',
  label: 'Country',
  find: repo.findCountry,
  fieldsOf: (row) => ({
    name: row.name,
    code: row.code,
    lang_id: row.langId,
    lang_ids: row.langIds,
  }),
};

export const presentCountry = (row: CountryRow): Country => ({
  id: row.id,
  name: row.name,
  code: row.code,
  lang_id: row.langId,
  lang_list: row.langIds,
  status: row.status,
  ...isoTimes(row),
});

const unique = (ids: number[]) => [...new Set(ids)];

async function checkLanguages(db: Database, fields: CountryFields): Promise<void> {
  const found = await existingLanguageIds(db, fields.lang_ids);
  const missing = fields.lang_ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw AppError.field('lang_ids', 'settings.unknownLanguages', {
      ids: missing.join(', '),
    });
  }
  if (fields.lang_id !== null && !fields.lang_ids.includes(fields.lang_id)) {
    throw AppError.field('lang_id', 'settings.mainLanguage');
  }
}

export async function listAllCountries(db: Database): Promise<Country[]> {
  return (await repo.listAllCountries(db)).map(presentCountry);
}

export interface CountryQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: CountrySort | undefined;
  order: 'asc' | 'desc';
  status?: number | undefined;
}

export async function listCountries(db: Database, query: CountryQuery) {
  const { rows, total } = await repo.listCountries(db, query, windowOf(query.page, query.size));
  return pageOf(rows.map(presentCountry), total, query);
}

export async function createCountry(writer: Writer, body: CountryFields): Promise<Country> {
  const fields = { ...body, lang_ids: unique(body.lang_ids) };
  await checkLanguages(writer.db, fields);
  const row = await createNoted(countryEntity, writer, (tx) =>
    repo.insertCountry(tx, {
      name: fields.name,
      code: fields.code,
      langId: fields.lang_id,
      langIds: fields.lang_ids,
    }),
  );
  return presentCountry(row);
}

export async function modifyCountry(
  writer: Writer,
  body: ModifyBody<CountryFields>,
): Promise<Country> {
  const { id, note, patch } = splitModifyBody(body);
  if (patch.lang_ids) patch.lang_ids = unique(patch.lang_ids);
  const row = await modifyNoted(
    countryEntity,
    { ...writer, note },
    {
      id,
      patch,
      view: countryEntity.fieldsOf,
      validate: (merged) => checkLanguages(writer.db, merged),
      update: repo.updateCountry,
    },
  );
  return presentCountry(row);
}

export async function switchCountry(writer: Writer, body: SwitchBody): Promise<Country> {
  const row = await switchNoted(countryEntity, writer, body, (tx, id, status) =>
    repo.updateCountry(tx, id, { status }),
  );
  return presentCountry(row);
}
