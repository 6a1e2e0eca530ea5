/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite directory. */
import { loadConfig } from '../config.js';
import { createDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';

const config = loadConfig();
const database = await createDatabase(config);
try {
  await migrateDatabase(database);
  console.info(
    `Migrations applied (${database.kind === 'postgres' ? 'DATABASE_URL' : config.pgliteDir}).`,
  );
} finally {
  await database.close();
}
