/**
 * Where things are on disk, found from this module's own location rather than the working
 * directory: the same answers under tsx (src/), vitest, and the esbuild bundle (dist/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@adloom/server';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === PACKAGE_NAME) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Cannot find the ${PACKAGE_NAME} package above ${start}`);
    }
    dir = parent;
  }
}

/** apps/server */
export const SERVER_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
/** The monorepo root. */
export const REPO_ROOT = resolve(SERVER_ROOT, '..', '..');
/** The SQL migrations drizzle-kit generates; applied on every start. */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');

export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
