/**
 * Starts the server: configuration, database (migrated on every start, demo data seeded
 * into an empty one), HTTP. SIGINT/SIGTERM drain requests and close the database; a second
 * signal forces the exit.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { formatDemoAccounts, seedDemoData } from './db/seed.js';
import { resumeMaterialWork } from './modules/material/routes.js';

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
try {
  await migrateDatabase(database);
  if (config.seedDemo && (await seedDemoData(database.db))) {
    console.info(formatDemoAccounts());
  }
} catch (error) {
  console.error('Database start-up failed:', error);
  await database.close();
  process.exit(1);
}

const app = await buildApp({ config, database });

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
    await app.close();
    await database.close();
    app.log.info('shutdown complete');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind === 'pglite' ? `pglite:${config.pgliteDir}` : 'postgres' },
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
