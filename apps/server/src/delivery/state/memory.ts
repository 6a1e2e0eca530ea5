/**
 * The state store of a single server process (no REDIS_URL): caps, plan spend and
 * reservations in this process's memory. Node runs one callback at a time, so reserve()'s
 * check-and-take is atomic as plain arithmetic.
 */
import type { Reservation, StateStore } from '../ports.js';
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
      if (taken > 0) {
        const { planId, advertiserId, day } = reservation;
        totals.setSpent(planId, day, totals.planSpent(planId, day) + taken);
        totals.setPending(advertiserId, totals.pendingOf(advertiserId) + taken);
      }
      return taken;
    },
    async release({ planId, advertiserId, day, micros }) {
      const spent = totals.knownSpent(planId, day);
      if (spent !== undefined) totals.setSpent(planId, day, Math.max(0, spent - micros));
      totals.setPending(advertiserId, Math.max(0, totals.pendingOf(advertiserId) - micros));
    },
    async settle(advertiserId, micros) {
      totals.setPending(advertiserId, Math.max(0, totals.pendingOf(advertiserId) - micros));
      totals.setSettled(advertiserId, totals.settledOf(advertiserId) + micros);
    },
    async close() {
      history.clear();
    },
  };
}
