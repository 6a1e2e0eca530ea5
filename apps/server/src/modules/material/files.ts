/**
 * Serving material files: GET /files/<key>. The key is 128 random bits plus the type the
 * content was found to be, so the URL is a capability: whoever has it (the console, the ad
 * server, an end user's device) may fetch it, nobody can guess one. Each answer carries the
 * type of the sniffed content, nosniff, an inline disposition with the key as the name, a
 * year of caching (keys never change content), an ETag and single byte ranges for video.
 */
import { AppError, UPLOAD_MIME_TYPES } from '@adloom/domain';
import type { FastifyInstance } from 'fastify';
import { FILES_PREFIX } from './service.js';
import { isMaterialKey, type ByteRange, type MaterialStorage } from './storage.js';

/** The content type of a key: its extension was chosen from the sniffed content. */
export function mimeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof UPLOAD_MIME_TYPES;
  return UPLOAD_MIME_TYPES[ext];
}

/**
 * The byte range a Range header asks of a `size`-byte file: undefined for the whole file
 * (no header, another unit, several ranges or a malformed one, which HTTP lets a server
 * ignore), 'unsatisfiable' for a range outside the file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end: Math.min(end, size - 1) };
}

export function registerFileRoutes(app: FastifyInstance, storage: MaterialStorage): void {
  app.get(`${FILES_PREFIX}:key`, { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params as { key: string };
    const size = isMaterialKey(key) ? await storage.size(key) : undefined;
    if (size === undefined) throw new AppError('notFound', 'error.noSuchFile');

    const etag = `"${key}"`;
    reply
      .header('content-type', mimeOfKey(key))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${key}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      // Ad assets are shown on other sites and in apps: helmet's same-origin would block them.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${size}`)
        .type('text/plain; charset=utf-8')
        .send('Range Not Satisfiable');
    }
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(storage.read(key, range));
    }
    return reply.header('content-length', size).send(storage.read(key));
  });
}
