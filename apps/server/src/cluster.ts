/**
 * One serving process per core on one machine (docs/OPERATIONS.md, "Several processes on one
 * machine"): Node's cluster module. The primary serves nothing; it forks SERVER_PROCESSES
 * workers (default: one per available core), each a whole server (main.ts) listening on the
 * same port, and hands them connections in turn.
 *
 * What the processes share lives outside them: PostgreSQL (PGlite belongs to one process, so
 * it is refused) and Redis (REDIS_URL: frequency caps, budget and balance reservations,
 * serve-time holds; refused when unset, since each process would otherwise keep its own).
 * Tracking tokens must verify in every process: one TRACKING_SECRET for all, made up here when
 * unset (tokens then outlive this cluster no more than one process's would).
 *
 * The first worker starts alone — it migrates, and seeds a fresh database — and the others
 * once it listens. A worker that dies is replaced (a live process takes over its journal);
 * more than RESTARTS_PER_MINUTE in a minute stops the cluster. SIGTERM or SIGINT asks every
 * worker to drain and flush (a message, not a signal: a terminal's Ctrl-C or a service
 * manager signals the workers too, and a second signal would skip their last flush); a second
 * signal kills them.
 *
 *   SERVER_PROCESSES=2 DATABASE_URL=postgres://… REDIS_URL=redis://… node --import tsx src/cluster.ts
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { CLUSTER_SHUTDOWN } from './cluster-shutdown.js';
import { ConfigError, loadConfig } from './config.js';

const RESTARTS_PER_MINUTE = 5;

/**
 * glibc's malloc as `npm start` sets it (docs/OPERATIONS.md, "Memory"): two arenas, not one
 * per thread of V8 and libuv; fixed mmap and trim thresholds, so memory freed after start-up
 * goes back to the system instead of staying resident by chance.
 */
const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;
const SHUTDOWN_TIMEOUT_MS = 20_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function primary(): void {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl) {
    fail(
      'cluster: several processes need PostgreSQL (DATABASE_URL); the embedded PGlite database belongs to one process (run main.ts)',
    );
  }
  if (!config.redisUrl) {
    fail(
      'cluster: several processes need REDIS_URL, or each would keep its own frequency caps, budget reservations and holds',
    );
  }
  const count = config.serverProcesses ?? availableParallelism();
  // glibc's malloc settings of `npm start` in each worker (unless set; docs/OPERATIONS.md).
  const env: Record<string, string> = Object.fromEntries(
    Object.entries(MALLOC_ENV).map(([name, value]) => [name, process.env[name] || value]),
  );
  if (!config.trackingSecret) {
    env.TRACKING_SECRET = randomBytes(32).toString('hex');
    console.warn(
      'cluster: TRACKING_SECRET is not set; the processes share one made up for this run (tokens served before a restart will not verify after it)',
    );
  }

  let stopping = false;
  const restarts: number[] = [];
  const fork = () => cluster.fork(env);

  let drainFailed = false;
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      // A worker that could not drain (its flush failed, a timeout) makes the exit non-zero.
      if (code !== 0) drainFailed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(drainFailed ? 1 : 0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] ?? now) < now - 60_000) restarts.shift();
    console.error(
      `cluster: worker ${worker.process.pid} exited (${signal ?? code}); ${restarts.length > RESTARTS_PER_MINUTE ? 'too many restarts in a minute: stopping' : 'starting another'}`,
    );
    if (restarts.length > RESTARTS_PER_MINUTE) {
      stop('restarts');
      return;
    }
    setTimeout(fork, 1000).unref();
  });

  const stop = (reason: string) => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (stopping) {
      console.warn(`cluster: ${reason} again: killing the workers`);
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) {
      if (worker.isConnected()) worker.send(CLUSTER_SHUTDOWN);
      else worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      console.error('cluster: workers did not stop in time: killing them');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // The first worker migrates (and seeds an empty database) before the others start.
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === count) {
      console.info(
        `cluster: ${count} serving process${count === 1 ? '' : 'es'} ready on port ${config.port}`,
      );
    }
    if (listening === 1) for (let index = 1; index < count && !stopping; index += 1) fork();
  });
  fork();
}

if (cluster.isPrimary) primary();
else await import('./main.js');
