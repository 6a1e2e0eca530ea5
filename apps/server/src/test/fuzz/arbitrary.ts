/**
 * fast-check arbitraries read from the shared zod contracts (zod 4 has no maintained
 * zod-to-fast-check bridge, so this small one walks `schema._zod.def`). `plausibleOf` makes
 * values of the schema's shape that mostly pass it; with `hostility` above 0 each leaf may be
 * a hostile value instead (hostile.ts), so refusals happen deep inside nested bodies too.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { hostileValue } from './hostile.js';

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as z.core.$ZodType)._zod.def as unknown as Def;

/** The object shape behind wrappers (optional, default, pipes), or undefined. */
export function objectShapeOf(schema: unknown): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.shape as Record<string, z.ZodType>;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return objectShapeOf(def.innerType);
    case 'pipe':
      return objectShapeOf(defOf(def.in).type === 'transform' ? def.out : def.in);
    default:
      return undefined;
  }
}

interface StringBounds {
  min: number;
  max: number;
  pattern?: RegExp;
  format?: string;
}

function stringBounds(schema: unknown): StringBounds {
  const text = schema as { minLength?: number | null; maxLength?: number | null; format?: string };
  const checks = (defOf(schema).checks ?? []) as { _zod: { def: { pattern?: RegExp } } }[];
  const pattern = checks.map((check) => check._zod.def.pattern).find(Boolean);
  return {
    min: text.minLength ?? 0,
    max: Math.min(text.maxLength ?? 24, 24),
    ...(pattern ? { pattern } : {}),
    ...(text.format ? { format: text.format } : {}),
  };
}

const FORMAT_SAMPLES: Record<string, string[]> = {
  url: ['https://example.com/landing', 'http://example.org/x?y=1'],
  date: ['2025-03-01', '2025-03-03'],
  datetime: ['2025-03-01T00:00:00Z', '2026-01-01T12:00:00+08:00'],
  email: ['someone@example.com'],
};

function plausibleString(schema: unknown): fc.Arbitrary<string> {
  const bounds = stringBounds(schema);
  const samples = bounds.format ? FORMAT_SAMPLES[bounds.format] : undefined;
  if (samples) return fc.constantFrom(...samples);
  if (bounds.pattern) {
    return fc
      .stringMatching(bounds.pattern)
      .filter((text) => text.length >= bounds.min && text.length <= bounds.max);
  }
  return fc.string({
    minLength: Math.min(bounds.min, bounds.max),
    maxLength: Math.max(bounds.min, bounds.max),
  });
}

function plausibleNumber(schema: unknown): fc.Arbitrary<number> {
  const number = schema as { minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  // Small numbers: ids of the seeded rows, statuses, sizes.
  const min = Math.max(number.minValue ?? -5, -1_000_000);
  const max = Math.min(number.maxValue ?? min + 50, min + 1_000_000);
  return number.isInt === false
    ? fc.double({ min, max, noNaN: true })
    : fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
}

/** Values shaped like `schema`'s input; each leaf hostile with probability `hostility`. */
export function plausibleOf(schema: unknown, hostility = 0, depth = 0): fc.Arbitrary<unknown> {
  const leaf = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => {
    if (hostility <= 0) return arbitrary;
    const hostileWeight = Math.max(1, Math.round(hostility * 100));
    return fc.oneof(
      { arbitrary, weight: 100 - hostileWeight },
      { arbitrary: hostileValue(), weight: hostileWeight },
    );
  };
  const inner = (next: unknown) => plausibleOf(next, hostility, depth + 1);
  const def = defOf(schema);
  if (depth > 8) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return leaf(plausibleString(schema));
    case 'number':
      return leaf(plausibleNumber(schema));
    case 'bigint':
      return leaf(fc.bigInt({ min: 0n, max: 100n }).map(String));
    case 'boolean':
      return leaf(fc.boolean());
    case 'date':
      return leaf(fc.constant('2025-03-01T00:00:00Z'));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])));
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 6 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(defOf(def.in).type === 'transform' ? def.out : def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return inner(def.left);
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), inner(def.valueType), {
        maxKeys: 2,
      });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const entries = Object.entries(shape).map(([key, value]) => [key, inner(value)] as const);
      return fc.record(Object.fromEntries(entries));
    }
    case 'unknown':
    case 'any':
      return leaf(fc.jsonValue({ maxDepth: 2 }));
    default:
      // transform, custom, … : nothing to read a shape from.
      return leaf(fc.jsonValue({ maxDepth: 1 }));
  }
}
