/**
 * Starts the server: configuration, database (migrated on every start, demo data seeded
 * into an empty one), HTTP. SIGINT/SIGTERM drain requests and close the database; a second
 * signal forces the exit.
 */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { CLUSTER_SHUTDOWN } from './cluster-shutdown.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, isEmbedded } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { startEmbeddedUpkeep } from './db/upkeep.js';
import { BUSINESS_ACCOUNTS, DEMO_ACCOUNTS, formatDemoAccounts, seedDemoData } from './db/seed.js';
import { resumeMaterialWork } from './modules/material/routes.js';
import { DAY_MS } from './delivery/state/time.js';
import { foldClosedHours, reopenDays, startDailyFold } from './stats/fold.js';
import { backfillDemoTraffic, formatDemoVolume } from './delivery/simulate/backfill.js';
import { answerDemoPartners } from './delivery/simulate/demo-partners.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await createDatabase(config);
let seeded = false;
try {
  await migrateDatabase(database);
  seeded =
    config.seedDemo &&
    (await seedDemoData(database.db, {
      business: true,
      uploadDir: config.uploadDir,
      report: (made) => {
        console.info(
          `Demo business: ${made.livePlans} live campaigns of pictures and video, ` +
            `${made.pendingCreatives} creatives waiting for audit, ${made.rejectedCreatives} refused, ` +
            `${made.materials} material files, ${made.partners} demand partners answering in-process.`,
        );
        if (!made.video) {
          console.info(
            'Demo business: ffmpeg not found or failed, so the demo has no video creative.',
          );
        }
      },
    }));
  if (seeded) console.info(formatDemoAccounts([...DEMO_ACCOUNTS, ...BUSINESS_ACCOUNTS]));
} catch (error) {
  console.error('Database start-up failed:', error);
  await database.close();
  process.exit(1);
}

const app = await buildApp({ config, database });

// The demo's partners answer in this process (hosts that never resolve) for the history and
// for live traffic: a demo install's SSP strategies keep partner demand (demo-data.md).
if (config.seedDemo) answerDemoPartners();

// A fresh demo install opens on history counted by the real delivery engine.
if (seeded && config.demoHistoryDays > 0) {
  try {
    const historyStart = Date.now();
    // The history goes in as open hours and is closed by one fold after it: a day's flush of
    // closed hours would keep every rollup through the trigger, a statement at a time.
    await reopenDays(database.db, historyStart - config.demoHistoryDays * DAY_MS);
    const history = await backfillDemoTraffic(app.delivery(), database.db, {
      days: config.demoHistoryDays,
    });
    await foldClosedHours(database.db, Date.now());
    app.log.info(history, 'demo history: simulated traffic counted by the delivery engine');
    console.info(formatDemoVolume(history, Date.now() - historyStart));
  } catch (error) {
    app.log.warn({ err: error }, 'demo history could not be made; starting without it');
  }
}

// Hours that closed (also while the server was down) are added to the report rollup.
const stopDailyFold = startDailyFold(database.db, app.log);
// PGlite has no autovacuum: the server does its work (db/upkeep.ts).
const stopUpkeep = isEmbedded(database.db)
  ? startEmbeddedUpkeep(database.db, app.log)
  : async () => undefined;

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: draining requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out: exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await stopDailyFold();
    await stopUpkeep();
    await app.close();
    await database.close();
    app.log.info('shutdown complete');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
if (cluster.isWorker) {
  // A worker of cluster.ts drains when its primary asks (or is gone); signals sent to the
  // whole process group (Ctrl-C, a service manager) are the primary's to handle, or a second
  // one would skip this process's last flush.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  const drain = () => {
    if (!shuttingDown) void shutdown('SIGTERM');
  };
  process.on('message', (message) => {
    if (message === CLUSTER_SHUTDOWN) drain();
  });
  process.on('disconnect', drain);
} else {
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

// Events a crashed run answered (its journal) are counted before this one listens.
try {
  await app.delivery().start();
} catch (error) {
  app.log.error({ err: error }, 'delivery: start-up failed; retried at the first ad request');
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind === 'postgres' ? 'postgres' : `pglite:${config.pgliteDir}` },
    'Adloom server ready',
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await database.close();
  process.exit(1);
}

// Videos a previous run left transcoding start again (in the background).
resumeMaterialWork(app).catch((error: unknown) => {
  app.log.error({ err: error }, 'could not resume material work');
});
