/**
 * Throttling of password checks (docs/decisions/sign-in.md). Each key (a username from one
 * address, an address, an account's password changes) counts failures in login_throttles,
 * shared by every server process. Past the policy's free failures each further attempt of
 * the key waits a delay doubling to a cap; counted failures leak away with time.
 *
 * An attempt is counted before its password is checked (claimAttempt) and given back when
 * the password was right (settleSuccess), so concurrent guesses cannot slip past the count.
 */
import { isIPv6 } from 'node:net';
import type { ThrottlePolicy } from '@adloom/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginThrottles, type ThrottleScope } from '../../db/schema.js';

export interface ThrottleKey {
  scope: ThrottleScope;
  /** Normalised; '' for an address's own key. */
  username: string;
  /** clientAddressKey(ip); '' for a password change. */
  ip: string;
  policy: ThrottlePolicy;
}

/** Rows untouched this long hold no failure any policy still counts. */
const PURGE_AFTER_MS = 24 * 3_600_000;

/** The wait after `failures` counted failures, in seconds (0 within the free ones). */
export function delaySeconds(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  // 2^30 s is far past any cap; stops the power from overflowing.
  if (doublings >= 30) return policy.maxDelaySeconds;
  return Math.min(policy.firstDelaySeconds * 2 ** doublings, policy.maxDelaySeconds);
}

/** The failures still counted at `now`: one leaks away per `leakSeconds` since the last. */
export function countedFailures(
  policy: ThrottlePolicy,
  failures: number,
  lastFailureAt: Date,
  now: Date,
): number {
  const leaked = Math.floor(
    (now.getTime() - lastFailureAt.getTime()) / (policy.leakSeconds * 1000),
  );
  return Math.max(0, failures - Math.max(0, leaked));
}

/**
 * The key of a client address: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4),
 * an IPv6 address as its /64, since one subscriber usually holds a whole /64.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

interface Claim {
  key: ThrottleKey;
  /** What claimAttempt wrote, to give the attempt back exactly. */
  failures: number;
  previousBlockedUntil: Date;
  blockedUntil: Date;
  at: Date;
}

export type AttemptClaim =
  { allowed: true; claims: Claim[] } | { allowed: false; retryAfterSeconds: number };

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('throttled');
  }
}

/** blocked_until of a key that has never had to wait. */
const NEVER_BLOCKED = new Date(0);

const keyOf = (key: ThrottleKey) =>
  and(
    eq(loginThrottles.scope, key.scope),
    eq(loginThrottles.username, key.username),
    eq(loginThrottles.ip, key.ip),
  );

/**
 * Counts one attempt against every key, unless a key is still waiting: then nothing is
 * counted and the answer says how long the longest wait lasts. Rows are locked in the order
 * of `keys`, the same for every caller, so concurrent attempts queue instead of deadlocking.
 */
export async function claimAttempt(
  db: Database,
  keys: readonly ThrottleKey[],
  now = new Date(),
): Promise<AttemptClaim> {
  try {
    const claims = await db.transaction(async (tx) => {
      const written: Claim[] = [];
      let refusedFor = 0;
      for (const key of keys) {
        await tx
          .insert(loginThrottles)
          .values({
            scope: key.scope,
            username: key.username,
            ip: key.ip,
            failures: 0,
            lastFailureAt: now,
            // Not waiting: an attempt that began a moment earlier may read this row.
            blockedUntil: NEVER_BLOCKED,
          })
          .onConflictDoNothing();
        const [row] = await tx.select().from(loginThrottles).where(keyOf(key)).for('update');
        if (!row) throw new Error('claimAttempt: the throttle row vanished');
        if (row.blockedUntil > now) {
          refusedFor = Math.max(refusedFor, row.blockedUntil.getTime() - now.getTime());
          continue;
        }
        const failures = countedFailures(key.policy, row.failures, row.lastFailureAt, now) + 1;
        const delay = delaySeconds(key.policy, failures);
        // A free failure sets no wait. Setting it to `now` made a concurrent attempt whose
        // `now` was taken a moment earlier wait a second (two sign-ins behind one NAT).
        const blockedUntil = delay > 0 ? new Date(now.getTime() + delay * 1000) : row.blockedUntil;
        const lastFailureAt = now > row.lastFailureAt ? now : row.lastFailureAt;
        await tx
          .update(loginThrottles)
          .set({ failures, lastFailureAt, blockedUntil })
          .where(keyOf(key));
        written.push({
          key,
          failures,
          previousBlockedUntil: row.blockedUntil,
          blockedUntil,
          at: lastFailureAt,
        });
      }
      // Rolls back what this attempt counted on the other keys.
      if (refusedFor > 0) throw new Refused(Math.ceil(refusedFor / 1000));
      return written;
    });
    return { allowed: true, claims };
  } catch (error) {
    if (error instanceof Refused)
      return { allowed: false, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

/**
 * The password was right: a username's own key (and a password change's) starts afresh;
 * an address gets back the attempt counted for it, and its wait when nothing came since.
 */
export async function settleSuccess(db: Database, claims: readonly Claim[]): Promise<void> {
  for (const { key, failures, previousBlockedUntil, blockedUntil, at } of claims) {
    if (key.scope !== 'signInIp') {
      await db.delete(loginThrottles).where(keyOf(key));
      continue;
    }
    const untouched = sql`${loginThrottles.failures} = ${failures} and ${loginThrottles.lastFailureAt} = ${at.toISOString()}::timestamptz and ${loginThrottles.blockedUntil} = ${blockedUntil.toISOString()}::timestamptz`;
    await db
      .update(loginThrottles)
      .set({
        failures: sql`greatest(${loginThrottles.failures} - 1, 0)`,
        blockedUntil: sql`case when ${untouched} then ${previousBlockedUntil.toISOString()}::timestamptz else ${loginThrottles.blockedUntil} end`,
      })
      .where(keyOf(key));
  }
  await purgeForgotten(db);
}

/** Forgets rows no policy counts any more (cheap: an index range on last_failure_at). */
export async function purgeForgotten(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(lt(loginThrottles.lastFailureAt, new Date(now.getTime() - PURGE_AFTER_MS)));
}

/** Clears every key of a username (a user manager's unlock, a password reset). */
export async function clearUserThrottles(db: Database, normalizedUsername: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.username, normalizedUsername));
}
