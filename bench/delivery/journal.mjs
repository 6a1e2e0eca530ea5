// What the event journal costs a tracking request (docs/PERFORMANCE.md, "Event journal"):
// runs bench/delivery/journal-workload.ts through tsx.
//
//   npm run bench:journal -w @adloom/bench
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = join(ROOT, 'bench/delivery/journal-workload.ts');
const result = spawnSync('node', ['--import', 'tsx', entry], {
  cwd: join(ROOT, 'apps/server'),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
