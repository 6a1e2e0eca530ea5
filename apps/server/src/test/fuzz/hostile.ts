/**
 * Values an attacker sends instead of the expected ones (issue 19 item 11): text the database
 * cannot store, huge text, SQL and HTML meta characters, unicode that breaks naive code, and
 * numbers in every shape a parser might take too kindly.
 */
import fc from 'fast-check';

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'name\u0000',
  '\uD800',
  'x\uDFFF',
  '\uDC00\uD800',
  'x'.repeat(70_000),
  '中'.repeat(5_000),
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "1'; select pg_sleep(0); --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("https://evil.example","x")',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%ff%',
  '\\',
  '\u202Eevil\u202C',
  '\u200B\uFEFF',
  '😀👨‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '\r\n\t',
  'javascript:alert(1)',
  '{"a":1}',
  '[1,2]',
  'null',
  'undefined',
];

export const HOSTILE_NUMBERS: readonly unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '1e0',
  '0x1',
  ' 1',
  '01',
  '+1',
  '-0',
  '1.5',
  '9007199254740993',
  '99999999999999999999',
  0,
  -1,
  0.5,
  -0.000001,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  null,
  [],
  {},
  [1],
  { id: 1 },
];

/** One hostile value: a listed one, or fast-check's own odd strings and numbers. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 3 }), weight: 1 },
  );
}
