/**
 * The accounting pipeline (docs/product/design.md#delivery-engine): serving counts into memory, a timer flushes every
 * `flushMs` in one transaction (flush.ts), then settles or releases reservations in the
 * state store and moves the billed advertisers' plans (plan-status.ts). Once a minute it
 * also checks every running plan and prunes expired event ids. A busy process's batch (past
 * FLUSH_BUSY_ROWS) waits for up to `flushMaxMs` instead: the database's cost is its rows, and
 * a longer window sums more of them into one (docs/decisions/delivery.md#the-flush-under-load).
 *
 * Flushes run one at a time (a promise chain), so the timer and a shutdown never write at
 * once. A failed flush puts its batch back and the next one retries it; the event ids make
 * the retry safe. Counting after stop() stays in memory: stop the HTTP server first.
 *
 * With a journal (journal/journal.ts) every billed event is written to disk before
 * countEvent returns, a flush seals the segments its batch carries and deletes them once
 * committed, and recover() counts the events of segments a crashed process left.
 */
import type { Database } from '../../db/client.js';
import type {
  Accounting,
  BilledEvent,
  EventDims,
  PartnerOutcome,
  Reservation,
  Settlement,
  StateStore,
} from '../ports.js';
import {
  addPartnerCall,
  addPartnerRejections,
  emptyBatch,
  healthCounterOf,
  isEmptyBatch,
  mergeBack,
  RecentIds,
  statsRowsFor,
  statsRowsOf,
} from './buffers.js';
import type { EventJournal } from '../journal/journal.js';
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
  /** How long a busy batch may wait between flushes; unset: `flushMs`, every batch alike. */
  flushMaxMs?: number;
  log: AccountingLog;
  /** Epoch ms; the tests' clock. */
  now?: () => number;
  /** Where billed events are made durable before they are answered; none: memory only. */
  journal?: EventJournal;
}

/**
 * Rows and events a batch holds past which it waits for `flushMaxMs`: about 2,000 requests a
 * second, whose write costs PostgreSQL 15-50 ms of a core each second on this machine class.
 */
export const FLUSH_BUSY_ROWS = 2_000;
const MAINTENANCE_EVERY_MS = 60_000;
/** How often segments of processes that died meanwhile are looked for (several processes). */
const ORPHAN_SCAN_EVERY_MS = 10_000;
const STOP_ATTEMPTS = 5;
const STOP_BACKOFF_MS = 100;
/** About a minute of ids at a busy process's event rate; older replays meet delivery_events. */
const RECENT_IDS_PER_GENERATION = 100_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ignore = () => undefined;

export function createAccounting(options: AccountingOptions): Accounting {
  const { db, store, log, journal } = options;
  const now = options.now ?? Date.now;
  const seen = new RecentIds(RECENT_IDS_PER_GENERATION);
  let pending = emptyBatch();
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let tickQueued = false;
  let lastMaintenance = now();
  let lastOrphanScan = now();
  let lastFlush = now();
  const flushMaxMs = Math.max(options.flushMaxMs ?? options.flushMs, options.flushMs);
  /** Dead journal instances whose replayed events wait for a flush; then their rest goes. */
  let orphanOwners: string[] = [];

  /** Settles, releases and forgets in one step of the store (ports.ts: settleBatch). */
  function settleBatch(settlement: Settlement): Promise<void> {
    return store.settleBatch(settlement).catch((error: unknown) => {
      log.error({ err: error }, 'accounting: settling a flush in the state store failed');
    });
  }

  /** A reservation no flush will carry: given back, and no longer tracked. */
  function giveBack(reservation: Reservation): void {
    void settleBatch({ settled: new Map(), released: [reservation], forgotten: [reservation] });
  }

  /** What dead processes had reserved and never journaled: given back once replayed. */
  async function releaseOrphans(owners: readonly string[]): Promise<void> {
    for (const owner of owners) {
      try {
        const released = await store.releaseOrphaned(owner);
        if (released > 0) {
          log.warn({ owner, released }, 'accounting: a stopped process’s reservations released');
        }
      } catch (error) {
        log.error(
          { err: error, owner },
          'accounting: releasing a stopped process’s reservations failed',
        );
      }
    }
  }

  /** After the commit only: the store must never hear of a write that was rolled back. */
  async function applyToStore(outcome: FlushOutcome): Promise<void> {
    await settleBatch({
      settled: outcome.spent,
      released: outcome.releases,
      forgotten: outcome.forgotten,
    });
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
    if (isEmptyBatch(pending)) {
      // Nothing waits, so no segment does (taken-over ones whose events were all known).
      if (journal) journal.committed(journal.seal());
      const owners = orphanOwners;
      orphanOwners = [];
      await releaseOrphans(owners);
      return;
    }
    // Swapped out first: what is counted while this writes goes to the next flush. The
    // journal's segments sealed now hold exactly this batch's events (and a failed one's).
    const batch = pending;
    pending = emptyBatch();
    lastFlush = now();
    const segments = journal ? journal.seal() : [];
    const owners = orphanOwners;
    orphanOwners = [];
    let outcome: FlushOutcome;
    try {
      outcome = await writeBatch(db, batch);
      journal?.committed(segments);
    } catch (error) {
      mergeBack(pending, batch);
      orphanOwners = owners.concat(orphanOwners);
      log.error(
        { err: error, events: batch.events.length, statsRows: statsRowsOf(batch) },
        'accounting: flush failed; kept for the next one',
      );
      throw error;
    }
    await applyToStore(outcome);
    await releaseOrphans(owners);
    if (outcome.billed.length > 0) await moveStatuses(outcome.billed);
  }

  /** Counts the events of journal segments that dead processes left; answers how many. */
  function takeOrphans(): number {
    if (!journal) return 0;
    let taken = 0;
    const { events, owners } = journal.claimOrphans();
    for (const owner of owners) orphanOwners.push(owner);
    for (const event of events) {
      // Its reservation may have been settled before the crash: never released as a duplicate.
      if (!seen.add(event.id)) continue;
      pending.events.push({ ...event, replayed: true });
      taken += 1;
    }
    if (taken > 0) log.warn({ events: taken }, 'accounting: journal of a stopped process replayed');
    return taken;
  }

  async function maintain(): Promise<void> {
    const at = now();
    journal?.heartbeat();
    if (at - lastOrphanScan >= ORPHAN_SCAN_EVERY_MS) {
      lastOrphanScan = at;
      takeOrphans();
    }
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

  /** A busy batch waits for up to flushMaxMs since the last flush; a small one goes now. */
  function flushDue(): boolean {
    const size = statsRowsOf(pending) + pending.events.length;
    return size <= FLUSH_BUSY_ROWS || now() - lastFlush >= flushMaxMs;
  }

  function tick(): void {
    // A slow database must not pile up ticks behind one another.
    if (tickQueued) return;
    tickQueued = true;
    void enqueue(async () => {
      if (flushDue()) await flushPending().catch(ignore); // logged, retried at a later tick
      await maintain();
    }).finally(() => {
      tickQueued = false;
    });
  }

  return {
    countUnfilled(dims: EventDims, at: number, weight = 1): void {
      statsRowsFor(pending, dims).add(dims, at, weight, 0);
    },
    countFill(dims: EventDims, at: number, weight = 1): void {
      // An own ad's fill is also its strategy's auction; a partner's is the platform's.
      const auctions = dims.advertiserId > 0 ? weight : 0;
      statsRowsFor(pending, dims).add(dims, at, 0, weight, auctions);
    },
    countLostAuction(dims: EventDims, at: number, weight: number): void {
      statsRowsFor(pending, dims).add(dims, at, 0, 0, weight);
    },
    countEvent(event: BilledEvent): void {
      if (!seen.add(event.id)) {
        if (event.reservation) giveBack(event.reservation);
        return;
      }
      if (journal) {
        try {
          journal.append(event);
        } catch (error) {
          // Not durable, so not taken: the request fails and its retry counts.
          seen.delete(event.id);
          if (event.reservation) giveBack(event.reservation);
          log.error({ err: error }, 'accounting: the journal refused an event');
          throw error;
        }
      }
      pending.events.push(event);
    },
    recover(): Promise<number> {
      const taken = takeOrphans();
      // The flush carries the replayed events, then gives back what their owners had left.
      return flush().then(() => taken);
    },
    countPartnerCall(
      dspId: number,
      outcome: PartnerOutcome,
      latencyMs: number,
      at: number,
      weight = 1,
    ) {
      addPartnerCall(healthCounterOf(pending.health, dspId, at), outcome, latencyMs, weight);
    },
    countPartnerWin(dspId: number, at: number, weight = 1): void {
      healthCounterOf(pending.health, dspId, at).wins += weight;
    },
    countCallerLoss(dspId: number, at: number): void {
      healthCounterOf(pending.health, dspId, at).callerLosses += 1;
    },
    countUnbilled(dspId: number, at: number): void {
      healthCounterOf(pending.health, dspId, at).unbilled += 1;
    },
    countPartnerRejections(dspId: number, reasons: readonly string[], at: number): void {
      addPartnerRejections(healthCounterOf(pending.health, dspId, at), reasons);
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
        if (isEmptyBatch(pending)) {
          journal?.close();
          return;
        }
      }
      if (!isEmptyBatch(pending)) {
        throw new Error(
          `accounting: ${pending.events.length} billed events and ${statsRowsOf(pending)} stats rows could not be flushed`,
        );
      }
    },
  };
}
