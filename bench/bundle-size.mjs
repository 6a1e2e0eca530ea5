// Prints the JavaScript a first visit to /login downloads, gzipped, against the
// docs/product/design.md#budgets budget of 120 KB: the static import closure of the sign-in
// page's own entry (login.html, which the server answers /login with). Then, for scale, the
// console's first load (index.html) and the largest lazy chunks. Reads the Vite manifest of
// apps/web/dist (run `npm run build -w @adloom/web` first). Over the budget it exits 1:
// a byte count does not depend on the machine, so `npm run test:e2e` runs it after its build
// (a build change once put the console's Ant Design on /login unseen).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
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

/** The JavaScript files of an entry's static closure, largest first, and their total. */
function firstLoad(entryKey) {
  const files = [...closure(entryKey)]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, kb: gzipKb(file) }))
    .sort((a, b) => b.kb - a.kb);
  return { files, total: files.reduce((sum, { kb }) => sum + kb, 0) };
}

const print = ({ file, kb }) => console.info(`  ${file.padEnd(48)} ${kb.toFixed(1)} KB`);

if (!manifest['login.html']?.isEntry) {
  console.error(`${manifestPath} has no login.html entry: build the web app again.`);
  process.exit(1);
}
const login = firstLoad('login.html');
console.info(
  `/login first load (login.html): ${login.files.length} JS files, ${login.total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
);
login.files.forEach(print);

const console_ = firstLoad('index.html');
const shared = console_.files.filter(({ file }) => login.files.some((own) => own.file === file));
const sharedKb = shared.reduce((sum, { kb }) => sum + kb, 0);
console.info(
  `console first load (index.html): ${console_.files.length} JS files, ${console_.total.toFixed(1)} KB gzipped, ${sharedKb.toFixed(1)} KB of it shared with /login`,
);
console_.files.forEach(print);

const loaded = new Set([...login.files, ...console_.files].map(({ file }) => file));
const lazy = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js') && !loaded.has(chunk.file))
  .map((chunk) => ({ file: chunk.file, kb: gzipKb(chunk.file) }))
  .sort((a, b) => b.kb - a.kb)
  .slice(0, 8);
console.info('largest lazy chunks:');
lazy.forEach(print);
if (login.total <= BUDGET_KB) {
  console.info('within budget');
} else {
  console.error(`/login OVER BUDGET: ${login.total.toFixed(1)} KB gzipped > ${BUDGET_KB} KB`);
  process.exitCode = 1;
}
