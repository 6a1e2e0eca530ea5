/**
 * The in-memory side of accounting: counters keyed by hour and dimensions, added to on the
 * serving hot path (one Map lookup, no I/O) and handed whole to a flush.
 */
import type { BilledEvent, EventDims, PartnerOutcome } from '../ports.js';

export const HOUR_MS = 3_600_000;

export const hourOf = (atMs: number): number => Math.floor(atMs / HOUR_MS) * HOUR_MS;

/** One stats_hourly row in the making. */
export interface StatsCounter {
  hour: number;
  dims: EventDims;
  requests: number;
  fills: number;
  impressions: number;
  clicks: number;
  cost: number;
  income: number;
}

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
}

/** Everything one flush writes. */
export interface PendingBatch {
  /** Requests and fills (billed amounts join them at flush, once the ids proved new). */
  stats: Map<string, StatsCounter>;
  health: Map<string, HealthCounter>;
  events: BilledEvent[];
}

export const emptyBatch = (): PendingBatch => ({ stats: new Map(), health: new Map(), events: [] });

export const isEmptyBatch = (batch: PendingBatch): boolean =>
  batch.stats.size === 0 && batch.health.size === 0 && batch.events.length === 0;

// A control character cannot occur in a country code and the app version comes last, so
// two different dimension sets never share a key.
const SEP = '\u0001';

// The most varied dimensions lead, so that sorting a flush's keys (its lock order) compares
// few characters.
export const statsKey = (hour: number, d: EventDims): string =>
  `${d.creativeId}${SEP}${d.slotId}${SEP}${d.strategyId}${SEP}${d.dspId}${SEP}${d.os}${SEP}${d.country}${SEP}${hour}${SEP}${d.planId}${SEP}${d.advertiserId}${SEP}${d.mediaId}${SEP}${d.appVersion}`;

export function statsCounterOf(
  map: Map<string, StatsCounter>,
  dims: EventDims,
  atMs: number,
): StatsCounter {
  const hour = hourOf(atMs);
  const key = statsKey(hour, dims);
  let counter = map.get(key);
  if (!counter) {
    // A copy of the dimensions only: the caller may pass a larger object (a token's claims)
    // or reuse its own for the next request.
    counter = {
      hour,
      dims: {
        advertiserId: dims.advertiserId,
        planId: dims.planId,
        strategyId: dims.strategyId,
        creativeId: dims.creativeId,
        mediaId: dims.mediaId,
        slotId: dims.slotId,
        dspId: dims.dspId,
        country: dims.country,
        os: dims.os,
        appVersion: dims.appVersion,
      },
      requests: 0,
      fills: 0,
      impressions: 0,
      clicks: 0,
      cost: 0,
      income: 0,
    };
    map.set(key, counter);
  }
  return counter;
}

/** The slot-level dimensions of an event: where its request is counted. */
export function requestDimsOf(dims: EventDims): EventDims {
  return {
    advertiserId: 0,
    planId: 0,
    strategyId: 0,
    creativeId: 0,
    mediaId: dims.mediaId,
    slotId: dims.slotId,
    dspId: 0,
    country: dims.country,
    os: dims.os,
    appVersion: dims.appVersion,
  };
}

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
): void {
  counter.calls += 1;
  switch (outcome) {
    case 'bid':
      counter.bids += 1;
      break;
    case 'noBid':
      counter.noBids += 1;
      break;
    case 'timeout':
      counter.timeouts += 1;
      return;
    case 'error':
      counter.errors += 1;
      return;
  }
  counter.answered += 1;
  counter.latencyMsSum += Math.max(0, Math.round(latencyMs));
}

export function addStats(target: StatsCounter, source: StatsCounter): void {
  target.requests += source.requests;
  target.fills += source.fills;
  target.impressions += source.impressions;
  target.clicks += source.clicks;
  target.cost += source.cost;
  target.income += source.income;
}

function addHealth(target: HealthCounter, source: HealthCounter): void {
  target.calls += source.calls;
  target.bids += source.bids;
  target.noBids += source.noBids;
  target.timeouts += source.timeouts;
  target.errors += source.errors;
  target.wins += source.wins;
  target.latencyMsSum += source.latencyMsSum;
  target.answered += source.answered;
}

/**
 * Puts a batch that could not be written back in front of what arrived meanwhile, so the
 * next flush writes both (the event ids keep a retried write from counting twice).
 */
export function mergeBack(live: PendingBatch, failed: PendingBatch): void {
  for (const [key, counter] of failed.stats) {
    const current = live.stats.get(key);
    if (current) addStats(current, counter);
    else live.stats.set(key, counter);
  }
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
}
