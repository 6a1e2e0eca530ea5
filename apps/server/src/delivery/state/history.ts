/**
 * Users' impression times per plan, in this process (the memory store). Bounded so that a
 * long run does not leak: an entry lives as long as its caps need it (like the Redis key's
 * expiry), and beyond `maxUsers` the least recently written user is dropped.
 */
import type { CapRule } from '../ports.js';
import type { UserHistory } from '../types.js';
import { historyTtlSeconds, keepTimes, retentionOf } from './caps.js';

interface UserEntry {
  /** Epoch ms after which nothing in the entry is needed. */
  expiresAt: number;
  plans: Map<number, readonly number[]>;
}

const EMPTY: UserHistory = new Map();
/** Expired entries looked at from the oldest end on each write: amortised clean-up. */
const SWEEP_PER_WRITE = 2;

export class MemoryCapHistory {
  /** Insertion order = last write order: the first entry is the least recently written. */
  private readonly users = new Map<string, UserEntry>();

  constructor(
    private readonly now: () => number,
    private readonly maxUsers: number,
  ) {}

  get size(): number {
    return this.users.size;
  }

  read(uid: string): UserHistory {
    if (uid === '') return EMPTY;
    const entry = this.users.get(uid);
    if (!entry) return EMPTY;
    if (entry.expiresAt <= this.now()) {
      this.users.delete(uid);
      return EMPTY;
    }
    return new Map(entry.plans);
  }

  record(uid: string, planId: number, atSeconds: number, caps: CapRule): void {
    const retention = retentionOf(caps, atSeconds);
    if (uid === '' || !retention) return;
    const now = this.now();
    const existing = this.users.get(uid);
    const entry: UserEntry =
      existing && existing.expiresAt > now ? existing : { expiresAt: 0, plans: new Map() };
    entry.plans.set(planId, keepTimes(entry.plans.get(planId) ?? [], atSeconds, retention));
    entry.expiresAt = Math.max(entry.expiresAt, now + historyTtlSeconds(caps) * 1000);
    // Re-inserted so that it moves to the newest end.
    this.users.delete(uid);
    this.users.set(uid, entry);
    this.evict(now);
  }

  private evict(now: number): void {
    let swept = 0;
    for (const [uid, entry] of this.users) {
      if (this.users.size > this.maxUsers) this.users.delete(uid);
      else if (swept < SWEEP_PER_WRITE && entry.expiresAt <= now) this.users.delete(uid);
      else break;
      swept += 1;
    }
  }

  clear(): void {
    this.users.clear();
  }
}
