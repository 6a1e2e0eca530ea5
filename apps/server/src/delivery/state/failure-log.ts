/** Redis failures are logged at most once a minute: serving goes on, the log must not drown. */

/** What the store needs of a pino (or Fastify) logger. */
export interface StateLogger {
  warn(details: object, message: string): void;
}

export const FAILURE_LOG_INTERVAL_MS = 60_000;

export type FailureLog = (error: unknown, during: string) => void;

export function createFailureLog(
  logger: StateLogger | undefined,
  now: () => number,
  intervalMs = FAILURE_LOG_INTERVAL_MS,
): FailureLog {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error, during) => {
    const at = now();
    if (at - loggedAt < intervalMs) {
      suppressed += 1;
      return;
    }
    loggedAt = at;
    logger?.warn(
      { err: error, during, suppressedSinceLast: suppressed },
      'Redis state store unavailable: no caps history, no reservations (nothing serves paid)',
    );
    suppressed = 0;
  };
}
