/**
 * The hand-written BidRequest reader (domain `readBidRequest`) against its definition, the zod
 * schema `ZIncomingBidRequest` after `withoutNulls`, as the route answered before: on every
 * body, both accept or both refuse; an accepted body reads as an equal value, a refused one
 * with the same field, English text and request id. Bodies: the interop suite's real-shaped
 * requests and the specification's examples, each changed at random places (hostile values,
 * other JSON, nulls, removals), one wrong value at every field the schema names, and whole
 * requests generated from the schema. Always through JSON, as a peer's body arrives.
 */
import {
  OPENRTB_MAX_IMPS,
  ZBidRequest,
  ZIncomingBidRequest,
  fieldOf,
  openRtbIssueText,
  readBidRequest,
  withoutNulls,
  type BidRequest,
  type BidRequestReading,
} from '@adloom/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
// zod's messages as the server reads them (catalogue codes → English for a peer).
import '../../validation.js';
import { plausibleOf } from '../../test/fuzz/arbitrary.js';
import { hostileValue } from '../../test/fuzz/hostile.js';
import {
  INTEROP_CASES,
  SPEC_EXAMPLE_CASES,
} from '../../test/fixtures/openrtb/interop-requests.data.js';

const SEED = Number(process.env.FUZZ_SEED ?? 23_001);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

/** A reading without the Native requests the reader keeps (compared apart). */
type Verdict = { success: true; data: BidRequest } | Extract<BidRequestReading, { success: false }>;

/** What the route did before the reader: withoutNulls, then the schema's first issue. */
function oracle(body: unknown): Verdict {
  const input = withoutNulls(body);
  const parsed = ZIncomingBidRequest.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const id =
    typeof input === 'object' && input !== null && 'id' in input && typeof input.id === 'string'
      ? input.id
      : '';
  return {
    success: false,
    id,
    field: fieldOf(issue?.path ?? []),
    message: openRtbIssueText(issue),
  };
}

/** The value as a body arrives: through JSON (no undefined, NaN or Infinity written as such). */
const asBody = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null) ?? 'null');

function agrees(value: unknown): void {
  const body = asBody(value);
  const expected = oracle(body);
  const read = readBidRequest(body);
  const seen = JSON.stringify(body).slice(0, 2_000);
  if (!read.success) {
    expect(read, seen).toStrictEqual(expected);
    return;
  }
  const { natives, ...reading } = read;
  expect(reading, seen).toStrictEqual(expected);
  // Each Native request as parsed, for the answer to read without parsing it again.
  read.data.imp.forEach((imp, index) => {
    expect(natives[index], seen).toStrictEqual(
      imp.native ? JSON.parse(imp.native.request) : undefined,
    );
  });
}

const CORPUS: Record<string, unknown>[] = [...INTEROP_CASES, ...SPEC_EXAMPLE_CASES].flatMap(
  (entry) => [entry.request('interop-slot', 'news.example'), entry.request('7', 'x.example')],
);

type Path = (string | number)[];

/** Every place in a value: each key of each object, each entry of each list. */
function pathsOf(value: unknown, at: Path = [], into: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      into.push([...at, index]);
      pathsOf(entry, [...at, index], into);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      into.push([...at, key]);
      pathsOf(entry, [...at, key], into);
    }
  }
  return into;
}

const clone = <T>(value: T): T => structuredClone(value);

/** `value` with `path` set to `replacement` (removed when undefined), made where missing. */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const root = clone(value) as Record<string | number, unknown>;
  let node = root;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      if (replacement === undefined && !Array.isArray(node)) Reflect.deleteProperty(node, key);
      else node[key] = replacement;
      break;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) {
      node[key] = typeof path[index + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
  }
  return root;
}

/** What a field may wrongly hold: other JSON, hostile values, null, nothing. */
const replacement = fc.oneof(
  { arbitrary: hostileValue(), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 3 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.constantFrom(0, 1, 2, -1, '', '1', [], {}), weight: 2 },
);

/** A corpus request changed at one to three of its places. */
const changedRequest = fc.constantFrom(...CORPUS).chain((request) =>
  fc
    .array(fc.tuple(fc.constantFrom(...pathsOf(request)), replacement), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) =>
      changes.reduce<unknown>((value, [path, next]) => setAt(value, path, next), request),
    ),
);

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
}
const defOf = (schema: unknown): Def => (schema as z.core.$ZodType)._zod.def as unknown as Def;

/** Every field the schema names, as a path (a list's entries at index 0). */
function schemaPaths(schema: unknown, at: Path = [], into: Path[] = []): Path[] {
  const def = defOf(schema);
  if (def.type === 'optional') return schemaPaths(def.innerType, at, into);
  if (def.type === 'array') {
    into.push([...at, 0]);
    return schemaPaths(def.element, [...at, 0], into);
  }
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      into.push([...at, key]);
      schemaPaths(field, [...at, key], into);
    }
  }
  return into;
}

/** Values of every JSON type, each wrong for most fields; edges of numbers and text. */
const WRONG_VALUES: readonly unknown[] = [
  'x',
  '',
  7,
  -1,
  1.5,
  0,
  2,
  1e300,
  -1e300,
  // Past the safe integers.
  2 ** 53 + 2,
  true,
  {},
  [],
  ['x'],
  [7],
  [{}],
];

describe('the hand-written BidRequest reader', () => {
  it('reads every interop and specification request as the schema does', () => {
    expect(CORPUS.length).toBeGreaterThan(20);
    for (const request of CORPUS) agrees(request);
    // The corpus is mostly valid: the reader must accept those, not only agree on refusals.
    expect(CORPUS.filter((request) => readBidRequest(request).success).length).toBeGreaterThan(
      CORPUS.length / 2,
    );
  });

  it('applies the rules across fields as the schema does', () => {
    const imps = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ id: String(index), banner: {} }));
    for (const count of [OPENRTB_MAX_IMPS - 1, OPENRTB_MAX_IMPS, OPENRTB_MAX_IMPS + 1]) {
      agrees({ id: 'many', imp: imps(count) });
    }
    expect(readBidRequest({ id: 'many', imp: imps(OPENRTB_MAX_IMPS + 1) })).toMatchObject({
      success: false,
      field: 'imp',
    });
    const twice = { id: 'twice', imp: [...imps(2), { id: '1', video: { mimes: ['video/mp4'] } }] };
    agrees(twice);
    expect(readBidRequest(twice)).toMatchObject({ success: false, field: 'imp[2].id' });
    agrees({ id: 'none', imp: [{ id: '1' }] });
    agrees({ id: 'both', imp: imps(1), site: {}, app: {}, dooh: {} });
  });

  it('refuses a wrong value at every field the schema names as the schema does', () => {
    const base = CORPUS[0];
    const paths = schemaPaths(ZBidRequest);
    expect(paths).toContainEqual(['imp', 0, 'video', 'protocols', 0]);
    for (const path of paths) {
      for (const wrong of WRONG_VALUES) agrees(setAt(base, path, wrong));
    }
  });

  it('agrees on corpus requests changed at random places', () => {
    fc.assert(
      fc.property(changedRequest, (body) => agrees(body)),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('agrees on whole requests generated from the schema, with hostile leaves', () => {
    fc.assert(
      fc.property(plausibleOf(ZBidRequest, 0.05), (body) => agrees(body)),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('agrees on Native requests changed at random places', () => {
    const nativeRequest = {
      ver: '1.2',
      assets: [
        { id: 1, required: 1, title: { len: 90 } },
        { id: 2, img: { type: 3, wmin: 600, hmin: 300 } },
        { id: 3, data: { type: 2, len: 140 } },
      ],
    };
    const withNative = (native: unknown) => ({
      id: 'n1',
      imp: [
        {
          id: '1',
          native: { request: typeof native === 'string' ? native : JSON.stringify(native) },
        },
      ],
    });
    agrees(withNative(nativeRequest));
    agrees(withNative({ native: nativeRequest }));
    agrees(withNative('{"assets":'));
    agrees(withNative(JSON.stringify(nativeRequest)));
    fc.assert(
      fc.property(
        fc
          .array(fc.tuple(fc.constantFrom(...pathsOf(nativeRequest)), replacement), {
            minLength: 1,
            maxLength: 2,
          })
          .map((changes) =>
            changes.reduce<unknown>(
              (value, [path, next]) => setAt(value, path, next),
              nativeRequest,
            ),
          ),
        (native) => agrees(withNative(native)),
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('answers the body itself when it holds no null, and a copy without them when it does', () => {
    const body = asBody(CORPUS[0]);
    const read = readBidRequest(body);
    expect(read.success && read.data).toBe(body);
    const withNull = asBody({ ...(CORPUS[0] as object), site: null });
    const copied = readBidRequest(withNull);
    expect(copied.success && copied.data).not.toBe(withNull);
    expect(withNull).toHaveProperty('site', null);
  });
});
