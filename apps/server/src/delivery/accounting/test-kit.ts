/**
 * Fixtures of the accounting tests: a state store that records what it is asked, a log
 * that records what it is told, billed events and dimensions with ids of their own (the
 * PostgreSQL test database is shared), and reads of what a flush wrote.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { openPostgres, type Database, type DatabaseHandle } from '../../db/client.js';
import { openPglite } from '../../db/pglite.js';
import { dspHealthHourly, ledgerEntries, statsHourly } from '../../db/schema.js';
import { buildLedgerEntry, buildUser } from '../../test/factories.js';
import type { BilledEvent, EventDims, Reservation, Settlement, StateStore } from '../ports.js';
import type { StateView } from '../types.js';
import { createAccounting, type AccountingLog } from './accounting.js';

/**
 * The test database as test/app.ts's openTestDatabase opens it, without importing the
 * whole app (these tests need no routes, and the app's wiring may be mid-change).
 */
export async function openAccountingDatabase(poolSize = 8): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openPostgres(url, poolSize);
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('The PGlite template is missing: run through vitest globalSetup');
  return openPglite(await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) }));
}

/** Records releases and settlements; reserves nothing (the tests build reservations). */
export class RecordingStore implements StateStore {
  readonly kind = 'memory' as const;
  readonly released: Reservation[] = [];
  readonly settled: { advertiserId: number; micros: number }[] = [];

  refresh(): Promise<void> {
    return Promise.resolve();
  }
  view(): StateView {
    return { planSpentToday: () => 0, advertiserAvailable: () => 0 };
  }
  userHistory(): Promise<ReadonlyMap<number, readonly number[]>> {
    return Promise.resolve(new Map());
  }
  recordImpression(): Promise<void> {
    return Promise.resolve();
  }
  reserve(reservation: Reservation): Promise<number> {
    return Promise.resolve(reservation.micros);
  }
  release(reservation: Reservation): Promise<void> {
    this.released.push(reservation);
    return Promise.resolve();
  }
  hold(): Promise<boolean> {
    return Promise.resolve(true);
  }
  claimHold(): Promise<boolean> {
    return Promise.resolve(false);
  }
  releaseExpiredHolds(): Promise<number> {
    return Promise.resolve(0);
  }
  readonly forgotten: Reservation[] = [];
  settleBatch({ settled, released, forgotten }: Settlement): Promise<void> {
    for (const [advertiserId, micros] of settled) this.settled.push({ advertiserId, micros });
    this.released.push(...released);
    this.forgotten.push(...forgotten);
    return Promise.resolve();
  }
  readonly orphaned: string[] = [];
  releaseOrphaned(owner: string): Promise<number> {
    this.orphaned.push(owner);
    return Promise.resolve(0);
  }
  settle(advertiserId: number, micros: number): Promise<void> {
    this.settled.push({ advertiserId, micros });
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

export class RecordingLog implements AccountingLog {
  readonly entries: { level: 'info' | 'warn' | 'error'; msg: string }[] = [];
  info(_obj: object, msg: string): void {
    this.entries.push({ level: 'info', msg });
  }
  warn(_obj: object, msg: string): void {
    this.entries.push({ level: 'warn', msg });
  }
  error(_obj: object, msg: string): void {
    this.entries.push({ level: 'error', msg });
  }
  levels(level: 'info' | 'warn' | 'error'): string[] {
    return this.entries.filter((entry) => entry.level === level).map((entry) => entry.msg);
  }
}

export function newAccounting(db: Database, options: { flushMs?: number } = {}) {
  const store = new RecordingStore();
  const log = new RecordingLog();
  const accounting = createAccounting({ db, store, log, flushMs: options.flushMs ?? 1_000 });
  return { accounting, store, log };
}

/** A slot id no other test uses: stats rows are found by it. */
export const uniqueSlotId = () => randomInt(1_000_000_000, 2_000_000_000);

export function dimsOf(values: Partial<EventDims> = {}): EventDims {
  return {
    advertiserId: 0,
    planId: 0,
    strategyId: 0,
    creativeId: 0,
    mediaId: 7,
    slotId: uniqueSlotId(),
    dspId: 0,
    country: 'DE',
    os: 1,
    appVersion: '1.2.3',
    ...values,
  };
}

/** An impression costing `cost`, reserved for that much. */
export function impressionOf(
  dims: EventDims,
  at: number,
  cost: number,
  extra: Partial<BilledEvent> = {},
): BilledEvent {
  return {
    id: `imp:${randomUUID()}`,
    kind: 'imp',
    dims,
    at,
    impressions: 1,
    clicks: 0,
    cost,
    income: Math.floor(cost / 2),
    ...(cost > 0 ? { reservation: reservationOf(dims, cost, at) } : {}),
    ...extra,
  };
}

export function reservationOf(dims: EventDims, micros: number, at: number): Reservation {
  return {
    planId: dims.planId,
    advertiserId: dims.advertiserId,
    micros,
    budget: 1_000_000_000,
    day: new Date(at).toISOString().slice(0, 10),
  };
}

/** An advertiser whose ledger starts at `balance` (no entry when 0). */
export async function buildFundedUser(db: Database, balance: number): Promise<number> {
  const user = await buildUser(db);
  if (balance !== 0) {
    await buildLedgerEntry(db, { userId: user.id, amount: balance, balanceAfter: balance });
  }
  return user.id;
}

export function statsOfSlot(db: Database, slotId: number) {
  return db
    .select()
    .from(statsHourly)
    .where(eq(statsHourly.slotId, slotId))
    .orderBy(asc(statsHourly.hour), asc(statsHourly.planId), asc(statsHourly.creativeId));
}

export function spendEntriesOf(db: Database, userId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'spend')))
    .orderBy(asc(ledgerEntries.id));
}

/** What the ledger charged the user in all, micros. */
export async function ledgerSpend(db: Database, userId: number): Promise<number> {
  const entries = await spendEntriesOf(db, userId);
  return entries.reduce((spent, entry) => spent - entry.amount, 0);
}

export function healthOf(db: Database, dspId: number) {
  return db
    .select()
    .from(dspHealthHourly)
    .where(eq(dspHealthHourly.dspId, dspId))
    .orderBy(asc(dspHealthHourly.hour));
}

/**
 * The database with its transactions wrapped: `before` runs ahead of each one (to hold it
 * back or to count how many run at once); `failNext()` makes the next one fail after all
 * its writes, just before it would commit.
 */
export function instrumented(db: Database, before: () => Promise<void> = () => Promise.resolve()) {
  let failures = 0;
  let active = 0;
  let mostAtOnce = 0;
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
      return async (work: (tx: Database) => Promise<unknown>) => {
        active += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        try {
          await before();
          return await target.transaction(async (tx) => {
            const result = await work(tx);
            if (failures > 0) {
              failures -= 1;
              throw new Error('forced failure before commit');
            }
            return result;
          });
        } finally {
          active -= 1;
        }
      };
    },
  });
  return {
    db: wrapped,
    failNext: (times = 1) => {
      failures += times;
    },
    mostAtOnce: () => mostAtOnce,
  };
}
