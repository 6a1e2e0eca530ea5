/**
 * THE accounting write: one transaction that (1) claims the billed events' ids in
 * delivery_events, counting only the ids that were new, (2) posts one spend entry per
 * advertiser in the ledger, capped at the balance, (3) adds to stats_hourly and (4) to
 * dsp_health_hourly. Stats cost always equals ledger spend. Rows are written in a sorted
 * order so that two processes flushing at once take their locks in the same order.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deliveryEvents, dspHealthHourly, dspRejectionsHourly } from '../../db/schema.js';
import { insertEntry, latestBalance, lockUser } from '../../modules/fund/repo.js';
import type { BilledEvent, Reservation } from '../ports.js';
import { StatsRows } from '../../stats/rows.js';
import { insertStats } from '../../stats/write.js';
import {
  hourOf,
  partitionOf,
  STATS_PARTITIONS,
  type HealthCounter,
  type PendingBatch,
} from './buffers.js';

/** What the committed flush asks of the state store, and what it did. */
export interface FlushOutcome {
  /** Micros the ledger took, by advertiser: settled in the store after the commit. */
  spent: Map<number, number>;
  /** Advertisers whose new events carried a cost (their plans' statuses may move). */
  billed: number[];
  /** Reservations (or their uncovered parts) to give back: duplicates and shortfalls. */
  releases: Reservation[];
  /**
   * Tagged reservations this flush carried to the ledger or released: no longer tracked.
   * Not a replayed duplicate's: the process that died committed it but never settled it,
   * so it stays tracked until releaseOrphaned gives it back.
   */
  forgotten: Reservation[];
  /** Events counted for the first time. */
  counted: number;
  /** Events another flush or process had counted already. */
  duplicates: number;
  /** Micros billed events wanted but the balances could not cover. */
  shortfall: number;
}

// Bounded statements: PostgreSQL takes at most 65,535 parameters (health rows) and a JSON
// parameter is kept to a few megabytes (event ids).
const HEALTH_ROWS_PER_INSERT = 5_000;
const IDS_PER_INSERT = 10_000;

const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
};

/** The rows of a raw query: node-postgres answers `{ rows }`, PGlite's driver the same. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** `Delivery 2026-11-22 14:00 UTC`, or a range of hours when the events span several. */
export function deliveryNote(hours: readonly number[]): string {
  const label = (hour: number) => new Date(hour).toISOString().slice(0, 16).replace('T', ' ');
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  return first === last
    ? `Delivery ${label(first)} UTC`
    : `Delivery ${label(first)} – ${label(last)} UTC`;
}

/** Step 1: the events whose ids no flush of any process has claimed before. */
async function claimNewEvents(
  tx: Database,
  events: readonly BilledEvent[],
): Promise<{ fresh: BilledEvent[]; duplicates: BilledEvent[] }> {
  const byId = new Map<string, BilledEvent>();
  const duplicates: BilledEvent[] = [];
  for (const event of events) {
    if (byId.has(event.id)) duplicates.push(event);
    else byId.set(event.id, event);
  }
  const ids = [...byId.keys()].sort();
  const claimed = new Set<string>();
  for (const chunk of chunksOf(ids, IDS_PER_INSERT)) {
    const rows = chunk.map((id) => ({ id, at: new Date(byId.get(id)?.at ?? Date.now()) }));
    const result = await tx.execute(sql`
      insert into ${deliveryEvents} (event_id, at)
      select id, at from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, at timestamptz)
      on conflict do nothing
      returning event_id`);
    for (const row of rowsOf<{ event_id: string }>(result)) claimed.add(row.event_id);
  }
  const fresh: BilledEvent[] = [];
  for (const [id, event] of byId) {
    if (claimed.has(id)) fresh.push(event);
    else duplicates.push(event);
  }
  return { fresh, duplicates };
}

const partOf = (reservation: Reservation | undefined, micros: number): Reservation | undefined =>
  reservation && micros > 0
    ? { ...reservation, micros: Math.min(micros, reservation.micros) }
    : undefined;

/**
 * Step 2: one spend entry per advertiser. When the balance is short (another process raced
 * it), the earliest events are paid in full, one in part, the rest not at all; what is not
 * paid leaves the events' cost and is released. Answers the events with their paid cost.
 */
async function postSpend(
  tx: Database,
  fresh: readonly BilledEvent[],
  outcome: FlushOutcome,
): Promise<BilledEvent[]> {
  const byAdvertiser = new Map<number, BilledEvent[]>();
  const paid: BilledEvent[] = [];
  for (const event of fresh) {
    if (event.cost <= 0) {
      paid.push(event);
      continue;
    }
    const list = byAdvertiser.get(event.dims.advertiserId);
    if (list) list.push(event);
    else byAdvertiser.set(event.dims.advertiserId, [event]);
  }

  outcome.billed = [...byAdvertiser.keys()].sort((a, b) => a - b);
  for (const advertiserId of outcome.billed) {
    const events = (byAdvertiser.get(advertiserId) ?? []).sort(
      (a, b) => a.at - b.at || (a.id < b.id ? -1 : 1),
    );
    const wanted = events.reduce((sum, event) => sum + event.cost, 0);
    const exists = await lockUser(tx, advertiserId);
    const balance = exists ? await latestBalance(tx, advertiserId) : 0;
    const taken = Math.min(wanted, Math.max(balance, 0));
    if (taken > 0) {
      await insertEntry(tx, {
        userId: advertiserId,
        kind: 'spend',
        amount: -taken,
        balanceAfter: balance - taken,
        note: deliveryNote(events.map((event) => hourOf(event.at))),
        actorId: null,
        actingUserId: null,
      });
      outcome.spent.set(advertiserId, taken);
    }
    outcome.shortfall += wanted - taken;

    let left = taken;
    for (const event of events) {
      const cost = Math.min(event.cost, left);
      left -= cost;
      const unpaid = partOf(event.reservation, event.cost - cost);
      if (unpaid) outcome.releases.push(unpaid);
      paid.push(cost === event.cost ? event : { ...event, cost });
    }
  }
  return paid;
}

/**
 * Step 3: requests and fills plus the paid events, added to their hourly rows, partition
 * after partition (buffers.ts: the lock order) in one statement (stats/write.ts). The batch
 * is not edited: a failed write hands it back whole.
 */
async function upsertStats(
  tx: Database,
  partitions: readonly StatsRows[],
  paid: readonly BilledEvent[],
): Promise<void> {
  const paidBy = new Map<number, BilledEvent[]>();
  for (const event of paid) {
    const partition = partitionOf(event.dims);
    const list = paidBy.get(partition);
    if (list) list.push(event);
    else paidBy.set(partition, [event]);
  }
  const written: StatsRows[] = [];
  for (let partition = 0; partition < STATS_PARTITIONS; partition += 1) {
    const counted = partitions[partition];
    const events = paidBy.get(partition);
    let rows = counted ?? new StatsRows();
    if (events) {
      rows = rows.copy();
      for (const event of events) rows.addEvent(event);
    }
    if (rows.size > 0) written.push(rows);
  }
  await insertStats(tx, written);
}

/** Step 4: partners' calls, answers and wins, added to their hourly rows. */
async function upsertHealth(
  tx: Database,
  counters: ReadonlyMap<string, HealthCounter>,
): Promise<void> {
  const sorted = [...counters.values()].sort((a, b) => a.hour - b.hour || a.dspId - b.dspId);
  const rows = sorted.map(({ rejections: _rejections, ...c }) => ({
    ...c,
    hour: new Date(c.hour),
  }));
  const add = (column: string) => sql.raw(`"dsp_health_hourly"."${column}" + excluded."${column}"`);
  for (const chunk of chunksOf(rows, HEALTH_ROWS_PER_INSERT)) {
    await tx
      .insert(dspHealthHourly)
      .values(chunk)
      .onConflictDoUpdate({
        target: [dspHealthHourly.hour, dspHealthHourly.dspId],
        set: {
          calls: add('calls'),
          bids: add('bids'),
          noBids: add('no_bids'),
          timeouts: add('timeouts'),
          errors: add('errors'),
          wins: add('wins'),
          latencyMsSum: add('latency_ms_sum'),
          answered: add('answered'),
          callerLosses: add('caller_losses'),
          unbilled: add('unbilled'),
        },
      });
  }
  const refused = sorted.flatMap((c) =>
    [...(c.rejections ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([reason, bids]) => ({ hour: new Date(c.hour), dspId: c.dspId, reason, bids })),
  );
  for (const chunk of chunksOf(refused, HEALTH_ROWS_PER_INSERT)) {
    await tx
      .insert(dspRejectionsHourly)
      .values(chunk)
      .onConflictDoUpdate({
        target: [dspRejectionsHourly.hour, dspRejectionsHourly.dspId, dspRejectionsHourly.reason],
        set: { bids: sql.raw(`"dsp_rejections_hourly"."bids" + excluded."bids"`) },
      });
  }
}

/**
 * Writes a batch in one transaction. Nothing of it is visible unless all of it is; the
 * caller releases and settles in the state store only once this has resolved.
 */
export async function writeBatch(db: Database, batch: PendingBatch): Promise<FlushOutcome> {
  return db.transaction(async (tx) => {
    const outcome: FlushOutcome = {
      spent: new Map(),
      billed: [],
      releases: [],
      forgotten: [],
      counted: 0,
      duplicates: 0,
      shortfall: 0,
    };
    const { fresh, duplicates } = await claimNewEvents(tx, batch.events);
    outcome.counted = fresh.length;
    outcome.duplicates = duplicates.length;
    for (const duplicate of duplicates) {
      if (duplicate.reservation && !duplicate.replayed) {
        outcome.releases.push(duplicate.reservation);
        if (duplicate.reservation.tag) outcome.forgotten.push(duplicate.reservation);
      }
    }
    for (const event of fresh)
      if (event.reservation?.tag) outcome.forgotten.push(event.reservation);
    const paid = await postSpend(tx, fresh, outcome);
    await upsertStats(tx, batch.stats, paid);
    await upsertHealth(tx, batch.health);
    return outcome;
  });
}
