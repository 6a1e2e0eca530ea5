/**
 * The accounting pipeline (DESIGN §5): serving counts into memory, a timer flushes every
 * `flushMs` in one transaction (flush.ts), then settles or releases reservations in the
 * state store and moves the billed advertisers' plans (plan-status.ts). Once a minute it
 * also checks every running plan and prunes expired event ids.
 *
 * Flushes run one at a time (a promise chain), so the timer and a shutdown never write at
 * once. A failed flush puts its batch back and the next one retries it; the event ids make
 * the retry safe. Counting after stop() stays in memory: stop the HTTP server first.
 */
import type { Database } from '../../db/client.js';
import type {
  Accounting,
  BilledEvent,
  EventDims,
  PartnerOutcome,
  Reservation,
  StateStore,
} from '../ports.js';
import {
  addPartnerCall,
  emptyBatch,
  healthCounterOf,
  isEmptyBatch,
  mergeBack,
  RecentIds,
  statsRowsFor,
  statsRowsOf,
} from './buffers.js';
import { writeBatch, type FlushOutcome } from './flush.js';
import { applyPlanStatusMoves, type PlanStatusMove } from './plan-status.js';
import { pruneDeliveryEvents } from './prune.js';

/** The part of a pino logger accounting writes to. */
export interface AccountingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AccountingOptions {
  db: Database;
  store: StateStore;
  flushMs: number;
  log: AccountingLog;
  /** Epoch ms; the tests' clock. */
  now?: () => number;
}

const MAINTENANCE_EVERY_MS = 60_000;
const STOP_ATTEMPTS = 5;
const STOP_BACKOFF_MS = 100;
/** About a minute of ids at a busy process's event rate; older replays meet delivery_events. */
const RECENT_IDS_PER_GENERATION = 100_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ignore = () => undefined;

export function createAccounting(options: AccountingOptions): Accounting {
  const { db, store, log } = options;
  const now = options.now ?? Date.now;
  const seen = new RecentIds(RECENT_IDS_PER_GENERATION);
  let pending = emptyBatch();
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let tickQueued = false;
  let lastMaintenance = now();

  function release(reservation: Reservation): Promise<void> {
    return store.release(reservation).catch((error: unknown) => {
      log.error({ err: error, reservation }, 'accounting: releasing a reservation failed');
    });
  }

  /** After the commit only: the store must never hear of a write that was rolled back. */
  async function applyToStore(outcome: FlushOutcome): Promise<void> {
    const settles = [...outcome.spent].map(([advertiserId, micros]) =>
      store.settle(advertiserId, micros).catch((error: unknown) => {
        log.error({ err: error, advertiserId, micros }, 'accounting: settling spend failed');
      }),
    );
    await Promise.all([...settles, ...outcome.releases.map(release)]);
    if (outcome.shortfall > 0) {
      log.warn(
        { shortfall: outcome.shortfall, advertisers: outcome.billed },
        'accounting: balances could not cover all reserved spend; the rest was not billed',
      );
    }
  }

  function logMoves(moves: readonly PlanStatusMove[]): void {
    if (moves.length > 0) log.info({ moves }, 'accounting: plan statuses moved');
  }

  async function moveStatuses(ownerIds?: readonly number[]): Promise<void> {
    try {
      logMoves(await applyPlanStatusMoves(db, { now: now(), ownerIds }));
    } catch (error) {
      log.error({ err: error }, 'accounting: plan status moves failed');
    }
  }

  async function flushPending(): Promise<void> {
    if (isEmptyBatch(pending)) return;
    // Swapped out first: what is counted while this writes goes to the next flush.
    const batch = pending;
    pending = emptyBatch();
    let outcome: FlushOutcome;
    try {
      outcome = await writeBatch(db, batch);
    } catch (error) {
      mergeBack(pending, batch);
      log.error(
        { err: error, events: batch.events.length, statsRows: statsRowsOf(batch) },
        'accounting: flush failed; kept for the next one',
      );
      throw error;
    }
    await applyToStore(outcome);
    if (outcome.billed.length > 0) await moveStatuses(outcome.billed);
  }

  async function maintain(): Promise<void> {
    const at = now();
    if (at - lastMaintenance < MAINTENANCE_EVERY_MS) return;
    lastMaintenance = at;
    await moveStatuses();
    try {
      await pruneDeliveryEvents(db, at);
    } catch (error) {
      log.error({ err: error }, 'accounting: pruning delivery events failed');
    }
  }

  function enqueue(task: () => Promise<void>): Promise<void> {
    const run = chain.then(task);
    chain = run.then(ignore, ignore);
    return run;
  }

  const flush = () => enqueue(flushPending);

  function tick(): void {
    // A slow database must not pile up ticks behind one another.
    if (tickQueued) return;
    tickQueued = true;
    void enqueue(async () => {
      await flushPending().catch(ignore); // logged, retried at the next tick
      await maintain();
    }).finally(() => {
      tickQueued = false;
    });
  }

  return {
    countUnfilled(dims: EventDims, at: number): void {
      statsRowsFor(pending, dims).add(dims, at, 1, 0);
    },
    countFill(dims: EventDims, at: number): void {
      statsRowsFor(pending, dims).add(dims, at, 0, 1);
    },
    countEvent(event: BilledEvent): void {
      if (!seen.add(event.id)) {
        if (event.reservation) void release(event.reservation);
        return;
      }
      pending.events.push(event);
    },
    countPartnerCall(dspId: number, outcome: PartnerOutcome, latencyMs: number, at: number) {
      addPartnerCall(healthCounterOf(pending.health, dspId, at), outcome, latencyMs);
    },
    countPartnerWin(dspId: number, at: number): void {
      healthCounterOf(pending.health, dspId, at).wins += 1;
    },
    flush,
    start(): void {
      if (timer) return;
      lastMaintenance = now();
      timer = setInterval(tick, options.flushMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      for (let attempt = 1; attempt <= STOP_ATTEMPTS; attempt += 1) {
        try {
          await flush();
        } catch {
          if (attempt < STOP_ATTEMPTS) await sleep(STOP_BACKOFF_MS * attempt);
          continue;
        }
        if (isEmptyBatch(pending)) return;
      }
      if (!isEmptyBatch(pending)) {
        throw new Error(
          `accounting: ${pending.events.length} billed events and ${statsRowsOf(pending)} stats rows could not be flushed`,
        );
      }
    },
  };
}
