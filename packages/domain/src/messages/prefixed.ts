/** A group of texts under its area's prefix: the catalogue's codes (`error.noLogin`). */
import type { Label } from '../labels.js';

export type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}.${K}`]: T[K] };

export function prefixed<P extends string, T extends Record<string, Label>>(
  prefix: P,
  group: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(group).map(([key, label]) => [`${prefix}.${key}`, label]),
  ) as Prefixed<P, T>;
}
