import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  isEmbedded,
  selectRows,
  type Database,
  type DatabaseHandle,
} from './client.js';
import { migrateDatabase } from './migrate.js';

// The embedded database's own tests: the PostgreSQL run (TEST_DATABASE_URL) has no PGlite to
// test, and would only repeat them.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)('createDatabase on PGlite', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('starts PGlite with the configured buffer cache, not PostgreSQL’s 128MB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'adloom-pglite-'));
    dirs.push(dir);
    const database = await createDatabase({
      databaseUrl: undefined,
      pgliteDir: dir,
      pgliteSharedBuffers: '16MB',
      pgliteThread: false,
    });
    try {
      const rows = await selectRows<{ shared_buffers: string }>(
        database.db,
        sql`show shared_buffers`,
      );
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe.skipIf(onPostgres)(
  "createDatabase on PGlite in its own thread (the server's default)",
  () => {
    const dirs: string[] = [];
    afterAll(async () => {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    async function open(dir?: string): Promise<{ database: DatabaseHandle; dir: string }> {
      const pgliteDir = dir ?? (await mkdtemp(join(tmpdir(), 'adloom-pglite-thread-')));
      if (!dir) dirs.push(pgliteDir);
      const database = await createDatabase({
        databaseUrl: undefined,
        pgliteDir,
        pgliteSharedBuffers: '16MB',
        pgliteThread: true,
      });
      return { database, dir: pgliteDir };
    }

    // One database on its thread for the tests below (each its own tables): a fresh PGlite
    // costs an initdb, several seconds on a slow machine.
    let shared: DatabaseHandle | undefined;
    beforeAll(async () => {
      shared = (await open()).database;
    }, 60_000);
    afterAll(async () => {
      await shared?.close();
    });

    async function withDatabase(use: (db: Database) => Promise<void>): Promise<void> {
      if (!shared) throw new Error('the shared database did not open');
      await use(shared.db);
    }

    it('migrates, keeps what it wrote across a restart, and counts as the embedded database', async () => {
      const { database, dir } = await open();
      try {
        expect(database.kind).toBe('pglite-thread');
        expect(isEmbedded(database.db)).toBe(true);
        const [buffers] = await selectRows<{ shared_buffers: string }>(
          database.db,
          sql`show shared_buffers`,
        );
        expect(buffers?.shared_buffers).toBe('16MB');
        await migrateDatabase(database);
        await database.db.execute(sql`create table kept (id int primary key, note text)`);
        await database.db.execute(sql`insert into kept values (1, 'written before the restart')`);
      } finally {
        await database.close();
      }
      const reopened = (await open(dir)).database;
      try {
        expect(await selectRows(reopened.db, sql`select id, note from kept`)).toEqual([
          { id: 1, note: 'written before the restart' },
        ]);
        // Migrations already applied are skipped: the journal is read, nothing fails.
        await migrateDatabase(reopened);
      } finally {
        await reopened.close();
      }
    }, 60_000);

    it('holds the database for a transaction: a query from outside waits for its commit', async () => {
      await withDatabase(async (db) => {
        await db.execute(sql`create table held (n int)`);
        const order: string[] = [];
        let outside: Promise<unknown> | undefined;
        await db.transaction(async (tx) => {
          await tx.execute(sql`insert into held values (1)`);
          outside = selectRows<{ count: number }>(
            db,
            sql`select count(*)::int as count from held`,
          ).then((rows) => {
            order.push('outside');
            return rows;
          });
          await new Promise((resolve) => setTimeout(resolve, 50));
          await tx.execute(sql`insert into held values (2)`);
          order.push('commit');
        });
        expect(await outside).toEqual([{ count: 2 }]);
        expect(order).toEqual(['commit', 'outside']);
      });
    }, 60_000);

    it('rolls a failed transaction back, names the error, and goes on answering', async () => {
      await withDatabase(async (db) => {
        await db.execute(sql`create table unique_ids (id int primary key)`);
        await db.execute(sql`insert into unique_ids values (1)`);
        const failed = db.transaction(async (tx) => {
          await tx.execute(sql`insert into unique_ids values (2)`);
          await tx.execute(sql`insert into unique_ids values (1)`);
        });
        await expect(failed).rejects.toMatchObject({ cause: { code: '23505' } });
        expect(await selectRows(db, sql`select id from unique_ids order by id`)).toEqual([
          { id: 1 },
        ]);
      });
    }, 60_000);

    it('leaves the calling thread free while a long statement runs', async () => {
      await withDatabase(async (db) => {
        let ticks = 0;
        const timer = setInterval(() => {
          ticks += 1;
        }, 5);
        const started = performance.now();
        await selectRows(db, sql`select count(*) from generate_series(1, 4000000)`);
        const took = performance.now() - started;
        clearInterval(timer);
        // In this thread PGlite's WebAssembly would hold the event loop: no tick until it ended.
        expect(took).toBeGreaterThan(100);
        expect(ticks).toBeGreaterThan(took / 5 / 4);
      });
    }, 60_000);

    it('answers many queries at once, each its own rows, and a large result whole', async () => {
      await withDatabase(async (db) => {
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, index) =>
            selectRows<{ n: number }>(db, sql`select ${index}::int as n`),
          ),
        );
        expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 300 }, (_, i) => i));
        // About 5 MB, far more than a chunk of the stream: cut and put together again whole.
        const rows = await selectRows<{ n: number; t: string }>(
          db,
          sql`select n, repeat('x', 100) as t from generate_series(1, 50000) as n`,
        );
        expect(rows).toHaveLength(50_000);
        expect(rows.every((row, index) => row.n === index + 1 && row.t.length === 100)).toBe(true);
      });
    }, 60_000);
  },
);
