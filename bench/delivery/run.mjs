// The delivery benchmark (DESIGN §7): autocannon against GET /serve/ad of a real Adloom
// server over 1,000 plans × 5 strategies and 200 slots, and against a bare Fastify route in
// the same run, on the same core; prints requests/s, p50 and p99 of both, their ratio, and
// whether the budget (ratio ≥ 0.5, p99 ≤ 5 ms) is met. It reports, it does not judge: exit 0
// unless the benchmark itself could not run.
//
// Database: a throw-away PostgreSQL database created on the server of DATABASE_URL (the
// database named there is only used to create and drop it), else a throw-away PGlite
// directory. The two servers (bare, then Adloom) run one after the other, each pinned to CPU 0
// with taskset; autocannon runs in this process, pinned to CPU 1 (docs/PERFORMANCE.md).
//
//   node bench/delivery/run.mjs [--duration 10] [--warmup 3] [--connections 10]
//   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres node bench/delivery/run.mjs
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = join(ROOT, 'apps/server/src/main.ts');
const SEED_ENTRY = join(ROOT, 'apps/server/src/delivery/simulate/bench-seed.ts');
const BARE_ENTRY = join(ROOT, 'bench/delivery/bare-server.mjs');
const BUDGET = { ratio: 0.5, p99Ms: 5 };
const SERVER_CPU = '0';
const LOAD_CPU = '1';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
});
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const connections = Number(flags.connections);

const canPin = availableParallelism() >= 2 && hasTaskset();

function hasTaskset() {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A child process (pinned to the server CPU when `pin`), its output kept for errors. */
function start(name, args, env, { pin = false } = {}) {
  const [command, argv] =
    pin && canPin ? ['taskset', ['-c', SERVER_CPU, ...args]] : [args[0], args.slice(1)];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited, output: () => output };
}

async function stop(proc) {
  if (proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  const timeout = sleep(15_000).then(() => 'timeout');
  if ((await Promise.race([proc.exited, timeout])) === 'timeout') proc.child.kill('SIGKILL');
}

async function run(name, args, env) {
  const proc = start(name, args, env);
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${proc.output()}`);
  return proc.output();
}

async function waitForHttp(proc, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** autocannon over `paths` (cycled), counting fills in the answers. */
async function load(origin, paths, seconds) {
  let next = 0;
  let answers = 0;
  let fills = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
        onResponse: (status, body) => {
          answers += 1;
          if (body && body.includes('"fill":true')) fills += 1;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    fillRate: answers > 0 ? fills / answers : 0,
  };
}

async function measure(origin, paths) {
  if (warmup > 0) await load(origin, paths, warmup);
  return load(origin, paths, duration);
}

/** A throw-away database: PostgreSQL beside DATABASE_URL's, else a PGlite directory. */
async function throwAwayDatabase(work) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = join(work, 'pglite');
    return {
      label: `PGlite (throw-away directory ${dir})`,
      env: { DATABASE_URL: '', PGLITE_DIR: dir },
      drop: async () => undefined,
    };
  }
  const name = `adloom_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL (throw-away database ${name} on ${url.host})`,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const format = (value, digits = 0) =>
  Number(value).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

function row(label, figures) {
  return `  ${label.padEnd(20)} ${format(figures.rps).padStart(9)} ${format(figures.p50).padStart(8)} ${format(figures.p99).padStart(8)} ${String(figures.non2xx + figures.errors).padStart(8)}`;
}

async function main() {
  if (canPin)
    execFileSync('taskset', ['-a', '-cp', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  const work = await mkdtemp(join(tmpdir(), 'adloom-bench-delivery-'));
  const database = await throwAwayDatabase(work);
  const processes = [];
  try {
    console.info(`Delivery benchmark on ${database.label}`);
    const pathsFile = join(work, 'paths.json');
    const seeded = JSON.parse(
      (
        await run(
          'bench seed',
          ['node', '--import', 'tsx', SEED_ENTRY, '--out', pathsFile],
          database.env,
        )
      )
        .trim()
        .split('\n')
        .at(-1),
    );
    console.info(
      `  seeded ${format(seeded.plans)} plans × ${seeded.strategies / seeded.plans} strategies, ${seeded.slots} slots in ${seeded.seconds} s; ${format(seeded.paths)} simulated requests`,
    );
    const paths = JSON.parse(await readFile(pathsFile, 'utf8'));

    const barePort = await freePort();
    const bare = start('bare Fastify', ['node', BARE_ENTRY, String(barePort)], {}, { pin: true });
    processes.push(bare);
    await waitForHttp(bare, `http://127.0.0.1:${barePort}/bare`);
    const bareFigures = await measure(`http://127.0.0.1:${barePort}`, ['/bare']);
    await stop(bare);

    const port = await freePort();
    const server = start(
      'Adloom server',
      // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. --cpu-prof to profile it.
      [
        'node',
        ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--import',
        'tsx',
        SERVER_ENTRY,
      ],
      {
        ...database.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        WEB_DIST: join(work, 'no-web'),
        UPLOAD_DIR: join(work, 'uploads'),
      },
      { pin: true },
    );
    processes.push(server);
    await waitForHttp(server, `http://127.0.0.1:${port}/healthz`);
    const serveFigures = await measure(`http://127.0.0.1:${port}`, paths);
    await stop(server);

    const ratio = serveFigures.rps / bareFigures.rps;
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.info(
      canPin
        ? `  server pinned to CPU ${SERVER_CPU}, autocannon on CPU ${LOAD_CPU} (${cpu}, ${cpus().length} CPUs)`
        : `  not pinned (taskset or a second CPU missing): server and autocannon share the CPUs (${cpu})`,
    );
    console.info(
      `  ${connections} connections, ${duration} s measured after ${warmup} s of warm-up, Node ${process.version}`,
    );
    console.info(
      `  ${''.padEnd(20)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(8)}`,
    );
    console.info(row('bare Fastify route', bareFigures));
    console.info(row('GET /serve/ad', serveFigures));
    console.info(
      `  ratio /serve/ad ÷ bare: ${ratio.toFixed(2)}; fill rate of the answers ${(serveFigures.fillRate * 100).toFixed(1)}%`,
    );
    const misses = [
      ratio < BUDGET.ratio ? `ratio ${ratio.toFixed(2)} < ${BUDGET.ratio}` : null,
      serveFigures.p99 > BUDGET.p99Ms ? `p99 ${serveFigures.p99} ms > ${BUDGET.p99Ms} ms` : null,
      serveFigures.non2xx + serveFigures.errors > 0 ? 'some requests failed' : null,
    ].filter(Boolean);
    console.info(
      misses.length === 0
        ? `DESIGN §7 budget (ratio ≥ ${BUDGET.ratio}, p99 ≤ ${BUDGET.p99Ms} ms): met`
        : `DESIGN §7 budget (ratio ≥ ${BUDGET.ratio}, p99 ≤ ${BUDGET.p99Ms} ms): NOT met (${misses.join('; ')})`,
    );
  } finally {
    for (const proc of processes) await stop(proc);
    await database
      .drop()
      .catch((error) => console.error(`could not drop the bench database: ${error.message}`));
    if (existsSync(work)) await rm(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(
    `delivery benchmark could not run: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
}
