/**
 * Materials: the library within reach, one material, the upload (probe, thumbnail, store,
 * queue the transcode), rename and switch (noted). Every object is reach-checked with the
 * ad reach rule (access/reach.ts, realm ads); an upload belongs to the acting user.
 */
import {
  AppError,
  TranscodeState,
  type Material,
  type ParsedBody,
  type ParsedQuery,
  type listMaterials as listMaterialsEndpoint,
  type modifyMaterial as modifyMaterialEndpoint,
  type uploadMaterial as uploadMaterialEndpoint,
} from '@adloom/domain';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { assertReaches, ownerScope } from '../../access/reach.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import {
  createNoted,
  loadOrThrow,
  modifyNoted,
  splitModifyBody,
  switchNoted,
  type SettingEntity,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { isoTimes, pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import {
  ToolMissingError,
  imageThumbnail,
  probeImage,
  probeVideo,
  type VideoInfo,
} from './media.js';
import * as repo from './repo.js';
import type { MaterialRow } from './repo.js';
import { materialKeys, type MaterialStorage } from './storage.js';
import type { TranscodeQueue } from './transcode.js';
import type { StagedUpload } from './upload.js';

/** Where the server serves material files (public capability URLs: random keys). */
export const FILES_PREFIX = '/files/';

export const fileUrl = (key: string) => `${FILES_PREFIX}${key}`;

interface MaterialFields extends Record<string, unknown> {
  name: string;
}

export const materialEntity: SettingEntity<MaterialRow, MaterialFields> = {
  targetType: 'material',
  label: 'Material',
  find: repo.findMaterial,
  fieldsOf: (row) => ({ name: row.name }),
};

export function presentMaterial(row: MaterialRow): Material {
  return {
    id: row.id,
    owner: { id: row.ownerId, username: row.ownerUsername, nickname: row.ownerNickname },
    name: row.name,
    kind: row.kind,
    mime: row.mime,
    ext: row.ext,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    duration_ms: row.durationMs,
    transcode_state: row.transcodeState,
    transcode_error: row.transcodeError,
    url: fileUrl(row.transcodedKey ?? row.storageKey),
    thumbnail_url: row.thumbnailKey ? fileUrl(row.thumbnailKey) : null,
    status: row.status,
    ...isoTimes(row),
  };
}

/** What the upload needs besides the database: files, programs, the transcoder. */
export interface MaterialServices {
  storage: MaterialStorage;
  transcodes: TranscodeQueue;
  config: Pick<Config, 'ffprobePath'>;
  log: FastifyBaseLogger;
}

export async function listMaterials(
  db: Database,
  auth: AuthContext,
  query: ParsedQuery<typeof listMaterialsEndpoint>,
) {
  const scope = await ownerScope(db, auth.actingUser, repo.materialOwner, 'ads', query.owner_id);
  const { rows, total } = await repo.listMaterials(
    db,
    {
      scope,
      keyword: query.keyword,
      kind: query.kind,
      status: query.status,
      transcodeState: query.transcode_state,
      sort: query.sort,
      order: query.order,
    },
    windowOf(query.page, query.size),
  );
  return pageOf(rows.map(presentMaterial), total, query);
}

/** The material, when the acting user reaches it (else -110). */
async function loadInReach(db: Database, auth: AuthContext, id: number): Promise<MaterialRow> {
  const row = await loadOrThrow(materialEntity, db, id);
  await assertReaches(db, auth.actingUser, row.ownerId, 'ads');
  return row;
}

export async function getMaterial(db: Database, auth: AuthContext, id: number): Promise<Material> {
  return presentMaterial(await loadInReach(db, auth, id));
}

const unreadable = () => AppError.field('file', 'upload.unreadable');

/** A name for a file that came without one: "video-20260102-030405.mp4". */
function defaultName(file: StagedUpload, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `${file.kind}-${stamp}.${file.ext}`;
}

interface Probed {
  width: number;
  height: number;
  durationMs: number | null;
}

async function probeVideoOrZero(
  services: MaterialServices,
  path: string,
): Promise<VideoInfo | Probed> {
  try {
    return await probeVideo(services.config.ffprobePath, path);
  } catch (error) {
    if (!(error instanceof ToolMissingError)) throw unreadable();
    // Stored anyway: its transcode fails with a clear message until ffmpeg is installed.
    services.log.warn({ program: error.program }, 'ffprobe is missing: video stored unprobed');
    return { width: 0, height: 0, durationMs: null };
  }
}

/**
 * Stores the staged file as a material of the acting user: probe (refusing what cannot be
 * read), thumbnail for images, move into storage under random keys, insert with its change
 * log, then queue a video's transcode. Nothing stays behind when a step fails.
 */
export async function uploadMaterial(
  writer: Writer,
  services: MaterialServices,
  files: StagedUpload[],
  fields: ParsedBody<typeof uploadMaterialEndpoint> | undefined,
): Promise<Material> {
  const [file] = files;
  if (!file) throw AppError.field('file', 'upload.missing');
  const { storage } = services;
  const name = fields?.name?.trim() || file.filename || defaultName(file);
  const keys = materialKeys(file.ext);
  const stored: string[] = [];
  let thumbnailPath: string | undefined;
  try {
    let probed: Probed;
    if (file.kind === 'image') {
      thumbnailPath = await storage.stagingPath('.jpg');
      try {
        const size = await probeImage(file.path);
        await imageThumbnail(file.path, thumbnailPath);
        probed = { ...size, durationMs: null };
      } catch {
        throw unreadable();
      }
    } else {
      probed = await probeVideoOrZero(services, file.path);
    }

    await storage.put(keys.original, file.path);
    stored.push(keys.original);
    if (thumbnailPath) {
      await storage.put(keys.thumbnail, thumbnailPath);
      stored.push(keys.thumbnail);
    }

    const row = await createNoted(materialEntity, writer, (tx) =>
      repo.insertMaterial(tx, {
        ownerId: writer.auth.actingUser.id,
        name,
        kind: file.kind,
        mime: file.mime,
        ext: file.ext,
        sizeBytes: file.size,
        storageKey: keys.original,
        thumbnailKey: thumbnailPath ? keys.thumbnail : null,
        width: probed.width,
        height: probed.height,
        durationMs: file.kind === 'video' ? probed.durationMs : null,
        transcodeState: file.kind === 'video' ? TranscodeState.transcoding : null,
      }),
    );
    if (row.kind === 'video') services.transcodes.enqueue(row.id);
    return presentMaterial(row);
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key)));
    throw error;
  } finally {
    if (thumbnailPath) await rm(thumbnailPath, { force: true });
  }
}

export async function modifyMaterial(
  writer: Writer,
  body: ParsedBody<typeof modifyMaterialEndpoint>,
): Promise<Material> {
  await loadInReach(writer.db, writer.auth, body.id);
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    materialEntity,
    { ...writer, note },
    { id, patch, view: materialEntity.fieldsOf, update: repo.updateMaterial },
  );
  return presentMaterial(row);
}

export async function switchMaterial(writer: Writer, body: SwitchBody): Promise<Material> {
  await loadInReach(writer.db, writer.auth, body.id);
  const row = await switchNoted(materialEntity, writer, body, (tx, id, status) =>
    repo.updateMaterial(tx, id, { status }),
  );
  return presentMaterial(row);
}
