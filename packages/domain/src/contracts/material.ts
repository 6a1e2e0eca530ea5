/**
 * Materials (spec §2 /ad/resource, §3 Material, §4 transcoding, §5 and §9 upload rules):
 * images and videos an advertiser uploads and picks from a library in the creative form.
 * Uploads are multipart with one `file` part; the type is found from the content.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZOwnerFilter, ZOwnerRef } from './ad-common.js';
import { MaterialKind, TranscodeState, WideStatus } from '../enums.js';
import type { InterfaceLanguage, Label } from '../labels.js';

const AD = ['adController'] as const;

/**
 * The upload's refusals (spec §5, §9), answered as the field `file` in English and shown by
 * the console in the interface language through `uploadMessageText`.
 */
export const UPLOAD_MESSAGES = {
  type: {
    en: 'Only jpg, png, gif, mp4 and mkv files are accepted',
    zh: '仅支持 jpg、png、gif、mp4 和 mkv 文件',
  },
  size: { en: 'At most 50 MB', zh: '文件不能超过 50 MB' },
  missing: { en: 'Choose a file to upload', zh: '请选择要上传的文件' },
  single: { en: 'Upload one file at a time', zh: '一次只能上传一个文件' },
  unreadable: {
    en: 'The file cannot be read as an image or a video',
    zh: '无法识别该文件中的图片或视频',
  },
} as const satisfies Record<string, Label>;

const uploadMessagesByEnglish = new Map<string, Label>(
  Object.values(UPLOAD_MESSAGES).map((label) => [label.en, label]),
);

/** An upload refusal in `lang`; undefined when `message` is not one of them. */
export function uploadMessageText(message: string, lang: InterfaceLanguage): string | undefined {
  return uploadMessagesByEnglish.get(message)?.[lang];
}

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
      .refine((value) => MaterialKind.has(value), { message: 'Unknown kind' })
      .optional(),
    status: strictNumber(
      z
        .number()
        .int()
        .refine((value) => WideStatus.has(value), { message: 'Unknown status' }),
    ).optional(),
    transcode_state: strictNumber(
      z
        .number()
        .int()
        .refine((value) => TranscodeState.has(value), { message: 'Unknown state' }),
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
          .refine((value) => WideStatus.has(value), { message: 'Must be 0, 1 or 5' }),
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
