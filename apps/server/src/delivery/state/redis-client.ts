/** The Redis connection of the state store (redis.ts), with its Lua scripts (lua.ts) loaded. */
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import {
  CLAIM_HOLD_LUA,
  HOLD_LUA,
  RECORD_IMPRESSION_LUA,
  RELEASE_EXPIRED_HOLDS_LUA,
  RELEASE_LUA,
  RELEASE_MEMBERS_LUA,
  RESERVE_LUA,
  SETTLE_BATCH_LUA,
  SETTLE_LUA,
} from './lua.js';

type ScriptArg = string | number;
interface StateScripts {
  adloomReserve(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomRelease(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomSettle(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomSettleBatch(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomRecordImpression(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomHold(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomReleaseExpiredHolds(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomClaimHold(...keysThenArgs: ScriptArg[]): Promise<unknown>;
  adloomReleaseMembers(...keysThenArgs: ScriptArg[]): Promise<unknown>;
}
type ScriptedRedis = Redis & StateScripts;

const requireLazily = createRequire(import.meta.url);

/**
 * ioredis's client class, loaded when a server is configured with Redis: one without does
 * not hold its code (docs/PERFORMANCE.md, "Idle memory"). Synchronous: ioredis is CommonJS.
 */
export function redisClient(): typeof Redis {
  return (requireLazily('ioredis') as typeof IORedis).Redis;
}

export function connectRedis(url: string, commandTimeout: number): ScriptedRedis {
  const Client = redisClient();
  const redis = new Client(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout,
    retryStrategy: (times) => Math.min(times * 100, 2000),
    scripts: {
      adloomReserve: { numberOfKeys: 4, lua: RESERVE_LUA },
      adloomClaimHold: { numberOfKeys: 2, lua: CLAIM_HOLD_LUA },
      adloomReleaseMembers: { numberOfKeys: 1, lua: RELEASE_MEMBERS_LUA },
      adloomRelease: { numberOfKeys: 2, lua: RELEASE_LUA },
      adloomSettle: { numberOfKeys: 2, lua: SETTLE_LUA },
      adloomSettleBatch: { numberOfKeys: 1, lua: SETTLE_BATCH_LUA },
      adloomRecordImpression: { numberOfKeys: 1, lua: RECORD_IMPRESSION_LUA },
      adloomHold: { numberOfKeys: 4, lua: HOLD_LUA },
      adloomReleaseExpiredHolds: { numberOfKeys: 1, lua: RELEASE_EXPIRED_HOLDS_LUA },
    },
  });
  // Commands wait for the first connection attempt (start-up); after it, whether it worked
  // or not, a command while Redis is away fails at once instead of queueing.
  const failFast = () => {
    redis.options.enableOfflineQueue = false;
  };
  redis.once('ready', failFast);
  redis.once('error', failFast);
  return redis as ScriptedRedis;
}

/** A script's answer: `count` integers. */
export function integers(reply: unknown, count: number): number[] {
  if (!Array.isArray(reply) || reply.length !== count) {
    throw new Error(`Unexpected Redis script reply: ${JSON.stringify(reply)}`);
  }
  return reply.map(Number);
}
