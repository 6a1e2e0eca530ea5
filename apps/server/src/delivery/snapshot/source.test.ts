/**
 * sync() promises a snapshot that holds every change committed before it was called, even
 * when a poll's build, which read the version earlier, is still under way.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { configVersion } from '../../db/schema.js';
import { openTestDatabase } from '../../test/app.js';
import type { Snapshot } from '../types.js';
import { SnapshotSource, readConfigVersion } from './source.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('SnapshotSource.sync', () => {
  it('rebuilds after a build that read the version before the change', async () => {
    const { db } = database;
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstLoading: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => {
      firstLoading = resolve;
    });
    let builds = 0;
    // The version the first build read: on PostgreSQL other test files may move the shared
    // database's version at any time, so it is taken from the build, not read beside it.
    let firstRead = -1;
    const source = new SnapshotSource({
      db,
      pollMs: 60_000,
      now: () => 0,
      onError: () => undefined,
      load: async (_db, version) => {
        builds += 1;
        if (builds === 1) {
          firstRead = version;
          firstLoading();
          await firstHeld;
        }
        return { version } as Snapshot;
      },
    });
    const before = await readConfigVersion(db);
    const polling = source.sync(); // reads the version, then waits in its load
    await firstStarted;
    await db
      .update(configVersion)
      .set({ version: sql`${configVersion.version} + 1` })
      .where(eq(configVersion.id, 1));
    const synced = source.sync();
    releaseFirst();
    expect(firstRead).toBeGreaterThanOrEqual(before);
    expect((await polling).version).toBe(firstRead);
    // At least the bumped version (other test files may move it further on PostgreSQL).
    expect((await synced).version).toBeGreaterThan(firstRead);
    expect(builds).toBe(2);
  });
});
