// Prints the JavaScript a first visit to /login downloads, gzipped, against the docs/product/design.md#budgets
// budget of 200 KB, and the largest lazy chunks. Reads the Vite manifest of apps/web/dist
// (run `npm run build -w @adloom/web` first).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist =
  process.env.WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build -w @adloom/web).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

/** A chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const child of chunk.imports ?? []) closure(child, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find(
  (key) => /login/i.test(key) && manifest[key].isDynamicEntry,
);
const keys = closure(entryKey);
if (loginKey) closure(loginKey, keys);
const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const total = files.reduce((sum, file) => sum + gzipKb(file), 0);

console.info(
  `/login first load: ${files.length} JS files, ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
);
for (const file of files) console.info(`  ${file.padEnd(48)} ${gzipKb(file).toFixed(1)} KB`);

const lazy = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js') && !files.includes(chunk.file))
  .map((chunk) => ({ file: chunk.file, kb: gzipKb(chunk.file) }))
  .sort((a, b) => b.kb - a.kb)
  .slice(0, 8);
console.info('largest lazy chunks:');
for (const { file, kb } of lazy) console.info(`  ${file.padEnd(48)} ${kb.toFixed(1)} KB`);
console.info(total <= BUDGET_KB ? 'within budget' : 'OVER BUDGET');
