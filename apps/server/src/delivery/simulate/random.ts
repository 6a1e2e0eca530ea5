/**
 * Small deterministic randomness for the traffic simulator: a seeded PRNG (mulberry32), an
 * integer hash for properties that must not depend on draw order (a creative's click rate),
 * and samplers over weighted lists. Not for anything secret.
 */

/** A function answering uniform numbers in [0, 1). */
export type Random = () => number;

/** mulberry32: 32 bits of state, fast, good enough for simulated traffic. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A uniform number in [0, 1) fixed by its inputs (murmur3's finaliser over each part). */
export function hashUnit(...parts: readonly (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = String(part);
    for (let index = 0; index < text.length; index += 1) {
      h = Math.imul(h ^ text.charCodeAt(index), 0x01000193);
    }
    h = Math.imul(h ^ 0x2f, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** Picks from a list by weight, in O(log n) after an O(n) set-up. */
export interface WeightedPicker<T> {
  readonly items: readonly T[];
  pick(random: Random): T;
}

export function weightedPicker<T>(entries: readonly (readonly [T, number])[]): WeightedPicker<T> {
  const items = entries.filter(([, weight]) => weight > 0).map(([item]) => item);
  if (items.length === 0) throw new Error('weightedPicker: no item has a positive weight');
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of entries) {
    if (weight > 0) cumulative.push((total += weight));
  }
  return {
    items,
    pick(random) {
      const target = random() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulative[middle] ?? 0) > target) high = middle;
        else low = middle + 1;
      }
      return items[low] as T;
    },
  };
}

/**
 * Ranks 0..size-1 drawn with a Zipf-Mandelbrot law, weight 1 / (rank + offset)^exponent:
 * a few heavy users come back often, most come a few times. The offset keeps the top rank
 * from taking an implausible share of all traffic.
 */
export function zipfPicker(size: number, exponent = 1, offset = 20): WeightedPicker<number> {
  return weightedPicker(
    Array.from({ length: size }, (_, rank) => [rank, 1 / (rank + offset) ** exponent] as const),
  );
}

/** `length` lower-case hex digits. */
export function randomHex(random: Random, length: number): string {
  let text = '';
  while (text.length < length) {
    text += Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  }
  return text.slice(0, length);
}

/** A UUID-shaped id (8-4-4-4-12 hex) from the generator. */
export function randomUuid(random: Random): string {
  const hex = randomHex(random, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
