/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at
 * maximum compression, so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing the same bytes on each request.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its extra round of headers. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'adloom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const brotli = brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzip)]);
        }),
      );
    },
  };
}
