/**
 * THE accounting write: one transaction that (1) claims the billed events' ids in
 * delivery_events, counting only the ids that were new, (2) posts one spend entry per
 * advertiser in the ledger, capped at the balance, (3) adds to stats_hourly and (4) to
 * dsp_health_hourly. Stats cost always equals ledger spend. Rows are written in a sorted
 * order so that two processes flushing at once take their locks in the same order.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deliveryEvents, dspHealthHourly, statsHourly } from '../../db/schema.js';
import { insertEntry, latestBalance, lockUser } from '../../modules/fund/repo.js';
import type { BilledEvent, EventDims, Reservation } from '../ports.js';
import {
  addStats,
  hourOf,
  requestDimsOf,
  statsCounterOf,
  type HealthCounter,
  type PendingBatch,
  type StatsCounter,
} from './buffers.js';

/** What the committed flush asks of the state store, and what it did. */
export interface FlushOutcome {
  /** Micros the ledger took, by advertiser: settled in the store after the commit. */
  spent: Map<number, number>;
  /** Advertisers whose new events carried a cost (their plans' statuses may move). */
  billed: number[];
  /** Reservations (or their uncovered parts) to give back: duplicates and shortfalls. */
  releases: Reservation[];
  /** Events counted for the first time. */
  counted: number;
  /** Events another flush or process had counted already. */
  duplicates: number;
  /** Micros billed events wanted but the balances could not cover. */
  shortfall: number;
}

// Bounded statements: PostgreSQL takes at most 65,535 parameters (health rows), a JSON
// parameter is kept to a few megabytes (event ids), and a stats statement to a slice of the
// serving thread's time (stats rows).
const STATS_ROWS_PER_INSERT = 1_000;
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

/** A PostgreSQL array literal of integers: `{1,2,3}`. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/** A PostgreSQL array literal of text, each element quoted (commas, quotes, backslashes). */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The lock order of stats rows: by slot partition, then by key within it. Any fixed total
 * order keeps two processes flushing at once from deadlocking; this one lets a flush sort
 * and send one partition at a time, so the serving thread never waits for a whole second's
 * rows to be sorted. Fixed: every process must use the same.
 */
const STATS_PARTITIONS = 16;

const partitionOf = (dims: EventDims) => dims.slotId % STATS_PARTITIONS;

/** The batch's counters and the paid events by lock partition (a slot's rows share one). */
function statsPartitions(
  counters: ReadonlyMap<string, StatsCounter>,
  paid: readonly BilledEvent[],
): { counted: [string, StatsCounter][]; paid: BilledEvent[] }[] {
  const partitions = Array.from({ length: STATS_PARTITIONS }, () => ({
    counted: [] as [string, StatsCounter][],
    paid: [] as BilledEvent[],
  }));
  for (const entry of counters) partitions[partitionOf(entry[1].dims)]?.counted.push(entry);
  for (const event of paid) partitions[partitionOf(event.dims)]?.paid.push(event);
  return partitions;
}

/**
 * One partition's rows, in lock order: what the batch counted, the requests of its fills on
 * their slots' rows, and the paid events. The batch's counters are not edited (a failed write
 * hands them back whole).
 */
function partitionRows(partition: {
  counted: [string, StatsCounter][];
  paid: BilledEvent[];
}): StatsCounter[] {
  const rows = new Map<string, StatsCounter>();
  const extra = new Map<string, StatsCounter>();
  for (const [key, counter] of partition.counted) {
    rows.set(key, counter);
    if (counter.fills > 0) {
      statsCounterOf(extra, requestDimsOf(counter.dims), counter.hour).requests += counter.fills;
    }
  }
  for (const event of partition.paid) {
    const counter = statsCounterOf(extra, event.dims, event.at);
    counter.impressions += event.impressions;
    counter.clicks += event.clicks;
    counter.cost += event.cost;
    counter.income += event.income;
  }
  for (const [key, added] of extra) {
    const counted = rows.get(key);
    if (counted) {
      const sum = { ...counted };
      addStats(sum, added);
      rows.set(key, sum);
    } else {
      rows.set(key, added);
    }
  }
  return [...rows.keys()].sort().map((key) => rows.get(key) as StatsCounter);
}

/** One statement's rows, one array per column. */
class StatsColumns {
  hour: number[] = [];
  advertiser: number[] = [];
  plan: number[] = [];
  strategy: number[] = [];
  creative: number[] = [];
  media: number[] = [];
  slot: number[] = [];
  dsp: number[] = [];
  country: string[] = [];
  os: number[] = [];
  appVersion: string[] = [];
  requests: number[] = [];
  fills: number[] = [];
  impressions: number[] = [];
  clicks: number[] = [];
  cost: number[] = [];
  income: number[] = [];

  get size(): number {
    return this.hour.length;
  }

  add(c: StatsCounter): void {
    if (c.requests + c.fills + c.impressions + c.clicks + c.cost + c.income === 0) return;
    const d = c.dims;
    this.hour.push(c.hour);
    this.advertiser.push(d.advertiserId);
    this.plan.push(d.planId);
    this.strategy.push(d.strategyId);
    this.creative.push(d.creativeId);
    this.media.push(d.mediaId);
    this.slot.push(d.slotId);
    this.dsp.push(d.dspId);
    this.country.push(d.country);
    this.os.push(d.os);
    this.appVersion.push(d.appVersion);
    this.requests.push(c.requests);
    this.fills.push(c.fills);
    this.impressions.push(c.impressions);
    this.clicks.push(c.clicks);
    this.cost.push(c.cost);
    this.income.push(c.income);
  }
}

async function insertStats(tx: Database, columns: StatsColumns): Promise<void> {
  await tx.execute(sql`
    insert into ${statsHourly} (hour, advertiser_id, plan_id, strategy_id, creative_id,
      media_id, slot_id, dsp_id, country, os, app_version,
      requests, fills, impressions, clicks, cost, income)
    select to_timestamp(hour_ms / 1000.0), advertiser_id, plan_id, strategy_id, creative_id,
      media_id, slot_id, dsp_id, country, os, app_version,
      requests, fills, impressions, clicks, cost, income
    from unnest(
      ${intArray(columns.hour)}::bigint[], ${intArray(columns.advertiser)}::integer[],
      ${intArray(columns.plan)}::integer[], ${intArray(columns.strategy)}::integer[],
      ${intArray(columns.creative)}::integer[], ${intArray(columns.media)}::integer[],
      ${intArray(columns.slot)}::integer[], ${intArray(columns.dsp)}::integer[],
      ${textArray(columns.country)}::text[], ${intArray(columns.os)}::smallint[],
      ${textArray(columns.appVersion)}::text[], ${intArray(columns.requests)}::bigint[],
      ${intArray(columns.fills)}::bigint[], ${intArray(columns.impressions)}::bigint[],
      ${intArray(columns.clicks)}::bigint[], ${intArray(columns.cost)}::bigint[],
      ${intArray(columns.income)}::bigint[]
    ) as r(hour_ms, advertiser_id, plan_id, strategy_id, creative_id, media_id, slot_id,
      dsp_id, country, os, app_version, requests, fills, impressions, clicks, cost, income)
    on conflict (hour, advertiser_id, plan_id, strategy_id, creative_id, media_id, slot_id,
      dsp_id, country, os, app_version) do update set
      requests = stats_hourly.requests + excluded.requests,
      fills = stats_hourly.fills + excluded.fills,
      impressions = stats_hourly.impressions + excluded.impressions,
      clicks = stats_hourly.clicks + excluded.clicks,
      cost = stats_hourly.cost + excluded.cost,
      income = stats_hourly.income + excluded.income`);
}

/**
 * Step 3: requests and fills plus the paid events, added to their hourly rows. Each
 * statement sends its rows as one array per column (unnest): a second's worth of rows
 * (thousands at a few thousand requests a second) costs no object per row to build and a
 * third of the bytes of JSON rows, and the serving thread gets its turn between statements.
 */
async function upsertStats(
  tx: Database,
  counters: ReadonlyMap<string, StatsCounter>,
  paid: readonly BilledEvent[],
): Promise<void> {
  let columns = new StatsColumns();
  for (const partition of statsPartitions(counters, paid)) {
    for (const counter of partitionRows(partition)) columns.add(counter);
    if (columns.size >= STATS_ROWS_PER_INSERT) {
      await insertStats(tx, columns);
      columns = new StatsColumns();
    }
  }
  if (columns.size > 0) await insertStats(tx, columns);
}

/** Step 4: partners' calls, answers and wins, added to their hourly rows. */
async function upsertHealth(
  tx: Database,
  counters: ReadonlyMap<string, HealthCounter>,
): Promise<void> {
  const rows = [...counters.values()]
    .sort((a, b) => a.hour - b.hour || a.dspId - b.dspId)
    .map((c) => ({ ...c, hour: new Date(c.hour) }));
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
        },
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
      counted: 0,
      duplicates: 0,
      shortfall: 0,
    };
    const { fresh, duplicates } = await claimNewEvents(tx, batch.events);
    outcome.counted = fresh.length;
    outcome.duplicates = duplicates.length;
    for (const duplicate of duplicates) {
      if (duplicate.reservation) outcome.releases.push(duplicate.reservation);
    }
    const paid = await postSpend(tx, fresh, outcome);
    await upsertStats(tx, batch.stats, paid);
    await upsertHealth(tx, batch.health);
    return outcome;
  });
}
