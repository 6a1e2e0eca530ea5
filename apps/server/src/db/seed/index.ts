/**
 * Demo data for a fresh install. Runs on start when SEED_DEMO is on and the users table is
 * empty; `npm run db:seed` runs it by hand. It never touches a database that already has users.
 *
 * The base (what every test database starts from): one account per audience of the console,
 * opening top-ups, the platform settings (settings.ts), for two advertisers approved Text
 * creatives, a Live plan and a draft (advertising.ts), a media with three slots and two
 * partners at example.com addresses (supply.ts).
 *
 * The business demo (`business: true`, what `npm start` seeds: business/): more agents and
 * advertisers, creatives of every style with pictures and a video made at seed time, plans in
 * every status, creatives waiting for and failing audit, slots of every ad form wired to the
 * demo publisher's pages, and the demo partners with SSP strategies. Its history is made by
 * the engine afterwards (delivery/simulate/backfill.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { users } from '../schema.js';
import { DEMO_ACCOUNTS, hashDemoPasswords, seedAccounts } from './accounts.js';
import { seedDemoAdvertising } from './advertising.js';
import { BUSINESS_ACCOUNTS, seedBusiness, type BusinessSeedOptions } from './business/index.js';
import { seedSettings } from './settings.js';
import { seedDemoDsps, seedDemoSupply } from './supply.js';

export * from './accounts.js';
export * from './settings.js';
export { DEMO_TEXT_CREATIVES } from './advertising.js';
export { BUSINESS_ACCOUNTS, type BusinessSeedReport } from './business/index.js';

/** Serialises concurrent seeders (several processes starting on one PostgreSQL). */
const SEED_LOCK_KEY = 4_207_312;

export interface SeedOptions extends BusinessSeedOptions {
  /** Adds the business demo to the base (the start and `npm run db:seed` do; tests do not). */
  business?: boolean;
}

/** Seeds the demo data into an empty database; answers false when users already exist. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<boolean> {
  const accounts = options.business ? [...DEMO_ACCOUNTS, ...BUSINESS_ACCOUNTS] : DEMO_ACCOUNTS;
  const passwordHashes = await hashDemoPasswords(accounts);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return false;

    const ids = new Map<string, number>();
    await seedAccounts(tx, accounts, passwordHashes, ids);
    await seedSettings(tx);
    await seedDemoAdvertising(tx, ids);
    await seedDemoDsps(tx);
    await seedDemoSupply(tx, ids);
    if (options.business) await seedBusiness(tx, ids, options);
    return true;
  });
}
