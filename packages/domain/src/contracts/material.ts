/**
 * Materials (docs/product/console.md#screens /ad/resource, docs/product/advertising.md#materials, docs/product/advertising.md#transcoding transcoding, docs/product/advertising.md#uploads upload rules):
 * images and videos an advertiser uploads and picks from a library in the creative form.
 * Uploads are multipart with one `file` part; the type is found from the content.
 */
import { msg } from '../messages.js';
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZOwnerFilter, ZOwnerRef } from './ad-common.js';
import { MaterialKind, TranscodeState, WideStatus } from '../enums.js';

const AD = ['adController'] as const;

/** The list's sortable columns. */
export const MATERIAL_SORTS = ['id', 'name', 'size_bytes', 'created_at'] as const;

export const ZMaterial = z.object({
  id: z.number().int(),
  owner: ZOwnerRef,
  name: z.string(),
  kind: z.string(),
  mime: z.string(),
  ext: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Videos only. */
  duration_ms: z.number().int().nullable(),
  /** TranscodeState for videos; null for images. */
  transcode_state: z.number().int().nullable(),
  transcode_error: z.string().nullable(),
  /** Where the original (or, once transcoded, the web-playable MP4) is served. */
  url: z.string(),
  /** A small JPEG preview; null until made. */
  thumbnail_url: z.string().nullable(),
  status: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Material = z.infer<typeof ZMaterial>;

export const ZMaterialName = z.string().trim().min(1).max(128);

/** The rename form (what modifyMaterial changes). */
export const ZMaterialFields = z.object({ name: ZMaterialName });

/** The upload's form fields besides the `file` part: a blank name takes the file's name. */
export const ZUploadFields = z.object({
  name: z.string().trim().max(128).optional(),
});

export const listMaterials = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/resource/list',
  summary: 'A page of materials within reach: search by name, filter by kind, status, state',
  tag: 'materials',
  access: AD,
  query: ZPageQuery.extend({
    sort: z.enum(MATERIAL_SORTS).optional(),
    kind: z
      .string()
      .refine((value) => MaterialKind.has(value), msg('input.unknownKind'))
      .optional(),
    status: strictNumber(
      z
        .number()
        .int()
        .refine((value) => WideStatus.has(value), msg('input.unknownStatus')),
    ).optional(),
    transcode_state: strictNumber(
      z
        .number()
        .int()
        .refine((value) => TranscodeState.has(value), msg('input.unknownStatus')),
    ).optional(),
    owner_id: ZOwnerFilter,
  }),
  response: ZPage(ZMaterial),
});

export const getMaterial = defineEndpoint({
  method: 'GET',
  path: '/svc/ad/resource/detail',
  summary: 'One material (poll it while a video transcodes)',
  tag: 'materials',
  access: AD,
  query: z.object({ id: ZId }),
  response: ZMaterial,
});

/**
 * The upload: multipart with the `file` part and an optional `name` field (defaults to the
 * file's name). jpg, png, gif, mp4, mkv up to 50 MB, checked by content while streaming.
 * A video answers with transcode_state 0 and turns 1 (or 2) in the background: poll
 * getMaterial. The list hides deleted materials unless asked for status 5.
 */
export const uploadMaterial = defineEndpoint({
  method: 'POST',
  path: '/svc/ad/resource/upload',
  summary: 'Upload an image or a video (multipart `file`, optional `name`)',
  tag: 'materials',
  access: AD,
  multipart: true,
  body: ZUploadFields,
  response: ZMaterial,
});

export const modifyMaterial = defineEndpoint({
  method: 'PUT',
  path: '/svc/ad/resource/modify',
  summary: 'Rename a material (with an optional note)',
  tag: 'materials',
  access: AD,
  body: z.object({ id: ZId }).extend(ZMaterialFields.shape).extend(ZNoted.shape),
  response: ZMaterial,
});

/** Active 0, inactive 1, deleted 5 (a deleted material leaves the library). */
export const switchMaterial = defineEndpoint({
  method: 'PATCH',
  path: '/svc/ad/resource/switch',
  summary: 'Make a material active, inactive or deleted',
  tag: 'materials',
  access: AD,
  body: z
    .object({
      id: ZId,
      status: strictNumber(
        z
          .number()
          .int()
          .refine((value) => WideStatus.has(value), msg('upload.statusChoice')),
      ),
    })
    .extend(ZNoted.shape),
  response: ZMaterial,
});

export const MATERIAL_ENDPOINTS = {
  listMaterials,
  getMaterial,
  uploadMaterial,
  modifyMaterial,
  switchMaterial,
} as const;
