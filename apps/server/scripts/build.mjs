// Bundles the server into dist/main.js (the cluster entry into dist/cluster.js, the embedded
// database's thread into dist/pglite-thread.js). Installed packages stay external (node_modules at
// run time); @adloom/domain is TypeScript source in the workspace, so it is bundled in.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLED_PACKAGES = ['@adloom/'];

/** Bare imports (packages) are external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (BUNDLED_PACKAGES.some((prefix) => args.path.startsWith(prefix))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(join(root, 'dist'), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // main.js: one server process; cluster.js: one per core (docs/OPERATIONS.md);
  // pglite-thread.js: the embedded database's thread (src/db/pglite-worker.ts starts it).
  entryPoints: {
    main: 'src/main.ts',
    cluster: 'src/cluster.ts',
    'pglite-thread': 'src/db/pglite-thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules loaded on demand (the embedded database's, exceljs's users) stay out of the
  // entry files: a server on PostgreSQL never loads PGlite (docs/PERFORMANCE.md, idle memory).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  // For any CommonJS code that ends up bundled and calls require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `dist/main.js, dist/cluster.js, dist/pglite-thread.js built (${(bytes / 1024).toFixed(0)} KB with source maps)`,
);
