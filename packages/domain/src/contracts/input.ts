/**
 * What every contract refuses before its own rules (issue 19, docs/decisions/input-hardening.md):
 * text the database cannot store, and numbers spelled in ways a person does not write them.
 * Both are stated once here; the server applies `withSafeText` to every route's query and
 * body, and every number field of the contracts is a `strictNumber`.
 */
import { msg } from '../messages.js';
import { z } from 'zod';

// ---------------------------------------------------------------- text

/**
 * NUL, or a UTF-16 surrogate without its partner: PostgreSQL stores neither in text or jsonb
 * (and a lone surrogate is no character at all), so such a value must never reach a query.
 */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The paths of every unsafe string in a JSON-like value: values, array items and keys. */
export function unsafeTextPaths(
  value: unknown,
  path: readonly PropertyKey[] = [],
): PropertyKey[][] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [[...path]];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => unsafeTextPaths(item, [...path, index]));
  }
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isSafeText(key) ? unsafeTextPaths(item, [...path, key]) : [[...path, key]],
  );
}

function refuseUnsafeText(value: unknown, context: z.RefinementCtx): void {
  for (const path of unsafeTextPaths(value)) {
    context.addIssue({ code: 'custom', path, ...msg('input.unsafeText'), input: value });
  }
}

/**
 * `schema` behind the text rule, on the way in (what was sent) and on the way out (what a
 * transform made of it: a JSON text parsed into an object may hold an escaped NUL).
 */
export function withSafeText<S extends z.ZodType>(schema: S) {
  return z.unknown().superRefine(refuseUnsafeText).pipe(schema).superRefine(refuseUnsafeText);
}

// ---------------------------------------------------------------- integers

/** How a person writes an integer in a form or a query string: no sign games, no 1e0, no 01. */
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;

/**
 * Query strings and multipart forms carry numbers as text: only the canonical decimal form is
 * read as a number. Anything else — `true`, "", "1e0", "0x1", " 1", "01" — reaches
 * z.number() as it came and is refused there, naming the field.
 */
function integerFromText(value: unknown): unknown {
  return typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
}

/**
 * `schema` (a z.number() with its rules) fed strictly: a number as it is, or the canonical
 * decimal text of an integer. It replaces z.coerce.number(), which reads `true` as 1.
 */
export function strictNumber<S extends z.ZodType<number, number>>(schema: S) {
  return z.preprocess(integerFromText, schema);
}
