/**
 * The simulation loop of `npm run simulate`: requests at a steady rate over HTTP keep-alive,
 * at most `concurrency` device sessions in flight (a session: the ad request, then the
 * impression of a rendered ad, then a click), counted as they complete.
 *
 * Only this server's own tracking URLs are fired (paths /track/imp and /track/clk, sent to
 * the server under test whatever origin PUBLIC_URL gives them); an upstream partner's
 * beacons and win notices are not, so the simulator never sends traffic to third parties.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVE_AD_PATH, TRACK_PATHS, type ServeAdAnswer } from '@adloom/domain';
import { HttpFailure, type HttpClient } from './http-client.js';
import { serveQuery, type SimulatedRequest, type TrafficModel } from './traffic.js';
import { clicksAd, rendersAd } from './user-behaviour.js';

/** Latency samples kept for the percentiles (reservoir beyond this). */
const MAX_LATENCY_SAMPLES = 100_000;
/** How far behind schedule the loop may fall before it stops making up for lost requests. */
const MAX_BACKLOG_SECONDS = 1;

export interface SimulationOptions {
  client: HttpClient;
  model: TrafficModel;
  durationSeconds: number;
  /** Ad requests per second. */
  rate: number;
  /** Device sessions in flight at most. */
  concurrency: number;
  /** Stops sending early (Ctrl-C); sessions in flight still finish. */
  signal?: AbortSignal;
  /** Called about every `tickMs` with the counts so far. */
  onTick?: (stats: SimulationStats) => void;
  tickMs?: number;
}

export interface SimulationStats {
  elapsedMs: number;
  /** Ad requests sent. */
  requests: number;
  /** Ad requests the server answered with a ServeAdAnswer. */
  answered: number;
  fills: number;
  noFills: Record<string, number>;
  /** Impressions our tracker accepted (2xx). */
  impressions: number;
  /** Clicks our tracker answered with a redirect. */
  clicks: number;
  /** Partners' beacons and notices left unfired. */
  partnerUrlsSkipped: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Requests never sent because the server could not keep up. */
  dropped: number;
  /** Ad request latencies (ms), a sample. */
  latenciesMs: number[];
}

export function emptyStats(): SimulationStats {
  return {
    elapsedMs: 0,
    requests: 0,
    answered: 0,
    fills: 0,
    noFills: {},
    impressions: 0,
    clicks: 0,
    partnerUrlsSkipped: 0,
    errors: 0,
    errorKinds: {},
    dropped: 0,
    latenciesMs: [],
  };
}

/** The p-th percentile (0-100) of the samples; 0 when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** The path and query of one of our own tracking URLs; null for anyone else's. */
export function ownTrackingTarget(url: string, kind: 'imp' | 'clk'): string | null {
  try {
    const parsed = new URL(url);
    return parsed.pathname === TRACK_PATHS[kind] ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

function countError(stats: SimulationStats, kind: string): void {
  stats.errors += 1;
  stats.errorKinds[kind] = (stats.errorKinds[kind] ?? 0) + 1;
}

function errorKind(step: string, error: unknown): string {
  return `${step}: ${error instanceof HttpFailure ? error.code : 'error'}`;
}

function recordLatency(stats: SimulationStats, ms: number): void {
  if (stats.latenciesMs.length < MAX_LATENCY_SAMPLES) {
    stats.latenciesMs.push(ms);
    return;
  }
  const slot = Math.floor(Math.random() * stats.answered);
  if (slot < MAX_LATENCY_SAMPLES) stats.latenciesMs[slot] = ms;
}

/** One device session: the ad request, the impression if rendered, the click if clicked. */
async function session(
  client: HttpClient,
  simulated: SimulatedRequest,
  stats: SimulationStats,
): Promise<void> {
  stats.requests += 1;
  const started = performance.now();
  let answer: ServeAdAnswer;
  try {
    const response = await client.request(`${SERVE_AD_PATH}?${serveQuery(simulated.facts)}`);
    if (response.status !== 200) return countError(stats, `serve: HTTP ${response.status}`);
    answer = JSON.parse(response.body) as ServeAdAnswer;
  } catch (error) {
    return countError(
      stats,
      error instanceof SyntaxError ? 'serve: not JSON' : errorKind('serve', error),
    );
  }
  stats.answered += 1;
  recordLatency(stats, performance.now() - started);
  if (!answer.fill) {
    stats.noFills[answer.reason] = (stats.noFills[answer.reason] ?? 0) + 1;
    return;
  }
  stats.fills += 1;
  stats.partnerUrlsSkipped += answer.notice_urls.length;
  if (!rendersAd(simulated)) return;

  for (const url of answer.impression_urls) {
    const target = ownTrackingTarget(url, 'imp');
    if (!target) {
      stats.partnerUrlsSkipped += 1;
      continue;
    }
    try {
      const response = await client.request(target, { headers: { accept: 'image/*' } });
      if (response.status >= 200 && response.status < 300) stats.impressions += 1;
      else countError(stats, `impression: HTTP ${response.status}`);
    } catch (error) {
      countError(stats, errorKind('impression', error));
    }
  }

  if (!clicksAd(simulated, answer.ad.creative_id)) return;
  const target = ownTrackingTarget(answer.ad.click_url, 'clk');
  if (!target) return;
  try {
    const response = await client.request(target, { headers: { accept: 'text/html' } });
    if (response.status >= 300 && response.status < 400) stats.clicks += 1;
    else countError(stats, `click: HTTP ${response.status}`);
  } catch (error) {
    countError(stats, errorKind('click', error));
  }
}

/**
 * Sends `rate` ad requests a second for `durationSeconds` (or until `signal` aborts), at most
 * `concurrency` sessions at once, then waits for the sessions in flight and answers the
 * counts. When the server cannot keep up, the loop catches up for at most a second's worth
 * of requests and counts the rest as dropped.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationStats> {
  const stats = emptyStats();
  const inFlight = new Set<Promise<void>>();
  const startedAt = performance.now();
  const endAt = startedAt + options.durationSeconds * 1000;
  const tickMs = options.tickMs ?? 250;
  let launched = 0;
  let lastTick = startedAt;

  const launch = () => {
    const running = session(options.client, options.model.next(), stats).finally(() => {
      inFlight.delete(running);
    });
    inFlight.add(running);
    launched += 1;
  };

  for (let now = startedAt; now < endAt && !options.signal?.aborted; now = performance.now()) {
    const due = Math.floor((options.rate * (now - startedAt)) / 1000);
    const backlog = due - launched;
    if (backlog > options.rate * MAX_BACKLOG_SECONDS) {
      const skip = backlog - Math.ceil(options.rate * MAX_BACKLOG_SECONDS);
      stats.dropped += skip;
      launched += skip;
    }
    while (launched < due && inFlight.size < options.concurrency) launch();
    if (now - lastTick >= tickMs) {
      stats.elapsedMs = now - startedAt;
      options.onTick?.(stats);
      lastTick = now;
    }
    // Wake for the next request due, or when a session frees a place.
    const nextDue = startedAt + ((launched + 1) * 1000) / options.rate;
    const wait = Math.max(1, Math.min(nextDue - now, tickMs, endAt - now));
    if (inFlight.size >= options.concurrency) {
      await Promise.race([...inFlight, sleep(wait)]);
    } else {
      await sleep(wait);
    }
  }
  // The clock may end the loop a request or two short: send them, so a run sends exactly
  // rate × duration requests (less what was dropped) unless it was stopped.
  const total = Math.floor(options.rate * options.durationSeconds);
  while (!options.signal?.aborted && launched < total) {
    if (inFlight.size < options.concurrency) launch();
    else await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  stats.elapsedMs = performance.now() - startedAt;
  options.onTick?.(stats);
  return stats;
}
