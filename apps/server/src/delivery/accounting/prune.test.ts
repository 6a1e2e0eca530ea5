/** Expired event ids go, in bounded batches; ids a token could still replay stay. */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { deliveryEvents } from '../../db/schema.js';
import { EVENT_RETENTION_MS, pruneDeliveryEvents } from './prune.js';
import { openAccountingDatabase } from './test-kit.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openAccountingDatabase(2);
});
afterAll(async () => {
  await handle.close();
});

const NOW = Date.parse('2026-06-01T12:00:00Z');

describe('pruning delivery_events', () => {
  it('keeps ids for the token life plus an hour, deleting older ones a bounded batch at a time', async () => {
    const db = handle.db;
    expect(EVENT_RETENTION_MS).toBe(25 * 3_600_000);
    const old = Array.from({ length: 5 }, () => `imp:${randomUUID()}`);
    const kept = `imp:${randomUUID()}`;
    await db.insert(deliveryEvents).values([
      ...old.map((eventId, index) => ({
        eventId,
        at: new Date(NOW - EVENT_RETENTION_MS - 60_000 - index),
      })),
      { eventId: kept, at: new Date(NOW - EVENT_RETENTION_MS + 60_000) },
    ]);
    const remaining = async () =>
      (
        await db
          .select({ id: deliveryEvents.eventId })
          .from(deliveryEvents)
          .where(inArray(deliveryEvents.eventId, [...old, kept]))
      ).map((row) => row.id);

    // Two batches of two: at most four rows in this run, whatever else the table holds.
    expect(await pruneDeliveryEvents(db, NOW, { batchSize: 2, maxBatches: 2 })).toBe(4);
    expect((await remaining()).length).toBeGreaterThanOrEqual(2);

    await pruneDeliveryEvents(db, NOW, { batchSize: 1_000, maxBatches: 100 });
    expect(await remaining()).toEqual([kept]);
  });
});
