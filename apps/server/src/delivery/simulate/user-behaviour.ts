/**
 * What simulated users do with an answer and when they come: whether the app renders a
 * filled ad, whether the user clicks it (a rate fixed per creative and slot), and the
 * day's rhythm of traffic over the UTC hours. The requests themselves: traffic.ts.
 */
import { hashUnit, weightedPicker, type Random } from './random.js';
import type { SimulatedRequest } from './traffic.js';

/** Share of filled requests whose ad the app renders (and so fires the impression URLs). */
export const RENDER_RATE = 0.9;
/** Click-through rates are spread over this range, fixed per creative and slot. */
export const MIN_CTR = 0.005;
export const MAX_CTR = 0.03;

/** The click-through rate of a creative on a slot, fixed by the pair: MIN_CTR-MAX_CTR. */
export function clickRate(creativeId: number, slotId: number): number {
  return MIN_CTR + (MAX_CTR - MIN_CTR) * hashUnit('ctr', creativeId, slotId);
}

/** Whether the app renders the ad of this request (when it was filled). */
export function rendersAd(request: Pick<SimulatedRequest, 'renderRoll'>): boolean {
  return request.renderRoll < RENDER_RATE;
}

/** Whether the user clicks the rendered creative. */
export function clicksAd(
  request: Pick<SimulatedRequest, 'renderRoll' | 'clickRoll' | 'slot'>,
  creativeId: number,
): boolean {
  return rendersAd(request) && request.clickRoll < clickRate(creativeId, request.slot.id);
}

/**
 * Relative traffic in a UTC hour: a global audience weighted to the Americas and Europe is
 * quietest around 04:00 UTC (0.3) and busiest around 16:00 UTC (1.0).
 */
export function hourWeight(hourUtc: number): number {
  return 0.3 + 0.35 * (1 - Math.cos((2 * Math.PI * (hourUtc - 4)) / 24));
}

const HOUR_MS = 3_600_000;

/**
 * `count` instants in [startMs, endMs), spread by hourWeight over the UTC hours the range
 * covers (partial hours weigh their covered part), sorted ascending.
 */
export function diurnalTimes(
  random: Random,
  startMs: number,
  endMs: number,
  count: number,
): number[] {
  if (count <= 0 || endMs <= startMs) return [];
  const spans: (readonly [readonly [number, number], number])[] = [];
  for (let hour = Math.floor(startMs / HOUR_MS) * HOUR_MS; hour < endMs; hour += HOUR_MS) {
    const from = Math.max(hour, startMs);
    const to = Math.min(hour + HOUR_MS, endMs);
    const weight = hourWeight(new Date(hour).getUTCHours()) * ((to - from) / HOUR_MS);
    spans.push([[from, to], weight]);
  }
  const picker = weightedPicker(spans);
  const times = Array.from({ length: count }, () => {
    const [from, to] = picker.pick(random);
    return Math.floor(from + random() * (to - from));
  });
  return times.sort((a, b) => a - b);
}
