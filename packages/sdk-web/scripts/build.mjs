// Bundles the SDK into dist/adloom.js (one minified IIFE, no run-time dependencies) and a
// hashed copy dist/adloom.<hash>.js for the long-cache alias; prints the gzipped size and
// fails past the 10 KB budget (issue 17).
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GZIP_BUDGET_BYTES = 10 * 1024;

/**
 * The domain's constants are made by calls at load (defineEnum, Array.from): esbuild keeps an
 * unused one unless its call is marked pure, and the SDK needs three enums of dozens.
 */
const pureDomainConstants = {
  name: 'pure-domain-constants',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const marked = source.replace(
        /^(export const \w+(?::[^=\n]+)? = )(?=[\w.]+\()/gm,
        '$1/* @__PURE__ */ ',
      );
      return { contents: marked, loader: 'ts' };
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  plugins: [pureDomainConstants],
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
});
const code = result.outputFiles[0].contents;
const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
const gzipped = gzipSync(code, { level: 9 }).length;

await rm(join(root, 'dist'), { recursive: true, force: true });
await mkdir(join(root, 'dist'), { recursive: true });
await writeFile(join(root, 'dist', 'adloom.js'), code);
await writeFile(join(root, 'dist', `adloom.${hash}.js`), code);
await writeFile(
  join(root, 'dist', 'manifest.json'),
  JSON.stringify({ hashed: `adloom.${hash}.js` }),
);
console.log(
  `dist/adloom.js built: ${code.length} bytes, ${gzipped} bytes gzipped ` +
    `(budget ${GZIP_BUDGET_BYTES}); hashed alias adloom.${hash}.js`,
);
if (gzipped > GZIP_BUDGET_BYTES) {
  console.error(`The SDK is over its ${GZIP_BUDGET_BYTES}-byte gzipped budget.`);
  process.exit(1);
}
