/**
 * Time as a decision reads it, all in UTC: the plan's hour × weekday schedule and the
 * windows frequency caps count over. Computed once per request from epoch ms, by
 * arithmetic rather than a Date, since the hot path runs it for every request.
 */

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
const SECONDS_PER_DAY = 86_400;

export interface UtcClock {
  nowMs: number;
  nowSeconds: number;
  /** Epoch seconds of 00:00 UTC today: the daily cap counts from here. */
  dayStartSeconds: number;
  /** 0 Monday … 6 Sunday, the index of the plan's schedule masks. */
  weekday: number;
  /** 0-23, the bit of the day's mask. */
  hour: number;
}

export function utcClock(nowMs: number): UtcClock {
  const day = Math.floor(nowMs / MS_PER_DAY);
  return {
    nowMs,
    nowSeconds: Math.floor(nowMs / 1000),
    dayStartSeconds: day * SECONDS_PER_DAY,
    // Day 0 (1970-01-01) was a Thursday, index 3 counting from Monday; this equals
    // (getUTCDay() + 6) % 7, also before 1970.
    weekday: (((day + 3) % 7) + 7) % 7,
    hour: Math.floor((nowMs - day * MS_PER_DAY) / MS_PER_HOUR),
  };
}

/** Whether the hour of the clock is on in seven 24-bit masks, Monday first. */
export function inSchedule(masks: readonly number[], clock: UtcClock): boolean {
  const mask = masks[clock.weekday] ?? 0;
  return ((mask >>> clock.hour) & 1) === 1;
}

/** How many of the epoch-second times are at or after `since`. */
export function countSince(times: readonly number[], since: number): number {
  let count = 0;
  for (const time of times) if (time >= since) count += 1;
  return count;
}
