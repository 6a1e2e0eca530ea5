/**
 * The state store of a single server process (no REDIS_URL): caps, plan spend and
 * reservations in this process's memory. Node runs one callback at a time, so reserve()'s
 * check-and-take is atomic as plain arithmetic.
 */
import type { Hold, Reservation, StateStore } from '../ports.js';
import { MemoryCapHistory } from './history.js';
import { LiveTotals, type TotalsSource } from './totals.js';

export const DEFAULT_MAX_USERS = 1_000_000;

export interface MemoryStateStoreOptions {
  source: TotalsSource;
  now?: () => number;
  /** Users whose impression history is kept at most (the least recently seen go first). */
  maxUsers?: number;
}

/** What `reservation` can take now: capped by the plan's budget left and the balance left. */
export function reservableMicros(totals: LiveTotals, reservation: Reservation): number {
  const budgetLeft = reservation.budget - totals.planSpent(reservation.planId, reservation.day);
  const balanceLeft = totals.available(reservation.advertiserId);
  return Math.max(0, Math.min(reservation.micros, budgetLeft, balanceLeft));
}

export function createMemoryStateStore(options: MemoryStateStoreOptions): StateStore {
  const now = options.now ?? Date.now;
  const totals = new LiveTotals(now);
  const history = new MemoryCapHistory(now, options.maxUsers ?? DEFAULT_MAX_USERS);
  // One refresh at a time, so an older read never replaces a newer one.
  let refreshing: Promise<void> = Promise.resolve();
  /**
   * Served ads' holds by the second they expire, and that second by token id: a claim
   * removes both entries, so only unclaimed holds take memory, however long they last.
   */
  const expiring = new Map<number, Map<string, Reservation>>();
  const expiryOf = new Map<string, number>();

  function take({ planId, advertiserId, day }: Reservation, micros: number): void {
    totals.setSpent(planId, day, totals.planSpent(planId, day) + micros);
    totals.setPending(advertiserId, totals.pendingOf(advertiserId) + micros);
  }

  function giveBack({ planId, advertiserId, day, micros }: Reservation): void {
    const spent = totals.knownSpent(planId, day);
    if (spent !== undefined) totals.setSpent(planId, day, Math.max(0, spent - micros));
    totals.setPending(advertiserId, Math.max(0, totals.pendingOf(advertiserId) - micros));
  }

  function settle(advertiserId: number, micros: number): void {
    totals.setPending(advertiserId, Math.max(0, totals.pendingOf(advertiserId) - micros));
    totals.setSettled(advertiserId, totals.settledOf(advertiserId) + micros);
  }

  async function readDatabase(): Promise<void> {
    const settledAtRead = totals.settledSnapshot();
    totals.applyDatabase(await options.source(now()), settledAtRead);
  }

  return {
    kind: 'memory',
    refresh() {
      const run = refreshing.then(readDatabase);
      refreshing = run.catch(() => undefined);
      return run;
    },
    view: () => totals.view(),
    userHistory: async (uid) => history.read(uid),
    recordImpression: async (uid, planId, atSeconds, caps) =>
      history.record(uid, planId, atSeconds, caps),
    async reserve(reservation) {
      const taken = reservableMicros(totals, reservation);
      if (taken > 0) take(reservation, taken);
      return taken;
    },
    async release(reservation) {
      giveBack(reservation);
    },
    async hold({ id, reservation, expiresAt }: Hold) {
      if (reservableMicros(totals, reservation) < reservation.micros) return false;
      take(reservation, reservation.micros);
      const second = Math.ceil(expiresAt / 1000);
      const due = expiring.get(second);
      if (due) due.set(id, reservation);
      else expiring.set(second, new Map([[id, reservation]]));
      expiryOf.set(id, second);
      return true;
    },
    async claimHold(id, held, billed) {
      const second = expiryOf.get(id);
      if (second === undefined) return false;
      expiryOf.delete(id);
      expiring.get(second)?.delete(id);
      if (billed.micros < held.micros) giveBack({ ...held, micros: held.micros - billed.micros });
      return true;
    },
    async settleBatch({ settled, released }) {
      for (const [advertiserId, micros] of settled) settle(advertiserId, micros);
      for (const reservation of released) giveBack(reservation);
      // One process: a crash takes its reservations with it; nothing is tracked to forget.
    },
    async releaseOrphaned() {
      return 0;
    },
    async releaseExpiredHolds() {
      const nowSeconds = Math.floor(now() / 1000);
      let released = 0;
      for (const [second, due] of expiring) {
        if (second > nowSeconds) continue;
        expiring.delete(second);
        for (const [id, reservation] of due) {
          expiryOf.delete(id);
          giveBack(reservation);
          released += 1;
        }
      }
      return released;
    },
    async settle(advertiserId, micros) {
      settle(advertiserId, micros);
    },
    async close() {
      history.clear();
      expiring.clear();
      expiryOf.clear();
    },
  };
}
