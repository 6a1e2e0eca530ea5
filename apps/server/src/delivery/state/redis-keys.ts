/**
 * The Redis state store's keys and the members of its sets (redis.ts).
 *
 * Keys (prefix default 'adloom:'):
 *   plan:<id>:<day>   spent or reserved on that UTC day (expires after 2 days)
 *   pending:<adv>     reserved, not yet in the ledger (expires an hour after its last change)
 *   settled:<adv>     everything ever settled (only grows; see totals.ts)
 *   fc:<uid>          hash plan id → comma-separated epoch seconds (expires after 25 h)
 *   holds             sorted set of served ads' holds by expiry (epoch ms), members
 *                     `<token id>|<plan>|<advertiser>|<day>|<micros>`; any process gives back
 *                     the expired ones, so a crashed process's holds do not stay
 *   reserved          sorted set of billed events' reservations not yet flushed, by expiry,
 *                     members `<journal instance>|<event id>|<plan>|<advertiser>|<day>|<micros>`:
 *                     forgotten when their flush commits; a dead instance's are given back
 *                     once its journal is replayed (releaseOrphaned), any left by expiry
 */
import type { Reservation } from '../ports.js';
import type { UserHistory } from '../types.js';

export const DEFAULT_KEY_PREFIX = 'adloom:';

export function stateKeys(prefix: string) {
  return {
    plan: (planId: number, day: string) => `${prefix}plan:${planId}:${day}`,
    pending: (advertiserId: number) => `${prefix}pending:${advertiserId}`,
    settled: (advertiserId: number) => `${prefix}settled:${advertiserId}`,
    caps: (uid: string) => `${prefix}fc:${uid}`,
    holds: () => `${prefix}holds`,
    reserved: () => `${prefix}reserved`,
  };
}

/** A tagged reservation's member of the tracked set, without its amount ('' untagged). */
export function trackedPrefix(reservation: Reservation): string {
  const { tag, planId, advertiserId, day } = reservation;
  return tag ? `${tag}|${planId}|${advertiserId}|${day}|` : '';
}

/** A hold's member of the holds set: everything giving it back needs, from its claims. */
export function holdMember(id: string, reservation: Reservation): string {
  const { planId, advertiserId, day, micros } = reservation;
  return `${id}|${planId}|${advertiserId}|${day}|${micros}`;
}

/** A user's caps history from its `fc:<uid>` hash. */
export function parseHistory(hash: Record<string, string>): UserHistory {
  const history = new Map<number, number[]>();
  for (const [field, value] of Object.entries(hash)) {
    const times = value.split(',').map(Number).filter(Number.isFinite);
    history.set(Number(field), times);
  }
  return history;
}
