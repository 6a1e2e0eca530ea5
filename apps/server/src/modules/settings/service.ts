/** The setting lists in their wire shapes (contracts/settings.ts). */
import type { AdStyle, Country, Language } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import * as repo from './repo.js';

export async function listLanguages(db: Database): Promise<Language[]> {
  return repo.listLanguages(db);
}

export async function listAllCountries(db: Database): Promise<Country[]> {
  const rows = await repo.listCountries(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    lang_id: row.langId,
    lang_list: row.langIds,
    status: row.status,
  }));
}

export async function listStyles(db: Database): Promise<AdStyle[]> {
  const rows = await repo.listStyles(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    icon_size: row.iconSize,
    img_size: row.imgSize,
    img3_size: row.img3Size,
    video_size: row.videoSize,
    meta: row.meta,
    title_length: row.titleLength,
    description_length: row.descriptionLength,
  }));
}
