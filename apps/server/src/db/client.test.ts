import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, selectRows } from './client.js';

describe('createDatabase on PGlite', () => {
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
