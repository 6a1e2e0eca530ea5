/**
 * Demo history for a fresh install: simulated traffic over the past days, served, rendered
 * and clicked through the delivery engine in-process at simulated times, so that the
 * dashboard and reports open on numbers counted by the real engine (stats_hourly, the ledger,
 * partner health), not on rows made up beside it.
 *
 * A small network's volume (a hundred thousand requests a day) is a sample: a few hundred
 * requests a day go through the engine, each with a weight (ServeOptions.weight), so the
 * engine counts, holds and bills it as that many alike requests — budgets, balances and plan
 * statuses stay the engine's own while a start-up on PGlite takes seconds. A rendered
 * sample's clicks are drawn for all the impressions it stands for. No advertiser spends more
 * than a share of what it has (maxBalanceShare).
 */
import { Billing, TRACK_PATHS, type ServeAdAnswer } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { answerOf, type DeliveryEngine } from '../engine.js';
import { fromServeFacts } from '../http/requests.js';
import type { Snapshot } from '../types.js';
import type { TrafficCatalog } from './catalog.js';
import { loadCatalog } from './catalog-db.js';
import { createRandom, randomUuid, type Random } from './random.js';
import { createTrafficModel, type SimulatedRequest, type TrafficSlot } from './traffic.js';
import { clickRate, diurnalTimes, rendersAd } from './user-behaviour.js';

const DAY_MS = 86_400_000;
/** Where the simulated devices reach the server; only the tokens of its URLs are read. */
const BACKFILL_ORIGIN = 'http://backfill.adloom.invalid';
const SIMULATED_UA = 'AdloomSimulator/1.0 (demo backfill)';

export interface BackfillOptions {
  /** How many past days to fill, up to `now` (default 30). */
  days?: number;
  /** Epoch ms: the end of the history (default: the clock). */
  now?: number;
  seed?: number;
  /** Average requests per day before the daily swing (default 100,000). */
  requestsPerDay?: number;
  /**
   * Requests a day served through the engine (default 300), each weighing
   * requestsPerDay / samplesPerDay (at least 1: fewer requests than this are all served).
   */
  samplesPerDay?: number;
  /** The most of an advertiser's available balance the backfill may spend (default 0.5). */
  maxBalanceShare?: number;
  /** Default: the install's settings (loadCatalog). */
  catalog?: TrafficCatalog;
  /** Only these slots (default: every active slot of an active media). */
  slotIds?: readonly number[];
}

/** What the engine counted (weighted: as the stats show it). */
export interface BackfillResult {
  days: number;
  requests: number;
  fills: number;
  impressions: number;
  clicks: number;
  /** Of the impressions, those a demand partner's bid won. */
  partnerImpressions: number;
  /** Requests served through the engine, and what each weighed. */
  sampled: number;
  weight: number;
  /** Epoch ms of the first and last simulated request. */
  from: number;
  to: number;
}

/** The demo's volume in one line, for the start's log (what a fresh install opens on). */
export function formatDemoVolume(result: BackfillResult, elapsedMs: number): string {
  const perDay = (count: number) => Math.round(count / Math.max(1, result.days));
  const ctr = result.impressions > 0 ? (100 * result.clicks) / result.impressions : 0;
  return (
    `Demo history: ${result.days} days through the delivery engine in ${(elapsedMs / 1000).toFixed(1)} s ` +
    `(${result.sampled} requests served, each weighing ${result.weight}): ` +
    `${result.requests} requests (${perDay(result.requests)}/day), ${result.fills} fills, ` +
    `${result.impressions} impressions (${perDay(result.impressions)}/day, ` +
    `${result.partnerImpressions} won by partners), ${result.clicks} clicks ` +
    `(CTR ${ctr.toFixed(2)} %).`
  );
}

/** The active slots of active media, as the traffic model needs them. */
export function trafficSlotsOf(snapshot: Snapshot): TrafficSlot[] {
  return [...snapshot.slots.values()]
    .filter((slot) => slot.status === 0 && slot.mediaStatus === 0)
    .map((slot) => ({
      id: slot.id,
      mediaId: slot.mediaId,
      mediaOs: slot.mediaOs,
      mediaBundle: slot.mediaBundle,
    }));
}

/** The signed token of our own tracking URL of a kind, among the answer's URLs. */
export function tokenOf(urls: readonly string[], path: string): string | null {
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.pathname === path) return parsed.searchParams.get('t');
    } catch {
      // Not a URL: a partner's markup or nothing; nothing of ours to fire.
    }
  }
  return null;
}

/** A day's request count: the average swung ±15 %, weekends a little busier. */
function requestsOnDay(random: Random, average: number, dayStart: number, share: number): number {
  const weekday = new Date(dayStart).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.15 : 1;
  return Math.round(average * weekend * (0.85 + 0.3 * random()) * share);
}

/** What the backfill may still spend per advertiser, and what a served ad would cost. */
class SpendGuard {
  private readonly left = new Map<number, number>();
  private readonly cptDays = new Set<string>();

  constructor(
    private readonly available: (advertiserId: number) => number,
    private readonly share: number,
  ) {}

  /**
   * Takes the cost of rendering the ad `weight` times (and of `clicks` clicks) when the
   * allowance covers it.
   */
  take(
    served: Awaited<ReturnType<DeliveryEngine['serve']>>,
    weight: number,
    clicks: number,
    at: number,
  ) {
    const claims = served.claims;
    if (!claims || claims.advertiserId === 0) return true;
    let cost = 0;
    if (claims.billing === Billing.cpm) cost = Math.ceil(claims.price / 1000) * weight;
    if (claims.billing === Billing.cpc) cost = claims.clickPrice * clicks;
    const cptKey = `${claims.planId}:${new Date(at).toISOString().slice(0, 10)}`;
    if (claims.billing === Billing.cpt && !this.cptDays.has(cptKey)) cost = claims.price;
    const left =
      this.left.get(claims.advertiserId) ??
      Math.floor(Math.max(0, this.available(claims.advertiserId)) * this.share);
    if (cost > left) return false;
    this.left.set(claims.advertiserId, left - cost);
    if (claims.billing === Billing.cpt) this.cptDays.add(cptKey);
    return true;
  }
}

/**
 * Serves simulated traffic over the past `days` through the engine at simulated times
 * (diurnal), fires the impressions of rendered ads a second later and the clicks some
 * seconds after, and flushes the counted events after each day. Deterministic traffic for a
 * seed (the engine's own choices, e.g. token ids, are its own).
 */
export async function backfillDemoTraffic(
  engine: DeliveryEngine,
  db: Database,
  options: BackfillOptions = {},
): Promise<BackfillResult> {
  const days = options.days ?? 30;
  const now = options.now ?? Date.now();
  const seed = options.seed ?? 1;
  const start = now - days * DAY_MS;
  const result: BackfillResult = {
    days,
    requests: 0,
    fills: 0,
    impressions: 0,
    clicks: 0,
    partnerImpressions: 0,
    sampled: 0,
    weight: 1,
    from: 0,
    to: 0,
  };
  await engine.sync();
  const snapshot = engine.source.current();
  const only = options.slotIds ? new Set(options.slotIds) : null;
  const slots = (snapshot ? trafficSlotsOf(snapshot) : []).filter(
    (slot) => !only || only.has(slot.id),
  );
  if (slots.length === 0 || days <= 0) return result;

  const catalog = options.catalog ?? (await loadCatalog(db));
  const model = createTrafficModel({ seed, slots, catalog });
  const random = createRandom(seed ^ 0x5bd1e995);
  const view = engine.store.view();
  const guard = new SpendGuard(
    (advertiserId) => view.advertiserAvailable(advertiserId),
    options.maxBalanceShare ?? 0.5,
  );
  const requestsPerDay = options.requestsPerDay ?? 100_000;
  const weight = Math.max(1, Math.round(requestsPerDay / (options.samplesPerDay ?? 300)));
  result.weight = weight;

  for (let dayStart = Math.floor(start / DAY_MS) * DAY_MS; dayStart < now; dayStart += DAY_MS) {
    const from = Math.max(dayStart, start);
    const to = Math.min(dayStart + DAY_MS, now);
    const count = requestsOnDay(random, requestsPerDay / weight, dayStart, (to - from) / DAY_MS);
    for (const at of diurnalTimes(random, from, to, count)) {
      await replay(engine, model.next(), at, weight, random, guard, result);
      result.from ||= at;
      result.to = at;
    }
    await engine.flush();
  }
  return result;
}

/** How many of `trials` impressions are clicked at `rate` (a binomial draw). */
export function clicksOf(random: Random, trials: number, rate: number): number {
  let clicks = 0;
  for (let trial = 0; trial < trials; trial += 1) if (random() < rate) clicks += 1;
  return clicks;
}

/**
 * One sampled request, standing for `weight` alike ones: served at `at`, its ad rendered a
 * second later, its clicks (of all the impressions it stands for) some seconds after.
 */
async function replay(
  engine: DeliveryEngine,
  simulated: SimulatedRequest,
  at: number,
  weight: number,
  random: Random,
  guard: SpendGuard,
  result: BackfillResult,
): Promise<void> {
  const request = {
    ...fromServeFacts(simulated.facts, { ip: '', ua: SIMULATED_UA, headerCountry: '' }),
    id: randomUuid(random),
  };
  const served = await engine.serve(request, { origin: BACKFILL_ORIGIN, now: at, weight });
  result.sampled += 1;
  result.requests += weight;
  const answer: ServeAdAnswer = answerOf(served);
  if (!answer.fill) return;
  result.fills += weight;
  const click = tokenOf([answer.ad.click_url], TRACK_PATHS.clk);
  const rendered = rendersAd(simulated);
  // A partner's ad is clicked through its own markup: no click of ours to count.
  const clicks =
    rendered && click
      ? clicksOf(random, weight, clickRate(answer.ad.creative_id, simulated.slot.id))
      : 0;
  if (!rendered || !guard.take(served, weight, clicks, at)) return;

  const renderedAt = at + 1_000;
  const impression = tokenOf(answer.impression_urls, TRACK_PATHS.imp);
  if (impression && (await engine.track('imp', impression, { now: renderedAt, weight })).counted) {
    result.impressions += weight;
    if (served.claims?.dspId) result.partnerImpressions += weight;
  }
  if (clicks === 0 || !click) return;
  const clickedAt = renderedAt + 2_000 + Math.floor(random() * 20_000);
  if ((await engine.track('clk', click, { now: clickedAt, weight: clicks })).counted) {
    result.clicks += clicks;
  }
}
