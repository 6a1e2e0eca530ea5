/**
 * Media (docs/product/console.md#screens /ssp/media, docs/product/supply.md#media): the reach-filtered list with slot counts, every
 * media for selects, the accounts a media may belong to, create, modify and switch
 * (active 0, inactive 1, deleted 5; a deleted media is final). The owner of a new media is
 * the acting user unless another one in reach is named. Every write is noted (change_log,
 * target type media). docs/decisions/supply.md.
 */
import { AppError, WideStatus, type Media, type MediaFields } from '@adloom/domain';
import { assertReaches, ownerScope } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import {
  createNoted,
  type ModifyBody,
  modifyNoted,
  notFound,
  type SwitchBody,
  switchNoted,
  type Writer,
} from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import * as repo from './media-repo.js';
import type { MediaRow, MediaSort, MediaView } from './media-repo.js';
import { mediaColumnsOf, mediaEntity, mediaFieldsOf, presentMedia } from './present.js';
import type { MediaEditable } from './present.js';

/** How many accounts the owner select offers at once. */
export const OWNER_CHOICES = 20;

export interface MediaQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: MediaSort | undefined;
  order: 'asc' | 'desc';
  status?: number | undefined;
  owner_id?: number | undefined;
  os?: number | undefined;
}

export async function listMedia(db: Database, auth: AuthContext, query: MediaQuery) {
  const scope = await ownerScope(
    db,
    auth.actingUser,
    repo.mediaOwnerColumn,
    'supply',
    query.owner_id,
  );
  const { rows, total } = await repo.listMedia(
    db,
    {
      scope,
      keyword: query.keyword,
      status: query.status,
      os: query.os,
      sort: query.sort,
      order: query.order,
    },
    windowOf(query.page, query.size),
  );
  return pageOf(rows.map(presentMedia), total, query);
}

export async function listAllMedia(db: Database, auth: AuthContext): Promise<Media[]> {
  const scope = await ownerScope(db, auth.actingUser, repo.mediaOwnerColumn, 'supply');
  return (await repo.listAllMedia(db, scope)).map(presentMedia);
}

/** The acting user and the accounts it reaches (everyone for ssp and system), by keyword. */
export async function listMediaOwners(db: Database, auth: AuthContext, keyword?: string) {
  const scope = await ownerScope(db, auth.actingUser, repo.userIdColumn, 'supply');
  return repo.findOwners(db, scope, keyword, OWNER_CHOICES);
}

/** Loads a media in the acting user's reach: not found (-150), or -110 outside it. */
export async function loadMedia(db: Database, auth: AuthContext, id: number): Promise<MediaRow> {
  const row = await repo.findMedia(db, id);
  if (!row) throw notFound('Media', id);
  await assertReaches(db, auth.actingUser, row.ownerId, 'supply');
  return row;
}

/** A named owner must be in reach (else -110) and exist (else a field error). */
async function checkOwner(db: Database, auth: AuthContext, ownerId: number): Promise<void> {
  await assertReaches(db, auth.actingUser, ownerId, 'supply');
  if (!(await repo.accountExists(db, ownerId))) {
    throw AppError.field('owner_id', 'supply.unknownOwner');
  }
}

/** Media names are unique per owner (issue 20 item 6): the spec's "Exists, don't duplicate.". */
async function refuseDuplicateName(
  db: Database,
  ownerId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  if (await repo.mediaNameTaken(db, ownerId, name, exceptId)) {
    throw AppError.field('name', 'error.existent');
  }
}

function refuseDeleted(row: MediaRow): void {
  if (row.status === WideStatus.deleted) {
    throw AppError.field('status', 'supply.mediaFinal');
  }
}

async function reloadView(tx: Database, id: number): Promise<MediaView | undefined> {
  return repo.findMediaView(tx, id);
}

/** A new media, active, of the acting user or of the owner named. */
export async function createMedia(writer: Writer, body: MediaFields): Promise<Media> {
  const { db, auth } = writer;
  const ownerId = body.owner_id ?? auth.actingUser.id;
  if (ownerId !== auth.actingUser.id) await checkOwner(db, auth, ownerId);
  await refuseDuplicateName(db, ownerId, body.name);
  const row = await createNoted(mediaEntity, writer, async (tx) => {
    const id = await repo.insertMedia(tx, {
      ownerId,
      name: body.name,
      os: body.os,
      bundle: body.bundle,
      status: WideStatus.active,
    });
    const created = await reloadView(tx, id);
    if (!created) throw new Error(`createMedia: media ${id} vanished`);
    return created;
  });
  return presentMedia(row);
}

/** Changes a media's name, OS, bundle or owner with a note (only changed fields). */
export async function modifyMedia(writer: Writer, body: ModifyBody<MediaEditable>) {
  const { db, auth } = writer;
  const { id, note, ...patch } = body;
  const current = await loadMedia(db, auth, id);
  refuseDeleted(current);
  if (patch.owner_id !== undefined && patch.owner_id !== current.ownerId) {
    await checkOwner(db, auth, patch.owner_id);
  }
  if (patch.name !== undefined || patch.owner_id !== undefined) {
    await refuseDuplicateName(
      db,
      patch.owner_id ?? current.ownerId,
      patch.name ?? current.name,
      current.id,
    );
  }
  const row = await modifyNoted(
    mediaEntity,
    { ...writer, note },
    {
      id,
      patch,
      view: mediaFieldsOf,
      update: async (tx, mediaId, changes) =>
        (await repo.updateMedia(tx, mediaId, mediaColumnsOf(changes)))
          ? reloadView(tx, mediaId)
          : undefined,
    },
  );
  return presentMedia(row);
}

/**
 * Active (0), inactive (1) or deleted (5). The slots stay as they are (their list shows
 * the media's state); a deleted media is never switched back.
 */
export async function switchMedia(writer: Writer, body: SwitchBody): Promise<Media> {
  const { db, auth } = writer;
  const current = await loadMedia(db, auth, body.id);
  refuseDeleted(current);
  const row = await switchNoted(mediaEntity, writer, body, async (tx, mediaId, status) =>
    (await repo.updateMedia(tx, mediaId, { status })) ? reloadView(tx, mediaId) : undefined,
  );
  return presentMedia(row);
}
