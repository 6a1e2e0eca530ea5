// The idle-memory benchmark (issue 23: PGlite ≤ 300 MB resident, PostgreSQL ≤ 150 MB): for
// each database, a throw-away one is seeded by the server's own first start (the demo data
// and its 30 days of history), the server is stopped and started again — an idle server as
// after a restart — left to settle, and its resident memory printed with where it is (Node's
// heap, external and array buffers, V8's heap spaces, the kernel's anonymous and file pages),
// once as `npm start` runs it and once for each recommended memory setting (VARIANTS).
// It reports, it does not judge: exit 0 unless the benchmark itself could not run.
//
//   node bench/memory/run.mjs [--settle 20] [--databases pglite,postgres] [--source dist|tsx]
//
// PostgreSQL: the server of DATABASE_URL (default postgres://root@127.0.0.1:5432/postgres;
// that database is only used to create and drop a new one). The server is the production
// bundle (apps/server/dist/main.js, `npm run build -w @adloom/server`) when it exists — what
// `npm start` runs — else the TypeScript source through tsx (whose loader thread and
// compile cache add memory, so the output says which). The built console (apps/web/dist) is
// served when it exists, as in production.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, start } from '../delivery/processes.mjs';
import { npmStartSettings, settingsText } from '../server-start.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const SOURCE_ENTRY = join(ROOT, 'apps/server/src/main.ts');
const REPORTER = join(ROOT, 'bench/memory/report.mjs');
const BUDGET_MB = { pglite: 300, postgres: 150 };
const MB = 1024 * 1024;

const { values: flags } = parseArgs({
  options: {
    settle: { type: 'string', default: '20' },
    databases: { type: 'string', default: 'pglite,postgres' },
    source: { type: 'string' },
  },
});
const settleSeconds = Number(flags.settle);
const useDist = flags.source ? flags.source === 'dist' : existsSync(DIST_ENTRY);

/**
 * How the idle server is started after the seed: with nothing, as `npm start` ran it before,
 * and as it runs it now (docs/OPERATIONS.md, "Memory"): glibc's malloc arenas capped at two
 * (the threads of V8 and libuv otherwise each keep an arena of their start-up allocations),
 * fixed mmap and trim thresholds (glibc otherwise raises them after start-up's large
 * allocations, and whether the freed memory goes back to the system is left to chance), a
 * smaller young generation.
 */
const started = npmStartSettings();
const VARIANTS = [
  { name: 'no memory settings', env: {}, nodeArgs: [] },
  {
    name: 'as npm start ran it until 2026-11-28: MALLOC_ARENA_MAX=2 --max-semi-space-size=8',
    env: { MALLOC_ARENA_MAX: '2' },
    nodeArgs: ['--max-semi-space-size=8'],
  },
  // Read from apps/server's start script (bench/server-start.mjs).
  { name: `as npm start runs it: ${settingsText(started)}`, ...started },
];

function startServer(env, nodeArgs = []) {
  const args = useDist
    ? [...nodeArgs, '--import', REPORTER, DIST_ENTRY]
    : [...nodeArgs, '--import', REPORTER, '--import', 'tsx', SOURCE_ENTRY];
  return start('Adloom server', ['node', ...args], env);
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timeout = sleep(30_000).then(() => 'timeout');
  if ((await Promise.race([server.exited, timeout])) === 'timeout') server.child.kill('SIGKILL');
}

async function waitReady(server, port, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

async function throwAwayDatabase(kind, work) {
  if (kind === 'pglite') {
    const dir = join(work, 'pglite');
    return { env: { DATABASE_URL: '', PGLITE_DIR: dir }, label: 'PGlite', drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
  const name = `adloom_bench_memory_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    label: `PostgreSQL (${url.host})`,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

async function measure(kind) {
  const work = await mkdtemp(join(tmpdir(), `adloom-bench-memory-${kind}-`));
  const database = await throwAwayDatabase(kind, work);
  const out = join(work, 'memory.json');
  const env = {
    ...database.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    UPLOAD_DIR: join(work, 'uploads'),
    JOURNAL_DIR: join(work, 'journal'),
    BENCH_MEMORY_OUT: out,
  };
  let server;
  try {
    // First start: migrations, the demo data and its history, as on a fresh install.
    const seedPort = await freePort();
    const seededAt = Date.now();
    server = startServer({ ...env, PORT: String(seedPort) });
    await waitReady(server, seedPort);
    const seedSeconds = (Date.now() - seededAt) / 1000;
    await stopServer(server);

    const reports = [];
    for (const variant of VARIANTS) {
      const port = await freePort();
      server = startServer({ ...env, ...variant.env, PORT: String(port) }, variant.nodeArgs);
      await waitReady(server, port);
      await sleep(settleSeconds * 1000);
      await rm(out, { force: true });
      server.child.kill('SIGUSR2');
      for (let tries = 0; tries < 50 && !existsSync(out); tries += 1) await sleep(200);
      reports.push({ variant: variant.name, report: JSON.parse(await readFile(out, 'utf8')) });
      await stopServer(server);
    }
    return { kind, label: database.label, seedSeconds, reports };
  } finally {
    if (server) await stopServer(server);
    await database.drop().catch((error) => console.error(`could not drop: ${error.message}`));
    await rm(work, { recursive: true, force: true });
  }
}

function print({ kind, label, seedSeconds, reports }) {
  console.info(`\n${label}: demo seeded by the first start in ${seedSeconds.toFixed(0)} s`);
  for (const { variant, report } of reports) printOne(kind, variant, report);
}

function printOne(kind, variant, report) {
  const { memoryUsage: usage, kernel, spaces } = report;
  const rss = kernel.VmRSS ?? usage.rss;
  const budget = BUDGET_MB[kind];
  console.info(
    `  ${variant}: resident ${mb(rss)} ${settleSeconds} s after a restart: budget ≤ ${budget} MB ${rss <= budget * MB ? 'met' : 'NOT met'}`,
  );
  console.info(
    `    kernel: anonymous ${mb(kernel.RssAnon ?? 0)}, file-backed ${mb(kernel.RssFile ?? 0)}, shared memory ${mb(kernel.RssShmem ?? 0)}; peak ${mb(kernel.VmHWM ?? 0)}`,
  );
  console.info(
    `    Node: V8 heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, external ${mb(usage.external)} (array buffers ${mb(usage.arrayBuffers)}: WebAssembly memory and Buffers)`,
  );
  const outside = rss - usage.heapTotal - usage.external;
  console.info(
    `    the rest (code, V8's compiled code and metadata, native allocations, thread stacks): ${mb(outside)}`,
  );
  console.info(
    `    V8 heap spaces: ${Object.entries(spaces)
      .filter(([, used]) => used > MB / 2)
      .map(([name, used]) => `${name.replace('_space', '')} ${mb(used)}`)
      .join(', ')}`,
  );
}

const results = [];
try {
  console.info(
    `Idle memory benchmark: ${useDist ? 'production bundle (apps/server/dist/main.js)' : 'TypeScript source through tsx (no build found; the loader adds memory)'}, Node ${process.version}`,
  );
  for (const kind of flags.databases.split(',')) results.push(await measure(kind));
  for (const result of results) print(result);
} catch (error) {
  console.error(
    `memory benchmark could not run: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
}
