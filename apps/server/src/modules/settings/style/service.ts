/** Creative styles: list, create, modify and switch (system role), every write noted. */
import type { AdStyle, AdStyleFields, Size } from '@adloom/domain';
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
import type { StyleRow } from './repo.js';

/** A size in a fixed key order, so a stored jsonb and a parsed form compare equal. */
const sizeOf = (size: Size | null | undefined): Size | null =>
  size ? { width: size.width, height: size.height } : null;

export const styleEntity: SettingEntity<StyleRow, AdStyleFields> = {
  targetType: 'style',
  label: 'Creative style',
  find: repo.findStyle,
  fieldsOf: (row) => ({
    name: row.name,
    type: row.type,
    icon_size: sizeOf(row.iconSize),
    img_size: sizeOf(row.imgSize),
    img3_size: sizeOf(row.img3Size),
    video_size: sizeOf(row.videoSize),
    meta: row.meta as AdStyleFields['meta'],
    title_length: row.titleLength,
    description_length: row.descriptionLength,
  }),
};

export const presentStyle = (row: StyleRow): AdStyle => {
  const fields = styleEntity.fieldsOf(row);
  return { id: row.id, ...fields, status: row.status, ...isoTimes(row) };
};

const unique = <T>(values: T[]): T[] => [...new Set(values)];

export async function listStyles(db: Database): Promise<AdStyle[]> {
  return (await repo.listStyles(db)).map(presentStyle);
}

export async function createStyle(writer: Writer, fields: AdStyleFields): Promise<AdStyle> {
  const row = await createNoted(styleEntity, writer, (tx) =>
    repo.insertStyle(tx, {
      name: fields.name,
      type: fields.type as repo.StyleInsert['type'],
      iconSize: sizeOf(fields.icon_size),
      imgSize: sizeOf(fields.img_size),
      img3Size: sizeOf(fields.img3_size),
      videoSize: sizeOf(fields.video_size),
      meta: unique(fields.meta),
      titleLength: fields.title_length,
      descriptionLength: fields.description_length,
    }),
  );
  return presentStyle(row);
}

export async function modifyStyle(
  writer: Writer,
  body: ModifyBody<AdStyleFields>,
): Promise<AdStyle> {
  const { id, note, patch } = splitModifyBody(body);
  if (patch.meta) patch.meta = unique(patch.meta);
  const row = await modifyNoted(
    styleEntity,
    { ...writer, note },
    { id, patch, view: styleEntity.fieldsOf, update: repo.updateStyle },
  );
  return presentStyle(row);
}

export async function switchStyle(writer: Writer, body: SwitchBody): Promise<AdStyle> {
  const row = await switchNoted(styleEntity, writer, body, (tx, id, status) =>
    repo.updateStyle(tx, id, { status }),
  );
  return presentStyle(row);
}
