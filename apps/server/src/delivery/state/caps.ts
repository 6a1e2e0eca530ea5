/**
 * What a user's impression history must keep for a plan's frequency caps: the impressions of
 * the current UTC day (timesPerUser) and of the last intervalSeconds (frequencyPerUser), and
 * no more of them than the larger cap. The memory store applies this directly; the Redis
 * store passes the same numbers to its Lua script, so both trim alike.
 */
import type { CapRule } from '../ports.js';
import { dayStartMs } from './time.js';

/** Long caps would let one user's list grow without end; counts saturate here instead. */
export const MAX_KEPT_IMPRESSIONS = 1000;

/** The Redis hash and the memory entry outlive a day so that "today" is always covered. */
const MIN_HISTORY_TTL_SECONDS = 25 * 3600;

export interface Retention {
  /** Epoch seconds: older impressions are of no use to any cap. */
  since: number;
  /** How many of the newest impressions to keep. */
  keep: number;
}

function hasDailyCap(caps: CapRule): boolean {
  return caps.timesPerUser > 0;
}

function hasIntervalCap(caps: CapRule): boolean {
  return caps.frequencyPerUser > 0 && caps.intervalSeconds > 0;
}

/** What to keep after an impression at `atSeconds`; null when the plan has no caps. */
export function retentionOf(caps: CapRule, atSeconds: number): Retention | null {
  const daily = hasDailyCap(caps);
  const interval = hasIntervalCap(caps);
  if (!daily && !interval) return null;
  const dayStart = dayStartMs(atSeconds * 1000) / 1000;
  const since = Math.min(
    daily ? dayStart : Number.POSITIVE_INFINITY,
    interval ? atSeconds - caps.intervalSeconds : Number.POSITIVE_INFINITY,
  );
  const wanted = Math.max(daily ? caps.timesPerUser : 0, interval ? caps.frequencyPerUser : 0);
  return { since, keep: Math.min(wanted, MAX_KEPT_IMPRESSIONS) };
}

/** How long a user's history must live after an impression of a plan with these caps. */
export function historyTtlSeconds(caps: CapRule): number {
  const interval = hasIntervalCap(caps) ? caps.intervalSeconds : 0;
  return Math.max(MIN_HISTORY_TTL_SECONDS, interval);
}

/** The plan's impression times after one more at `atSeconds`, ascending and trimmed. */
export function keepTimes(
  times: readonly number[],
  atSeconds: number,
  retention: Retention,
): number[] {
  const kept = times.filter((time) => time >= retention.since);
  kept.push(atSeconds);
  kept.sort((a, b) => a - b);
  return kept.slice(-retention.keep);
}
