/** `npm run db:seed`: migrates, then seeds the demo data into an empty database. */
import { loadConfig } from '../config.js';
import { createDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';
import { BUSINESS_ACCOUNTS, DEMO_ACCOUNTS, formatDemoAccounts, seedDemoData } from './seed.js';

const config = loadConfig();
const database = await createDatabase(config);
try {
  await migrateDatabase(database);
  if (await seedDemoData(database.db, { business: true, uploadDir: config.uploadDir })) {
    console.info(formatDemoAccounts([...DEMO_ACCOUNTS, ...BUSINESS_ACCOUNTS]));
  } else {
    console.info('The database already has users; demo data not seeded.');
  }
} finally {
  await database.close();
}
