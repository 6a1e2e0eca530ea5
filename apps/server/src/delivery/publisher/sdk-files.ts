/**
 * The web SDK as Adloom serves it (issue 17): `/sdk/v1/adloom.js` with a short cache (a new
 * release reaches pages within minutes) and `/sdk/v1/adloom.<hash>.js`, the same bytes under
 * their content hash, cached for a year as immutable. The files are the SDK workspace's build
 * (packages/sdk-web/dist, made by the root `npm run build` before the server); they are read
 * once, gzipped once, and sent gzipped to a browser that takes it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SDK_HASHED_PREFIX, SDK_PATH, SDK_SHORT_CACHE_SECONDS } from '@adloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../../paths.js';

/** The SDK workspace's build output. */
export const SDK_DIST = join(REPO_ROOT, 'packages', 'sdk-web', 'dist');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = `public, max-age=${SDK_SHORT_CACHE_SECONDS}`;

interface SdkFile {
  /** The hashed alias's file name, e.g. adloom.1a2b3c4d5e6f.js. */
  hashedName: string;
  code: Buffer;
  gzipped: Buffer;
}

/** The built SDK, or null when the workspace has not been built. */
export function readSdkFile(distDir: string): SdkFile | null {
  try {
    const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as {
      hashed?: unknown;
    };
    if (typeof manifest.hashed !== 'string' || !/^adloom\.[0-9a-f]+\.js$/.test(manifest.hashed)) {
      return null;
    }
    const code = readFileSync(join(distDir, manifest.hashed));
    return { hashedName: manifest.hashed, code, gzipped: gzipSync(code, { level: 9 }) };
  } catch {
    return null;
  }
}

function send(request: FastifyRequest, reply: FastifyReply, file: SdkFile, cache: string) {
  reply
    .header('cache-control', cache)
    .header('content-type', 'application/javascript; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('access-control-allow-origin', '*')
    .header('vary', 'accept-encoding');
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (acceptsGzip) return reply.header('content-encoding', 'gzip').send(file.gzipped);
  return reply.send(file.code);
}

const NOT_BUILT =
  '/* The Adloom web SDK is not built on this server: run `npm run build` (docs/SDK.md). */';

export function registerSdkFiles(app: FastifyInstance, distDir: string): void {
  let file: SdkFile | null | undefined;
  // Read on first use: a server whose SDK is never asked for never reads it.
  const built = () => (file ??= readSdkFile(distDir));
  const options = { schema: { hide: true } };

  app.get(SDK_PATH, options, async (request, reply) => {
    const sdk = built();
    if (!sdk) return reply.code(404).type('application/javascript').send(NOT_BUILT);
    return send(request, reply, sdk, SHORT);
  });
  app.get<{ Params: { name: string } }>(
    `${SDK_HASHED_PREFIX}:name`,
    options,
    async (request, reply) => {
      const sdk = built();
      if (!sdk || request.params.name !== sdk.hashedName) {
        return reply.code(404).type('application/javascript').send(NOT_BUILT);
      }
      return send(request, reply, sdk, IMMUTABLE);
    },
  );
}
