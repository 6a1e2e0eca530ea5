/**
 * Billing notices (burl) of served partner ads, kept until our impression beacon for the ad
 * fires them — once, whichever server process the impression reaches: in Redis when
 * REDIS_URL is set (SET with the token's expiry, taken with GETDEL: one taker wins), in this
 * process's memory otherwise (docs/decisions/partner-requests.md, notices).
 */
import { redisClient } from '../state/redis-client.js';

export interface BillingNoticeStore {
  /** Keeps the filled burl of the ad served under token `id` until `expiresAtMs`. */
  keep(id: string, url: string, expiresAtMs: number): Promise<void>;
  /** The ad's burl, taken out (null: none, already taken, or expired). */
  take(id: string): Promise<string | null>;
  /** Lists `id` among those whose billing notice is due by `dueAtMs` (upstream/unbilled.ts). */
  expect(id: string, dueAtMs: number): Promise<void>;
  /** Takes out (once, whichever process asks) up to `limit` listed ids past their time. */
  due(nowMs: number, limit: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Notices kept in memory at most (a single process); past it the oldest go. */
export const MAX_PENDING_BILLING_NOTICES = 100_000;
/**
 * A full store makes this much room at once: the sweep of expired notices walks the whole map,
 * so it runs once per this many notices rather than on every one (an auction keeps one each).
 */
const ROOM_MADE_WHEN_FULL = MAX_PENDING_BILLING_NOTICES / 10;

export function createMemoryBillingNotices(now: () => number = Date.now): BillingNoticeStore {
  const pending = new Map<string, { url: string; expiresAt: number }>();
  const expected = new Map<string, number>();
  return {
    expect(id, dueAt) {
      if (expected.size < MAX_PENDING_BILLING_NOTICES) expected.set(id, dueAt);
      return Promise.resolve();
    },
    due(at, limit) {
      const ids: string[] = [];
      for (const [id, dueAt] of expected) {
        if (ids.length >= limit) break;
        if (dueAt > at) continue;
        expected.delete(id);
        ids.push(id);
      }
      return Promise.resolve(ids);
    },
    keep(id, url, expiresAt) {
      if (pending.size >= MAX_PENDING_BILLING_NOTICES) {
        const at = now();
        for (const [key, notice] of pending) if (notice.expiresAt < at) pending.delete(key);
        // Still too full: the oldest go (a Map keeps insertion order).
        for (const key of pending.keys()) {
          if (pending.size <= MAX_PENDING_BILLING_NOTICES - ROOM_MADE_WHEN_FULL) break;
          pending.delete(key);
        }
      }
      pending.set(id, { url, expiresAt });
      return Promise.resolve();
    },
    take(id) {
      const notice = pending.get(id);
      if (!notice) return Promise.resolve(null);
      pending.delete(id);
      return Promise.resolve(notice.expiresAt >= now() ? notice.url : null);
    },
    close() {
      pending.clear();
      return Promise.resolve();
    },
  };
}

export interface RedisBillingNoticeOptions {
  url: string;
  /** The state store's prefix: keys are `<prefix>burl:<token id>`. */
  keyPrefix: string;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export function createRedisBillingNotices(options: RedisBillingNoticeOptions): BillingNoticeStore {
  const now = options.now ?? Date.now;
  const Client = redisClient();
  const redis = new Client(options.url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 500,
    lazyConnect: false,
  });
  const report = (error: unknown) => options.onError?.(error);
  redis.on('error', report);
  const key = (id: string) => `${options.keyPrefix}burl:${id}`;
  // The ids whose billing notice is due, scored by when (epoch ms).
  const dueKey = `${options.keyPrefix}burl-due`;
  return {
    async expect(id, dueAt) {
      try {
        await redis.zadd(dueKey, dueAt, id);
      } catch (error) {
        report(error);
      }
    },
    async due(at, limit) {
      try {
        const ids = await redis.zrangebyscore(dueKey, 0, at, 'LIMIT', 0, limit);
        const taken: string[] = [];
        // ZREM answers 1 to one process only: each id is swept once.
        for (const id of ids) if ((await redis.zrem(dueKey, id)) === 1) taken.push(id);
        return taken;
      } catch (error) {
        report(error);
        return [];
      }
    },
    async keep(id, url, expiresAt) {
      const ttlMs = Math.max(1, Math.round(expiresAt - now()));
      try {
        await redis.set(key(id), url, 'PX', ttlMs);
      } catch (error) {
        report(error);
      }
    },
    async take(id) {
      try {
        return await redis.getdel(key(id));
      } catch (error) {
        report(error);
        return null;
      }
    },
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
