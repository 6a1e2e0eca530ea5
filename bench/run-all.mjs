// `npm run bench`: every benchmark in turn, each printing its figures. A benchmark that
// cannot run (e.g. the web app is not built) is reported and the next one still runs; the
// exit status is non-zero when any could not run. Budgets are reported, never enforced.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const BENCHES = [
  { name: 'bundle size', script: 'bundle-size.mjs' },
  { name: 'delivery', script: 'delivery/run.mjs' },
  // The reports benchmark (issue 8, docs/product/design.md#budgets: 30 days over 10 million rows) goes here.
  { name: 'reports', script: 'reports/run.mjs' },
];

const failed = [];
for (const bench of BENCHES) {
  const path = join(here, bench.script);
  if (bench.optional && !existsSync(path)) continue;
  console.info(`\n=== ${bench.name} (${bench.script})`);
  const { status } = spawnSync(process.execPath, [path], {
    stdio: 'inherit',
  });
  if (status !== 0) failed.push(bench.name);
}
if (failed.length > 0) {
  console.error(`\nCould not run: ${failed.join(', ')}`);
  process.exitCode = 1;
}
