/**
 * The engine's live state: in this process by default, in Redis when REDIS_URL is set so
 * that several server processes share caps, budgets and reservations (docs/product/design.md#storage, docs/product/design.md#delivery-engine).
 */
import type { Database } from '../../db/client.js';
import type { StateStore } from '../ports.js';
import { databaseTotalsSource } from './balances.js';
import type { StateLogger } from './failure-log.js';
import { createMemoryStateStore } from './memory.js';
import { createRedisStateStore } from './redis.js';

export type { StateLogger } from './failure-log.js';

export interface StateStoreOptions {
  db: Database;
  /** Set: the Redis store; unset: the memory store. */
  redisUrl?: string;
  /** Redis keys' prefix, default 'adloom:'. */
  keyPrefix?: string;
  /** Epoch ms (tests move time). */
  now?: () => number;
  /** Redis failures are logged here, at most once a minute. */
  logger?: StateLogger;
  /** Memory store: users whose caps history is kept at most. */
  maxUsers?: number;
}

export function createStateStore(options: StateStoreOptions): StateStore {
  const source = databaseTotalsSource(options.db);
  if (options.redisUrl) {
    return createRedisStateStore({
      source,
      url: options.redisUrl,
      keyPrefix: options.keyPrefix,
      now: options.now,
      logger: options.logger,
    });
  }
  return createMemoryStateStore({ source, now: options.now, maxUsers: options.maxUsers });
}
