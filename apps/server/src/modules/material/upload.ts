/**
 * Receiving an upload's file part (docs/product/advertising.md#uploads; docs/product/design.md#reliability-and-security): the type is found from the first
 * bytes (file-type), never from the name or the browser's claim; the bytes stream to a
 * staging file while they are counted, and the upload is refused at UPLOAD_MAX_BYTES + 1
 * with the partial file deleted. A refused part is read to its end without being written,
 * so the client still gets the answer on a healthy connection.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { basename } from 'node:path';
import {
  AppError,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIME_TYPES,
  type UPLOAD_EXTENSIONS,
} from '@adloom/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { MaterialStorage } from './storage.js';

export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];
export type MaterialKindValue = 'image' | 'video';

/** How many leading bytes the type is judged by (file-type needs about 4 KB). */
export const SNIFF_BYTES = 64 * 1024;
/** Room for the multipart framing and the name field around a file at the limit. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** What file-type calls the accepted types; an animated PNG is still a PNG. */
const SNIFFED_EXTENSIONS: Record<string, UploadExtension> = {
  jpg: 'jpg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  mp4: 'mp4',
  mkv: 'mkv',
};

export const KIND_OF_EXTENSION: Record<UploadExtension, MaterialKindValue> = {
  jpg: 'image',
  png: 'image',
  gif: 'image',
  mp4: 'video',
  mkv: 'video',
};

/** A file part received whole into staging, of an accepted type. */
export interface StagedUpload {
  path: string;
  size: number;
  ext: UploadExtension;
  mime: string;
  kind: MaterialKindValue;
  /** The name the browser sent, reduced to a plain file name (may be empty). */
  filename: string;
}

export const typeRefused = () => AppError.field('file', 'upload.type');
export const sizeRefused = () => AppError.field('file', 'upload.size');

/** The accepted type of leading bytes, or undefined. */
export async function sniffUpload(head: Uint8Array): Promise<UploadExtension | undefined> {
  // Loaded by the first upload: an idle server need not hold it (docs/PERFORMANCE.md).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  return found ? SNIFFED_EXTENSIONS[found.ext] : undefined;
}

/** A browser's file name as a plain name: no path, no control characters, at most 128. */
export function plainFileName(name: string | undefined): string {
  const base = basename((name ?? '').replaceAll('\\', '/'));
  const printable = [...base].filter((char) => char >= ' ' && char !== '\u007f').join('');
  return printable.trim().slice(0, 128);
}

const stagedByRequest = new WeakMap<FastifyRequest, StagedUpload[]>();

/** The files staged for this request (the handler moves them into storage). */
export function stagedUploads(request: FastifyRequest): StagedUpload[] {
  return stagedByRequest.get(request) ?? [];
}

/** Deletes what is still staged for the request (after the answer: refused or moved). */
export async function discardStaged(request: FastifyRequest): Promise<void> {
  const files = stagedByRequest.get(request) ?? [];
  stagedByRequest.delete(request);
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

/** Reads the rest of a refused part without keeping it. */
function drain(chunks: AsyncIterator<Buffer>): void {
  const next = (): void => {
    chunks.next().then(
      (result) => {
        if (!result.done) next();
      },
      () => undefined,
    );
  };
  next();
}

/**
 * The route's `receiveFile`: one file part per request, sniffed, counted and staged.
 * `maxBytes` is UPLOAD_MAX_BYTES; tests lower it.
 */
export function fileReceiver(storage: MaterialStorage, maxBytes = UPLOAD_MAX_BYTES) {
  return async (request: FastifyRequest, part: MultipartFile): Promise<void> => {
    const stream = part.file;
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const refuse = (error: AppError): never => {
      drain(chunks);
      throw error;
    };
    if (part.fieldname !== 'file') refuse(AppError.field(part.fieldname, 'upload.unexpected'));
    if (stagedUploads(request).length > 0) refuse(AppError.field('file', 'upload.single'));
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      refuse(sizeRefused());
    }

    // The head decides the type before a byte is written.
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < SNIFF_BYTES) {
      const result = await chunks.next();
      if (result.done) {
        ended = true;
        break;
      }
      head.push(result.value);
      headBytes += result.value.length;
    }
    if (headBytes === 0) refuse(AppError.field('file', 'upload.missing'));
    const headBuffer = Buffer.concat(head);
    const ext = await sniffUpload(headBuffer);
    if (!ext) refuse(typeRefused());
    const accepted = ext as UploadExtension;

    const path = await storage.stagingPath(`.${accepted}`);
    const out = createWriteStream(path, { flags: 'wx' });
    let size = 0;
    const write = async (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) throw sizeRefused();
      if (!out.write(chunk)) await once(out, 'drain');
    };
    try {
      await write(headBuffer);
      while (!ended) {
        const result = await chunks.next();
        if (result.done) break;
        await write(result.value);
      }
      // busboy cuts a part at its fileSize limit and marks it truncated.
      if (stream.truncated) throw sizeRefused();
      out.end();
      await once(out, 'finish');
    } catch (error) {
      out.destroy();
      await rm(path, { force: true });
      if (error instanceof AppError) refuse(error);
      throw error;
    }

    const staged: StagedUpload = {
      path,
      size,
      ext: accepted,
      mime: UPLOAD_MIME_TYPES[accepted],
      kind: KIND_OF_EXTENSION[accepted],
      filename: plainFileName(part.filename),
    };
    stagedByRequest.set(request, [...stagedUploads(request), staged]);
  };
}
