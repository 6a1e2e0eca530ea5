/**
 * Prepares the test database once per run. PGlite (default): migrate and seed one template,
 * dump it to a temp file; each test file restores its own in-memory copy (0.5 s instead of
 * 4-5 s). PostgreSQL (TEST_DATABASE_URL): migrate and seed that database once; test files
 * share it and make their own users through the factories.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.js';
import { openPglite } from '../db/pglite.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDemoData } from '../db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped PGlite template, or null when the tests run on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = openPostgres(url, 2);
    try {
      await migrateDatabase(database);
      await seedDemoData(database.db);
    } finally {
      await database.close();
    }
    project.provide('pgliteTemplate', null);
    return;
  }

  const database = openPglite(await PGlite.create());
  let dump: Blob;
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db);
    dump = await (database.client as PGlite).dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = await mkdtemp(join(tmpdir(), 'adloom-test-'));
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
