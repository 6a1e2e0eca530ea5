/** A test's own app on its own database copy (PGlite) or the shared test database (PostgreSQL). */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres, type Database, type DatabaseHandle } from '../db/client.js';
import { openPglite } from '../db/pglite.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDemoData } from '../db/seed.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** `poolSize`: connections of the PostgreSQL pool (concurrency tests want several). */
export async function openTestDatabase(poolSize = 4): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openPostgres(url, poolSize);
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('The PGlite template is missing: run through vitest globalSetup');
  const dump = await readFile(template);
  // TEST_PGLITE_THREAD=true: PGlite on its own thread behind node-postgres, as `npm start` runs it.
  if (process.env.TEST_PGLITE_THREAD === 'true') {
    const { openPgliteThread } = await import('../db/pglite-worker.js');
    return openPgliteThread({ loadDataDir: new Uint8Array(dump), postgresqlconf: [] });
  }
  return openPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
}

/**
 * A database no other test file writes to, for a test whose outcome depends on all of it (the
 * own DSP bids with every live plan; the fuzz compares whole tables). On PGlite each file's copy
 * already is one; on PostgreSQL a fresh database beside the shared one, migrated and seeded as
 * it is, and dropped on close.
 */
export async function openIsolatedTestDatabase(poolSize = 4): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openTestDatabase(poolSize);
  const own = new URL(url);
  const name = `${own.pathname.slice(1)}_own_${randomBytes(3).toString('hex')}`;
  await runAdminQuery(url, `create database "${name}"`);
  own.pathname = `/${name}`;
  const database = openPostgres(own.toString(), poolSize);
  await migrateDatabase(database);
  await seedDemoData(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await runAdminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function runAdminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestAppOptions {
  /** Environment overrides, as the server would read them. */
  env?: Record<string, string>;
  logger?: FastifyServerOptions['logger'];
  /** Adds routes before the app is ready (e.g. a throwing route). */
  extend?: (app: FastifyInstance) => void;
  /** Another app's database (a second server process on the same data); not closed by this app. */
  database?: DatabaseHandle;
  /** A database of this app's own on PostgreSQL too (openIsolatedTestDatabase). */
  isolated?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Uploads go to a directory of this app's own (removed on close) unless the test names one.
  const ownUploadDir = options.env?.UPLOAD_DIR
    ? undefined
    : await mkdtemp(join(tmpdir(), 'adloom-test-uploads-'));
  // Each app journals into a directory of its own (another app's segments are not its to replay).
  const ownJournalDir = options.env?.JOURNAL_DIR
    ? undefined
    : await mkdtemp(join(tmpdir(), 'adloom-test-journal-'));
  const config = loadConfig({
    ...(ownUploadDir ? { UPLOAD_DIR: ownUploadDir } : {}),
    ...(ownJournalDir ? { JOURNAL_DIR: ownJournalDir } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    // Test files share 127.0.0.1 (and, on PostgreSQL, one database): the address throttle
    // would otherwise slow unrelated tests; sign-in tests set their own.
    LOGIN_IP_FREE_FAILURES: '100000',
    WEB_DIST: '/nonexistent/adloom-web-dist',
    ...options.env,
  });
  const shared = options.database;
  const database =
    shared ?? (options.isolated ? await openIsolatedTestDatabase() : await openTestDatabase());
  const app = await buildApp({ config, database, logger: options.logger ?? false });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
      if (ownUploadDir) await rm(ownUploadDir, { recursive: true, force: true });
      if (ownJournalDir) await rm(ownJournalDir, { recursive: true, force: true });
    },
  };
}
