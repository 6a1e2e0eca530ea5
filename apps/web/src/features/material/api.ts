/**
 * Materials over the typed client: the library query (polling while a video transcodes),
 * one material, and the upload sent by XMLHttpRequest for its progress events, with the
 * same headers, proxy parameter and envelope handling as every other call (lib/api.ts).
 */
import { messageText } from '../../lib/messages';
import { useQuery } from '@tanstack/react-query';
import {
  TranscodeState,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  formatWithUnit,
  getMaterial,
  listMaterials,
  uploadMaterial,
  type EndpointQuery,
  type InterfaceLanguage,
  type Material,
  type UPLOAD_MESSAGES,
} from '@adloom/domain';
import {
  ABORTED_CODE,
  ApiError,
  authHeaders,
  errorText,
  noAnswer,
  settle,
  urlOf,
} from '../../lib/api';
import { endpointQuery } from '../../lib/query';

/** How often a transcoding video is looked at again. */
export const TRANSCODE_POLL_MS = 2000;

const isTranscoding = (material: Material | undefined) =>
  material?.transcode_state === TranscodeState.transcoding;

/** A page of the library; polls while any video on it is transcoding. */
export function useMaterialList(query: EndpointQuery<typeof listMaterials>) {
  return useQuery({
    ...endpointQuery(listMaterials, query, { silent: true }),
    refetchInterval: (current) =>
      current.state.data?.list.some(isTranscoding) ? TRANSCODE_POLL_MS : false,
  });
}

/** One material (for previews); polls while it transcodes. Idle without an id. */
export function useMaterial(id: number | null | undefined) {
  return useQuery({
    ...endpointQuery(getMaterial, { id: id ?? 0 }, { silent: true }),
    enabled: typeof id === 'number' && id > 0,
    refetchInterval: (current) => (isTranscoding(current.state.data) ? TRANSCODE_POLL_MS : false),
  });
}

/** What the browser can tell before sending: the name's type and the size (the server decides). */
export function precheckFile(file: {
  name: string;
  size: number;
}): keyof typeof UPLOAD_MESSAGES | null {
  if (file.size === 0) return 'missing';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const known: readonly string[] = [...UPLOAD_EXTENSIONS, 'jpeg'];
  if (!known.includes(ext)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}

/** The `accept` attribute of a file input: the extensions the upload takes. */
export function acceptOf(kind?: 'image' | 'video'): string {
  const image = ['.jpg', '.jpeg', '.png', '.gif'];
  const video = ['.mp4', '.mkv'];
  return (kind === 'image' ? image : kind === 'video' ? video : [...image, ...video]).join(',');
}

export interface UploadOptions {
  /** The material's name; the file's name when blank. */
  name?: string;
  /** 0-100 as the bytes leave the browser. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * Uploads one file as a material. Failures reject with an ApiError (no toast: the caller
 * shows it where the upload is); -100 and -110 still lead to /login and /401.
 */
export function uploadMaterialFile(file: Blob & { name?: string }, options: UploadOptions = {}) {
  return new Promise<Material>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf(uploadMaterial, undefined));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText) as unknown;
      } catch {
        reject(noAnswer({ silent: true }));
        return;
      }
      try {
        resolve(settle(uploadMaterial, payload, { silent: true }));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => reject(noAnswer({ silent: true })));
    xhr.addEventListener('abort', () => reject(new ApiError(ABORTED_CODE, 'aborted')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    const name = options.name?.trim();
    if (name) form.append('name', name);
    form.append('file', file, file.name ?? 'upload');
    xhr.send(form);
  });
}

/** An upload's failure as the person reads it: the field's message in the interface language. */
export function uploadErrorText(error: unknown, lang: InterfaceLanguage): string {
  if (error instanceof ApiError) {
    const [issue] = error.fields;
    if (issue) return messageText(issue, lang);
    return errorText(error, lang);
  }
  return String(error);
}

/** "1.50M" (docs/product/constants.md#formats). */
export const sizeText = (bytes: number) => formatWithUnit(bytes, { decimals: 2 });

/** "1280 x 720" (docs/product/settings.md#creative-styles sizes), or "-" before the probe knows. */
export const dimensionsText = (material: Pick<Material, 'width' | 'height'>) =>
  material.width > 0 && material.height > 0 ? `${material.width} x ${material.height}` : '-';

/** "0:07", "12:03", "1:02:03". */
export function durationText(ms: number | null): string {
  if (ms === null) return '-';
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
