/**
 * The state store shared by several server processes (REDIS_URL): caps history, plans'
 * spent-or-reserved amounts and advertisers' pending reservations live in Redis; every
 * check-and-take is one Lua script (lua.ts), so no number of processes takes more than the
 * budget or the balance. Ledger balances and the database's spend today still come from
 * refresh(); decisions read the cached mirror (totals.ts) and never wait. The keys and their
 * members: redis-keys.ts; the connection and its scripts: redis-client.ts.
 *
 * Redis away: userHistory answers nothing, reserve answers 0 (nothing serves unpaid), the
 * rest is skipped, and the failure is logged at most once a minute.
 */
import type { CapRule, Hold, Reservation, Settlement, StateStore } from '../ports.js';
import type { UserHistory } from '../types.js';
import { historyTtlSeconds, retentionOf } from './caps.js';
import { createFailureLog, type StateLogger } from './failure-log.js';
import { connectRedis, integers } from './redis-client.js';
import {
  DEFAULT_KEY_PREFIX,
  holdMember,
  parseHistory,
  stateKeys,
  trackedPrefix,
} from './redis-keys.js';
import { LiveTotals, type TotalsSource } from './totals.js';

const PLAN_TTL_SECONDS = 2 * 86_400;
/** Reservations settle within seconds; a counter idle this long holds only lost ones. */
const PENDING_TTL_SECONDS = 3600;
const DEFAULT_COMMAND_TIMEOUT_MS = 500;
/** Expired holds given back per script call (a call runs alone in Redis: kept short). */
const HOLDS_RELEASED_PER_CALL = 500;
/** A tracked reservation left this long unflushed is given back (its process is gone). */
const TRACKED_TTL_MS = PENDING_TTL_SECONDS * 1000;

export interface RedisStateStoreOptions {
  source: TotalsSource;
  url: string;
  keyPrefix?: string;
  now?: () => number;
  logger?: StateLogger;
  /** A command without an answer after this long fails (and serving goes on without it). */
  commandTimeoutMs?: number;
}

const EMPTY_HISTORY: UserHistory = new Map();

export function createRedisStateStore(options: RedisStateStoreOptions): StateStore {
  const now = options.now ?? Date.now;
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const keys = stateKeys(prefix);
  const holdsKey = keys.holds();
  const reservedKey = keys.reserved();
  const logFailure = createFailureLog(options.logger, now);
  const redis = connectRedis(options.url, options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
  redis.on('error', (error: unknown) => logFailure(error, 'connection'));
  const totals = new LiveTotals(now);
  let refreshing: Promise<void> = Promise.resolve();

  /**
   * Mirrors the shared counters of the advertisers and today's plans this process knows, and
   * answers the settled totals (to pair with the ledger read that follows); null when Redis
   * did not answer.
   */
  async function readCounters(advertiserIds: number[]): Promise<Map<number, number> | null> {
    const day = totals.currentDay();
    const planIds = totals.planIdsOn(day);
    if (advertiserIds.length === 0 && planIds.length === 0) return new Map();
    let values: (string | null)[];
    try {
      values = await redis.mget([
        ...advertiserIds.map(keys.settled),
        ...advertiserIds.map(keys.pending),
        ...planIds.map((planId) => keys.plan(planId, day)),
      ]);
    } catch (error) {
      logFailure(error, 'refresh');
      return null;
    }
    const settled = new Map<number, number>();
    const count = advertiserIds.length;
    advertiserIds.forEach((advertiserId, index) => {
      settled.set(advertiserId, Number(values[index] ?? 0));
      totals.setSettled(advertiserId, Number(values[index] ?? 0));
      totals.setPending(advertiserId, Number(values[count + index] ?? 0));
    });
    planIds.forEach((planId, index) => {
      const spent = values[2 * count + index];
      if (spent != null) totals.setSpent(planId, day, Number(spent));
    });
    return settled;
  }

  async function anySettled(advertiserIds: number[]): Promise<boolean> {
    try {
      const values = await redis.mget(advertiserIds.map(keys.settled));
      return values.some((value) => Number(value ?? 0) > 0);
    } catch (error) {
      logFailure(error, 'refresh');
      return false;
    }
  }

  async function readDatabase(): Promise<void> {
    // An advertiser first seen in this read has no settled total noted before it; when it
    // has settled spend (a restart, another process's new customer), read once more.
    for (let pass = 1; ; pass += 1) {
      const known = new Set(totals.advertiserIds());
      const settledAtRead = await readCounters([...known]);
      totals.applyDatabase(await options.source(now()), settledAtRead);
      const unseen = totals.advertiserIds().filter((id) => !known.has(id));
      if (pass === 2 || unseen.length === 0 || !(await anySettled(unseen))) return;
    }
  }

  async function reserve(reservation: Reservation): Promise<number> {
    const { planId, advertiserId, day, micros, budget } = reservation;
    const balance = totals.balance(advertiserId);
    const databaseSpent = totals.databaseSpent(planId, day);
    // Nothing Redis holds can make these positive: skip the round trip.
    if (micros <= 0 || balance <= 0 || databaseSpent >= budget) return 0;
    try {
      const reply = await redis.adloomReserve(
        keys.plan(planId, day),
        keys.pending(advertiserId),
        keys.settled(advertiserId),
        reservedKey,
        micros,
        budget,
        databaseSpent,
        balance,
        totals.settledAtLastRead(advertiserId),
        PLAN_TTL_SECONDS,
        PENDING_TTL_SECONDS,
        trackedPrefix(reservation),
        now() + TRACKED_TTL_MS,
      );
      const [taken = 0, spent = 0, pending = 0, settled = 0] = integers(reply, 4);
      totals.setSpent(planId, day, spent);
      totals.setPending(advertiserId, pending);
      totals.setSettled(advertiserId, settled);
      return taken;
    } catch (error) {
      logFailure(error, 'reserve');
      return 0;
    }
  }

  async function hold({ id, reservation, expiresAt }: Hold): Promise<boolean> {
    const { planId, advertiserId, day, micros, budget } = reservation;
    const balance = totals.balance(advertiserId);
    const databaseSpent = totals.databaseSpent(planId, day);
    if (micros <= 0 || balance < micros || databaseSpent + micros > budget) return false;
    try {
      const reply = await redis.adloomHold(
        keys.plan(planId, day),
        keys.pending(advertiserId),
        keys.settled(advertiserId),
        holdsKey,
        micros,
        budget,
        databaseSpent,
        balance,
        totals.settledAtLastRead(advertiserId),
        PLAN_TTL_SECONDS,
        PENDING_TTL_SECONDS,
        expiresAt,
        holdMember(id, reservation),
      );
      const [taken = 0, spent = 0, pending = 0, settled = 0] = integers(reply, 4);
      totals.setSpent(planId, day, spent);
      totals.setPending(advertiserId, pending);
      totals.setSettled(advertiserId, settled);
      return taken > 0;
    } catch (error) {
      logFailure(error, 'hold');
      return false;
    }
  }

  async function claimHold(id: string, held: Reservation, billed: Reservation): Promise<boolean> {
    try {
      const reply = await redis.adloomClaimHold(
        holdsKey,
        reservedKey,
        holdMember(id, held),
        held.micros,
        Math.min(billed.micros, held.micros),
        trackedPrefix(billed),
        now() + TRACKED_TTL_MS,
        prefix,
        PENDING_TTL_SECONDS,
      );
      return Number(reply) === 1;
    } catch (error) {
      logFailure(error, 'claimHold');
      return false;
    }
  }

  async function releaseExpired(key: string): Promise<number> {
    let released = 0;
    for (;;) {
      const count = Number(
        await redis.adloomReleaseExpiredHolds(
          key,
          now(),
          HOLDS_RELEASED_PER_CALL,
          prefix,
          PENDING_TTL_SECONDS,
        ),
      );
      released += count;
      if (count < HOLDS_RELEASED_PER_CALL) return released;
    }
  }

  async function releaseExpiredHolds(): Promise<number> {
    try {
      return (await releaseExpired(holdsKey)) + (await releaseExpired(reservedKey));
    } catch (error) {
      logFailure(error, 'releaseExpiredHolds');
      return 0;
    }
  }

  async function settleBatch({ settled, released, forgotten }: Settlement): Promise<void> {
    const settlements = [...settled].filter(([, micros]) => micros > 0);
    const members: string[] = [];
    for (const reservation of forgotten) {
      const member = trackedPrefix(reservation);
      if (member) members.push(`${member}${reservation.micros}`);
    }
    if (settlements.length === 0 && released.length === 0 && members.length === 0) return;
    try {
      const reply = await redis.adloomSettleBatch(
        reservedKey,
        prefix,
        PENDING_TTL_SECONDS,
        settlements.length,
        released.length,
        ...settlements.flat(),
        ...released.flatMap(({ planId, advertiserId, day, micros }) => [
          planId,
          advertiserId,
          day,
          micros,
        ]),
        ...members,
      );
      const values = integers(reply, 2 * (settlements.length + released.length));
      settlements.forEach(([advertiserId], index) => {
        totals.setPending(advertiserId, values[2 * index] ?? 0);
        totals.setSettled(advertiserId, values[2 * index + 1] ?? 0);
      });
      const base = 2 * settlements.length;
      released.forEach(({ planId, advertiserId, day }, index) => {
        const spent = values[base + 2 * index] ?? -1;
        if (spent >= 0) totals.setSpent(planId, day, spent);
        totals.setPending(advertiserId, values[base + 2 * index + 1] ?? 0);
      });
    } catch (error) {
      logFailure(error, 'settleBatch');
    }
  }

  async function releaseOrphaned(owner: string): Promise<number> {
    let released = 0;
    try {
      let cursor = '0';
      do {
        const [next, found] = await redis.zscan(
          reservedKey,
          cursor,
          'MATCH',
          `${owner}|*`,
          'COUNT',
          1000,
        );
        cursor = next;
        // zscan answers member, score, member, score…
        const members = found.filter((_, index) => index % 2 === 0);
        if (members.length > 0) {
          released += Number(
            await redis.adloomReleaseMembers(reservedKey, prefix, PENDING_TTL_SECONDS, ...members),
          );
        }
      } while (cursor !== '0');
    } catch (error) {
      logFailure(error, 'releaseOrphaned');
    }
    return released;
  }

  async function release({ planId, advertiserId, day, micros }: Reservation): Promise<void> {
    try {
      const reply = await redis.adloomRelease(
        keys.plan(planId, day),
        keys.pending(advertiserId),
        micros,
        PENDING_TTL_SECONDS,
      );
      const [spent = -1, pending = 0] = integers(reply, 2);
      if (spent >= 0) totals.setSpent(planId, day, spent);
      totals.setPending(advertiserId, pending);
    } catch (error) {
      logFailure(error, 'release');
    }
  }

  async function settle(advertiserId: number, micros: number): Promise<void> {
    try {
      const reply = await redis.adloomSettle(
        keys.pending(advertiserId),
        keys.settled(advertiserId),
        micros,
        PENDING_TTL_SECONDS,
      );
      const [pending = 0, settled = 0] = integers(reply, 2);
      totals.setPending(advertiserId, pending);
      totals.setSettled(advertiserId, settled);
    } catch (error) {
      logFailure(error, 'settle');
    }
  }

  async function userHistory(uid: string): Promise<UserHistory> {
    if (uid === '') return EMPTY_HISTORY;
    try {
      return parseHistory(await redis.hgetall(keys.caps(uid)));
    } catch (error) {
      logFailure(error, 'userHistory');
      return EMPTY_HISTORY;
    }
  }

  async function recordImpression(
    uid: string,
    planId: number,
    atSeconds: number,
    caps: CapRule,
  ): Promise<void> {
    const retention = retentionOf(caps, atSeconds);
    if (uid === '' || !retention) return;
    try {
      await redis.adloomRecordImpression(
        keys.caps(uid),
        planId,
        atSeconds,
        retention.since,
        retention.keep,
        historyTtlSeconds(caps),
      );
    } catch (error) {
      logFailure(error, 'recordImpression');
    }
  }

  return {
    kind: 'redis',
    refresh() {
      const run = refreshing.then(readDatabase);
      refreshing = run.catch(() => undefined);
      return run;
    },
    view: () => totals.view(),
    userHistory,
    recordImpression,
    reserve,
    release,
    hold,
    claimHold,
    releaseExpiredHolds,
    settleBatch,
    releaseOrphaned,
    settle,
    async close() {
      try {
        if (redis.status === 'ready') await redis.quit();
        else redis.disconnect();
      } catch {
        redis.disconnect();
      }
    },
  };
}
