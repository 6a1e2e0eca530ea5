/**
 * The stats write on a real database (PGlite, or the shared PostgreSQL test database): a
 * flush's partitions go in one statement, or in as few as the bound on rows allows, never
 * splitting a partition; the rollup trigger adds them to stats_plan_hourly either way. Each
 * partition is summed in a turn of the event loop of its own (requests are served between).
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.js';
import { statsHourly, statsPlanHourly } from '../db/schema.js';
import { dimsOf, openAccountingDatabase } from '../delivery/accounting/test-kit.js';
import { HOUR_MS, StatsRows } from './rows.js';
import { insertStats } from './write.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openAccountingDatabase();
});
afterAll(async () => {
  await handle.close();
});

const TEN = Date.parse('2026-03-02T10:00:00Z');

/** Writes the partitions in one transaction; answers how many statements it took. */
async function writeCounted(partitions: readonly StatsRows[], rowsPerStatement?: number) {
  let statements = 0;
  await handle.db.transaction(async (tx) => {
    const counting = new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    await insertStats(counting, partitions, rowsPerStatement);
  });
  return statements;
}

/**
 * A partition of one plan's fills on `slots`: each slot's fill counted twice in the hour of
 * TEN, which forWrite sums into one row, plus the row of the fills' requests (no ad): two
 * rows written a slot.
 */
function partition(planId: number, slots: readonly number[]): StatsRows {
  const rows = new StatsRows();
  for (const slotId of slots) {
    const dims = dimsOf({ slotId, advertiserId: 9, planId, strategyId: 1, creativeId: 2 });
    rows.add(dims, TEN + 1_000, 0, 1);
    rows.add(dims, TEN + HOUR_MS - 1, 0, 2);
  }
  return rows;
}

const slots = (count: number) =>
  Array.from({ length: count }, () => randomInt(1_000_000_000, 2_000_000_000));

/** The plan's fills by slot (each slot's request row, with no ad, counts none). */
async function fillsBySlot(db: Database, planId: number, slotIds: readonly number[]) {
  const rows = await db
    .select({ slotId: statsHourly.slotId, fills: statsHourly.fills })
    .from(statsHourly)
    .where(and(eq(statsHourly.planId, planId), inArray(statsHourly.slotId, [...slotIds])))
    .orderBy(asc(statsHourly.slotId));
  return Object.fromEntries(rows.map((row) => [row.slotId, Number(row.fills)]));
}

async function planFills(db: Database, planId: number): Promise<number> {
  const [row] = await db
    .select({ fills: sum(statsPlanHourly.fills) })
    .from(statsPlanHourly)
    .where(eq(statsPlanHourly.planId, planId));
  return Number(row?.fills ?? 0);
}

describe('insertStats', () => {
  it("writes a flush's partitions in one statement, rolled up by the trigger", async () => {
    const planId = randomInt(1_000_000_000, 2_000_000_000);
    const parts = [slots(3), slots(1), slots(2)];
    expect(await writeCounted(parts.map((ids) => partition(planId, ids)))).toBe(1);

    const every = parts.flat();
    expect(await fillsBySlot(handle.db, planId, every)).toEqual(
      Object.fromEntries([...every].sort((a, b) => a - b).map((slotId) => [slotId, 3])),
    );
    expect(await planFills(handle.db, planId)).toBe(every.length * 3);
  });

  it('starts a new statement before the bound is passed, never splitting a partition', async () => {
    const planId = randomInt(1_000_000_000, 2_000_000_000);
    // Rows written a partition: two a slot (the fill's row and its request's row).
    const parts = [slots(1), slots(1), slots(3), slots(1)];
    // 2 + 2 rows in the first; 6 alone (over the bound, whole); 2 in the last.
    expect(
      await writeCounted(
        parts.map((ids) => partition(planId, ids)),
        4,
      ),
    ).toBe(3);
    expect(await planFills(handle.db, planId)).toBe(6 * 3);
    expect(Object.values(await fillsBySlot(handle.db, planId, parts.flat()))).toEqual(
      Array.from({ length: 6 }, () => 3),
    );
  });

  it('sums each partition in a turn of the event loop of its own', async () => {
    // A counter moved by a chain of setImmediate: the turn each partition is summed in.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const summedIn: number[] = [];
    const planId = randomInt(1_000_000_000, 2_000_000_000);
    const parts = [slots(2), slots(1), slots(2)].map((ids) => {
      const rows = partition(planId, ids);
      const forWrite = rows.forWrite.bind(rows);
      rows.forWrite = () => {
        summedIn.push(turn);
        return forWrite();
      };
      return rows;
    });
    try {
      expect(await writeCounted(parts)).toBe(1);
    } finally {
      counting = false;
    }
    expect(summedIn).toHaveLength(3);
    expect(new Set(summedIn).size).toBe(3);
    expect(await planFills(handle.db, planId)).toBe(5 * 3);
  });

  it('writes nothing for partitions with nothing to count', async () => {
    expect(await writeCounted([new StatsRows(), new StatsRows()])).toBe(0);
  });
});
