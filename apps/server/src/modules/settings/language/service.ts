/** Languages: list, create and modify (system role), every write noted. */
import type { Language, LanguageFields } from '@adloom/domain';
import type { Database } from '../../../db/client.js';
import {
  createNoted,
  modifyNoted,
  splitModifyBody,
  type ModifyBody,
  type SettingEntity,
  type WriteContext,
  type Writer,
} from '../../changes/noted.js';
import * as repo from './repo.js';
import type { LanguageRow } from './repo.js';

export const languageEntity: SettingEntity<LanguageRow, LanguageFields> = {
  targetType: 'language',
  label: 'Language',
  find: repo.findLanguage,
  fieldsOf: (row) => ({ name: row.name, code: row.code }),
};

export const presentLanguage = (row: LanguageRow): Language => ({
  id: row.id,
  name: row.name,
  code: row.code,
});

export async function listLanguages(db: Database): Promise<Language[]> {
  return (await repo.listLanguages(db)).map(presentLanguage);
}

export async function createLanguage(
  context: WriteContext,
  fields: LanguageFields,
): Promise<Language> {
  const row = await createNoted(languageEntity, context, (tx) =>
    repo.insertLanguage(tx, { name: fields.name, code: fields.code }),
  );
  return presentLanguage(row);
}

export async function modifyLanguage(
  writer: Writer,
  body: ModifyBody<LanguageFields>,
): Promise<Language> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    languageEntity,
    { ...writer, note },
    { id, patch, view: languageEntity.fieldsOf, update: repo.updateLanguage },
  );
  return presentLanguage(row);
}
