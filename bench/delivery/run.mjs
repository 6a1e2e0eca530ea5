// The delivery benchmark (docs/product/design.md#budgets): autocannon against GET /serve/ad and POST
// /openrtb2/auction (one impression) of a real Adloom server over 1,000 plans × 5 strategies
// and 200 slots, and against a bare Fastify route in the same run, on the same core; prints
// requests/s, p50 and p99 of each, their ratio to the bare route, and whether the budgets
// (/serve/ad: ratio ≥ 0.5, p99 ≤ 5 ms; the auction: ratio ≥ 0.4) are met. It reports, it
// does not judge: exit 0 unless the benchmark itself could not run.
//
// Database: a throw-away PostgreSQL database created on the server of DATABASE_URL (the
// database named there is only used to create and drop it), else a throw-away PGlite
// directory. The two servers (bare, then Adloom) run one after the other, each pinned to CPU 0
// with taskset (PGlite's own thread left free, as PostgreSQL's processes are); autocannon runs
// in this process, pinned to CPU 1 (docs/PERFORMANCE.md).
//
//   node bench/delivery/run.mjs [--duration 10] [--warmup 3] [--connections 10]
//        [--endpoints serve,auction] [--profile <dir>]
//   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres node bench/delivery/run.mjs
//
// --profile <dir>: the server runs with --cpu-prof into <dir>, and each endpoint's measured
// window is summarised (bench/profile/summary.mjs) in µs per request.
// --processes 1,2: instead of one pinned server, the cluster entry (apps/server/src/cluster.ts)
// with that many serving processes, nothing pinned (two cores cannot hold two servers and the
// load apart), one run per count; needs DATABASE_URL and REDIS_URL (shared caps, budgets and
// holds, under a key prefix of its own removed at the end).
//
// Besides req/s and latency it prints the CPU time per answered request of the server (its
// process tree, from /proc) and of PostgreSQL (the backends connected to the bench database).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuProbe,
  freePort,
  hasTaskset,
  run,
  start,
  stop,
  threadsNamed,
  waitForHttp,
} from './processes.mjs';
import { format, row, verdict } from './figures.mjs';
import { summariseProfiles } from './profiles.mjs';
import { npmStartSettings, settingsText } from '../server-start.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = join(ROOT, 'apps/server/src/main.ts');
/** PGLITE_THREAD_NAME of apps/server/src/db/pglite-protocol.ts (this script runs without tsx). */
const PGLITE_THREAD_NAME = 'adloom-pglite';
const CLUSTER_ENTRY = join(ROOT, 'apps/server/src/cluster.ts');
const SEED_ENTRY = join(ROOT, 'bench/delivery/seed.ts');
const BARE_ENTRY = join(ROOT, 'bench/delivery/bare-server.mjs');
const BUDGET = { ratio: 0.5, p99Ms: 5 };
/** The auction's budget (issue 23): one impression at ≥ 0.4 × the bare route (no p99 set). */
const AUCTION_BUDGET = { ratio: 0.4 };
const SERVER_CPU = '0';
const LOAD_CPU = '1';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    endpoints: { type: 'string', default: 'serve,auction' },
    profile: { type: 'string' },
    processes: { type: 'string' },
  },
});
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const connections = Number(flags.connections);
const endpoints = new Set(flags.endpoints.split(','));
const processCounts = flags.processes ? flags.processes.split(',').map(Number) : null;

const canPin = !processCounts && availableParallelism() >= 2 && hasTaskset();

/**
 * autocannon over a workload (cycled): GET `paths`, or POST `bodies` to `path`; counts fills
 * in the answers (an SDK answer with "fill":true, an OpenRTB answer with a seat bid).
 */
async function load(origin, workload, seconds) {
  let next = 0;
  let answers = 0;
  let fills = 0;
  const { paths, bodies } = workload;
  const setupRequest = bodies
    ? (request) => ({ ...request, body: bodies[next++ % bodies.length] })
    : (request) => ({ ...request, path: paths[next++ % paths.length] });
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: bodies ? 'POST' : 'GET',
        ...(bodies ? { path: workload.path, headers: { 'content-type': 'application/json' } } : {}),
        setupRequest,
        onResponse: (status, body) => {
          answers += 1;
          if (body && (body.includes('"fill":true') || body.includes('"seatbid":[{'))) fills += 1;
        },
      },
    ],
  });
  return {
    window: { from: Number(started / 1000n), to: Number(process.hrtime.bigint() / 1000n) },
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    fillRate: answers > 0 ? fills / answers : 0,
  };
}

async function measure(origin, workload, probe) {
  if (warmup > 0) await load(origin, workload, warmup);
  const before = probe ? await probe() : null;
  const result = await load(origin, workload, duration);
  if (before) {
    const after = await probe();
    // µs of CPU per answered request: the server's, and PostgreSQL's for this database.
    result.serverCpuUs = ((after.server - before.server) * 1000) / Math.max(1, result.total);
    result.databaseCpuUs = ((after.database - before.database) * 1000) / Math.max(1, result.total);
  }
  return result;
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

async function dropRedisKeys(url, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * The Adloom server, with the memory settings and Node flags `npm start` gives it (its young
 * generation's size decides how long each scavenge holds requests up): one pinned process, or
 * the cluster entry with `workers` processes.
 */
function startServer(port, env, work, workers) {
  const asStarted = npmStartSettings(workers ? 'start:cluster' : 'start');
  const nodeArgs = [
    ...asStarted.nodeArgs,
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server.
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${flags.profile}`] : []),
  ];
  return start(
    workers ? `Adloom cluster of ${workers}` : 'Adloom server',
    ['node', ...nodeArgs, '--import', 'tsx', workers ? CLUSTER_ENTRY : SERVER_ENTRY],
    {
      ...asStarted.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: join(work, 'no-web'),
      UPLOAD_DIR: join(work, 'uploads'),
      JOURNAL_DIR: join(work, 'journal'),
      ...(workers ? { SERVER_PROCESSES: String(workers) } : {}),
    },
    { cpu: !workers && canPin ? SERVER_CPU : undefined },
  );
}

/** Measures each endpoint on a started server; with --profile, summarises each window. */
async function measureServer(server, port, workloads, databaseUrl) {
  const started = Date.now();
  await waitForHttp(server, `http://127.0.0.1:${port}/healthz`);
  // The cluster's other processes start once the first listens: wait until all do.
  while (server.name.includes('cluster') && !server.output().includes('serving process')) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name} exited:\n${server.output()}`);
    await sleep(200);
  }
  // PGlite's own thread (the server's default) is the database: like PostgreSQL's processes
  // it may run on any CPU, not on the serving core, and its CPU is counted as the database's.
  const databaseThreads = databaseUrl
    ? []
    : await threadsNamed(server.child.pid, PGLITE_THREAD_NAME);
  if (canPin && !server.name.includes('cluster')) {
    for (const tid of databaseThreads) {
      execFileSync('taskset', ['-cp', `0-${cpus().length - 1}`, String(tid)], { stdio: 'ignore' });
    }
  }
  const figures = {};
  for (const [name, workload] of Object.entries(workloads)) {
    figures[name] = await measure(
      `http://127.0.0.1:${port}`,
      workload,
      cpuProbe(server.child.pid, databaseUrl, databaseThreads),
    );
  }
  await stop(server);
  if (flags.profile) await summariseProfiles(flags.profile, started, figures);
  return figures;
}

async function main() {
  if (canPin)
    execFileSync('taskset', ['-a', '-cp', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  if (processCounts && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) {
    throw new Error(
      '--processes needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as the cluster entry does',
    );
  }
  if (flags.profile) await mkdir(flags.profile, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'adloom-bench-delivery-'));
  const database = await throwAwayDatabase(work);
  const redisPrefix = `adloom_bench_${process.pid}:`;
  const processes = [];
  try {
    console.info(`Delivery benchmark on ${database.label}`);
    const pathsFile = join(work, 'paths.json');
    const auctionsFile = join(work, 'auctions.json');
    const seeded = JSON.parse(
      (
        await run(
          'bench seed',
          [
            'node',
            '--import',
            'tsx',
            SEED_ENTRY,
            '--out',
            pathsFile,
            ...(endpoints.has('auction') ? ['--auction-out', auctionsFile] : []),
          ],
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
    const workloads = {};
    if (endpoints.has('serve')) {
      workloads['GET /serve/ad'] = { paths: JSON.parse(await readFile(pathsFile, 'utf8')) };
    }
    if (endpoints.has('auction')) {
      workloads['POST /openrtb2/auction'] = {
        path: '/openrtb2/auction',
        bodies: JSON.parse(await readFile(auctionsFile, 'utf8')),
      };
    }

    const barePort = await freePort();
    const bare = start(
      'bare Fastify',
      ['node', BARE_ENTRY, String(barePort)],
      {},
      { cpu: canPin ? SERVER_CPU : undefined },
    );
    processes.push(bare);
    await waitForHttp(bare, `http://127.0.0.1:${barePort}/bare`);
    const bareFigures = await measure(
      `http://127.0.0.1:${barePort}`,
      { paths: ['/bare'] },
      cpuProbe(bare.child.pid),
    );
    await stop(bare);

    const runs = [];
    for (const workers of processCounts ?? [0]) {
      const port = await freePort();
      const env = {
        ...database.env,
        ...(workers ? { REDIS_PREFIX: redisPrefix } : {}),
      };
      const server = startServer(port, env, work, workers);
      processes.push(server);
      runs.push({
        workers,
        figures: await measureServer(server, port, workloads, database.env.DATABASE_URL),
      });
    }

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.info(
      canPin
        ? `  server pinned to CPU ${SERVER_CPU}, autocannon on CPU ${LOAD_CPU} (${cpu}, ${cpus().length} CPUs)`
        : `  not pinned: servers and autocannon share the CPUs (${cpu}, ${cpus().length} CPUs)`,
    );
    console.info(
      `  ${connections} connections, ${duration} s measured after ${warmup} s of warm-up, Node ${process.version}`,
    );
    console.info(`  the server as npm start runs it: ${settingsText(npmStartSettings())}`);
    if (processCounts) {
      console.info(
        `  cluster mode (apps/server/src/cluster.ts), Redis at ${new URL(process.env.REDIS_URL).host}`,
      );
    }
    console.info(
      `  ${''.padEnd(32)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(8)} ${'server µs/r'.padStart(12)} ${'db µs/r'.padStart(12)}`,
    );
    console.info(row('bare Fastify route', bareFigures));
    for (const { workers, figures } of runs) {
      for (const [name, result] of Object.entries(figures)) {
        console.info(row(workers ? `${name} ×${workers}` : name, result));
      }
    }
    for (const { workers, figures } of runs) {
      const suffix = workers ? ` (${workers} process${workers > 1 ? 'es' : ''})` : '';
      if (figures['GET /serve/ad']) {
        verdict(`/serve/ad${suffix}`, figures['GET /serve/ad'], bareFigures, BUDGET);
      }
      if (figures['POST /openrtb2/auction']) {
        verdict(
          `/openrtb2/auction${suffix}`,
          figures['POST /openrtb2/auction'],
          bareFigures,
          AUCTION_BUDGET,
        );
      }
    }
  } finally {
    for (const proc of processes) await stop(proc);
    await database
      .drop()
      .catch((error) => console.error(`could not drop the bench database: ${error.message}`));
    if (processCounts) {
      await dropRedisKeys(process.env.REDIS_URL, redisPrefix).catch((error) =>
        console.error(`could not remove the bench's Redis keys: ${error.message}`),
      );
    }
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
