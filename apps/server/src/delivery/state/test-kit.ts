/**
 * Test support for the state stores: a "database" the test sets (the real reads are tested
 * in balances.test.ts), a clock it moves, and the Redis connection and key clean-up.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { CapRule, Reservation, StateStore } from '../ports.js';
import type { DatabaseTotals, TotalsSource } from './totals.js';
import { utcDay } from './time.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** 2026-11-22 14:00:00 UTC. */
export const T0 = Date.UTC(2026, 10, 22, 14, 0, 0);

export const NO_CAPS: CapRule = { timesPerUser: 0, frequencyPerUser: 0, intervalSeconds: 0 };

export class TestClock {
  constructor(public ms = T0) {}
  readonly now = () => this.ms;
  get seconds(): number {
    return Math.floor(this.ms / 1000);
  }
  get day(): string {
    return utcDay(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** What the next refresh reads, as the database reads would answer it. */
export class TestDatabase {
  balances = new Map<number, number>();
  spentToday = new Map<number, number>();
  private gate: { reached: () => void; resume: Promise<void> } | null = null;

  readonly source: TotalsSource = async (nowMs) => {
    const totals: DatabaseTotals = {
      balances: new Map(this.balances),
      day: utcDay(nowMs),
      spentToday: new Map(this.spentToday),
    };
    const gate = this.gate;
    if (gate) {
      this.gate = null;
      gate.reached();
      await gate.resume;
    }
    return totals;
  };

  /**
   * Holds the next read after it has taken its numbers: `reached` resolves then, and the
   * read answers when `resume()` is called.
   */
  holdNextRead(): { reached: Promise<void>; resume: () => void } {
    const reached = deferred();
    const resume = deferred();
    this.gate = { reached: reached.resolve, resume: resume.promise };
    return { reached: reached.promise, resume: resume.resolve };
  }
}

export interface StoreHarness {
  /** A store over `database` and `clock` (several for Redis share one key prefix). */
  open(): StateStore;
  database: TestDatabase;
  clock: TestClock;
  /** Closes every store opened and removes what they stored. */
  close(): Promise<void>;
}

// A random base per process: test files run in parallel workers (and, on PostgreSQL, share
// the database), so a counter starting at the same number in each would hand out the same ids.
let nextId = 1_000 + randomInt(1_000_000) * 1_000;
/** Ids no other test of the run uses (Redis keys and PostgreSQL rows are shared). */
export function uniqueId(): number {
  nextId += 1;
  return nextId;
}

export function reservation(overrides: Partial<Reservation> & { micros: number }): Reservation {
  return {
    planId: 1,
    advertiserId: 1,
    budget: 1_000_000,
    day: utcDay(T0),
    ...overrides,
  };
}

export function testKeyPrefix(): string {
  return `adloom-test:${randomBytes(6).toString('hex')}:`;
}

/** SCAN + DEL over the prefix. */
export async function deleteKeys(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL);
  let deleted = 0;
  try {
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 200 })) {
      const found = batch as string[];
      if (found.length > 0) deleted += await redis.del(found);
    }
  } finally {
    await redis.quit();
  }
  return deleted;
}

/** Every key under the prefix (sorted). */
export async function listKeys(prefix: string): Promise<string[]> {
  const redis = new Redis(REDIS_URL);
  try {
    const found: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 200 })) {
      found.push(...(batch as string[]));
    }
    return found.sort();
  } finally {
    await redis.quit();
  }
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
