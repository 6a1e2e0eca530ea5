/**
 * delivery_events only has to remember an id while its tracking token could still be
 * replayed: rows older than the token's life plus an hour of slack go, a bounded number
 * of batches per run so that the delete never holds locks for long.
 */
import { TRACKING_TOKEN_TTL_SECONDS } from '@adloom/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';

export const EVENT_RETENTION_MS = (TRACKING_TOKEN_TTL_SECONDS + 3_600) * 1_000;

export interface PruneLimits {
  batchSize: number;
  maxBatches: number;
}

const DEFAULT_LIMITS: PruneLimits = { batchSize: 20_000, maxBatches: 10 };

/** Deletes expired event ids; answers how many went. */
export async function pruneDeliveryEvents(
  db: Database,
  nowMs: number,
  limits: PruneLimits = DEFAULT_LIMITS,
): Promise<number> {
  const cutoff = new Date(nowMs - EVENT_RETENTION_MS).toISOString();
  let total = 0;
  for (let batch = 0; batch < limits.maxBatches; batch += 1) {
    const [row] = await selectRows<{ deleted: number }>(
      db,
      sql`
        with gone as (
          delete from delivery_events where event_id in (
            select event_id from delivery_events
            where at < ${cutoff}::timestamptz
            order by at
            limit ${limits.batchSize}
          )
          returning 1
        )
        select count(*)::int as deleted from gone
      `,
    );
    const deleted = Number(row?.deleted ?? 0);
    total += deleted;
    if (deleted < limits.batchSize) break;
  }
  return total;
}
