/**
 * The in-memory side of accounting: what serving counted since the last flush, added to on
 * the hot path without I/O and handed whole to a flush. The stats rows themselves are
 * stats/rows.ts's.
 */
import { HOUR_MS, StatsRows } from '../../stats/rows.js';
import type { BilledEvent, EventDims, PartnerOutcome } from '../ports.js';

export const hourOf = (atMs: number): number => Math.floor(atMs / HOUR_MS) * HOUR_MS;

/**
 * Stats rows are locked one partition (slot id mod this) after another, each partition's
 * rows in key order: a fixed total order, so two processes flushing at once never deadlock.
 * Each partition is summed and sorted on its own, so a flush never sorts a whole second's
 * rows in one go on the serving thread; the statement then sends them all
 * (stats/write.ts). Every process must use the same.
 */
export const STATS_PARTITIONS = 16;

export const partitionOf = (dims: EventDims): number => dims.slotId % STATS_PARTITIONS;

// Health counters are keyed by hour and partner id joined by a control character.
const SEP = '\u0001';

/** Rows of one partition past which a retried batch is summed in memory. */
const PILED_UP_ROWS = 100_000;

/** One dsp_health_hourly row in the making. */
export interface HealthCounter {
  hour: number;
  dspId: number;
  calls: number;
  bids: number;
  noBids: number;
  timeouts: number;
  errors: number;
  wins: number;
  latencyMsSum: number;
  answered: number;
  /** The caller's loss notices of the partner's served bids (upstream/caller-loss.ts). */
  callerLosses: number;
  /** Shown impressions whose caller's billing notice never came (upstream/unbilled.ts). */
  unbilled: number;
  /** Bids refused before our auction, by reason (dsp_rejections_hourly). */
  rejections?: Map<string, number>;
}

/** Everything one flush writes. */
export interface PendingBatch {
  /**
   * Requests and fills by partition (billed amounts join them at flush, once the ids proved
   * new). A fill's request is added to its slot's row by the flush.
   */
  stats: StatsRows[];
  health: Map<string, HealthCounter>;
  events: BilledEvent[];
}

export const emptyBatch = (): PendingBatch => ({
  stats: Array.from({ length: STATS_PARTITIONS }, () => new StatsRows()),
  health: new Map(),
  events: [],
});

/** The rows of the event's partition (a batch always holds every partition). */
export const statsRowsFor = (batch: PendingBatch, dims: EventDims): StatsRows =>
  batch.stats[partitionOf(dims)] as StatsRows;

export const statsRowsOf = (batch: PendingBatch): number =>
  batch.stats.reduce((sum, rows) => sum + rows.size, 0);

export const isEmptyBatch = (batch: PendingBatch): boolean =>
  statsRowsOf(batch) === 0 && batch.health.size === 0 && batch.events.length === 0;

export function healthCounterOf(
  map: Map<string, HealthCounter>,
  dspId: number,
  atMs: number,
): HealthCounter {
  const hour = hourOf(atMs);
  const key = `${hour}${SEP}${dspId}`;
  let counter = map.get(key);
  if (!counter) {
    counter = {
      hour,
      dspId,
      calls: 0,
      bids: 0,
      noBids: 0,
      timeouts: 0,
      errors: 0,
      wins: 0,
      latencyMsSum: 0,
      answered: 0,
      callerLosses: 0,
      unbilled: 0,
    };
    map.set(key, counter);
  }
  return counter;
}

/**
 * `answered` and the latency sum cover the calls that came back in time with an OpenRTB
 * answer (a bid or a no-bid), so their mean is the partner's answer time; a timeout's wait
 * is our own limit and an error's is often a refused connection.
 */
export function addPartnerCall(
  counter: HealthCounter,
  outcome: PartnerOutcome,
  latencyMs: number,
  weight = 1,
): void {
  counter.calls += weight;
  switch (outcome) {
    case 'bid':
      counter.bids += weight;
      break;
    case 'noBid':
      counter.noBids += weight;
      break;
    case 'timeout':
      counter.timeouts += weight;
      return;
    case 'error':
      counter.errors += weight;
      return;
  }
  counter.answered += weight;
  counter.latencyMsSum += Math.max(0, Math.round(latencyMs)) * weight;
}

/** Bids of a partner refused before our auction, one reason each. */
export function addPartnerRejections(counter: HealthCounter, reasons: readonly string[]): void {
  const counts = (counter.rejections ??= new Map());
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
}

function addHealth(target: HealthCounter, source: HealthCounter): void {
  if (source.rejections) {
    for (const [reason, bids] of source.rejections) {
      addPartnerRejections(target, new Array<string>(bids).fill(reason));
    }
  }
  target.calls += source.calls;
  target.bids += source.bids;
  target.noBids += source.noBids;
  target.timeouts += source.timeouts;
  target.errors += source.errors;
  target.wins += source.wins;
  target.latencyMsSum += source.latencyMsSum;
  target.answered += source.answered;
  target.callerLosses += source.callerLosses;
  target.unbilled += source.unbilled;
}

/**
 * Puts a batch that could not be written back in front of what arrived meanwhile, so the
 * next flush writes both (the event ids keep a retried write from counting twice).
 */
export function mergeBack(live: PendingBatch, failed: PendingBatch): void {
  failed.stats.forEach((rows, partition) => {
    const current = live.stats[partition];
    if (!current) return;
    // Failed rows first, what arrived meanwhile after; summed once the database has been away
    // long enough for rows to pile up (a bound on memory, not on correctness).
    rows.append(current);
    live.stats[partition] = rows.size > PILED_UP_ROWS ? rows.summed() : rows;
  });
  for (const [key, counter] of failed.health) {
    const current = live.health.get(key);
    if (current) addHealth(current, counter);
    else live.health.set(key, counter);
  }
  live.events = failed.events.concat(live.events);
}

/**
 * Ids seen lately in this process, in two generations so that memory stays bounded: when
 * the current one is full it becomes the previous one and the oldest ids are forgotten
 * (delivery_events still catches them at the flush).
 */
export class RecentIds {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly perGeneration: number) {}

  /** Adds the id; false when it was already there. */
  add(id: string): boolean {
    if (this.current.has(id) || this.previous.has(id)) return false;
    if (this.current.size >= this.perGeneration) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(id);
    return true;
  }

  /** Forgets an id whose event could not be taken (a retry must count). */
  delete(id: string): void {
    this.current.delete(id);
    this.previous.delete(id);
  }
}
