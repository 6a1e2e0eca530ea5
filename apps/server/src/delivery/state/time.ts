/** UTC days as the state store keys them: budgets reset and daily caps count per UTC day. */

export const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an epoch-ms instant, in UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00 UTC of the day holding `ms`. */
export function dayStartMs(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The day before `day` ('YYYY-MM-DD'), `count` days back. */
export function daysBefore(day: string, count: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - count * DAY_MS);
}
