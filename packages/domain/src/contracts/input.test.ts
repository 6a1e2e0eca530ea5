import { msg } from '../messages.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseMicros, toMicros } from '../money.js';
import { MAX_ID, ZId, ZPageQuery } from './common.js';
import { ZAmount, topUp } from './fund.js';
import { isSafeText, strictNumber, unsafeTextPaths, withSafeText } from './input.js';
import { ZSwitchBody } from './settings.js';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('strict numbers', () => {
  it('read a number or the canonical decimal text of an integer', () => {
    expect(ZId.parse(7)).toBe(7);
    expect(ZId.parse('7')).toBe(7);
    expect(ZId.parse(String(MAX_ID))).toBe(MAX_ID);
    // Past PostgreSQL's integer: refused here, not failed in the query.
    expect(ZId.safeParse(MAX_ID + 1).success).toBe(false);
    expect(strictNumber(z.number().int()).parse('-3')).toBe(-3);
  });

  it.each([
    true,
    false,
    null,
    '',
    '1e0',
    '0x1',
    ' 1',
    '1 ',
    '01',
    '+1',
    '1.0',
    '1.5',
    'NaN',
    'Infinity',
    '9007199254740993',
    0,
    -1,
    1.5,
    Number.NaN,
    [1],
    { id: 1 },
  ])('refuse %j as an id', (value) => {
    expect(ZId.safeParse(value).success).toBe(false);
  });

  it('refuse `true` as a status of a switch, naming the field', () => {
    expect(issuesOf(ZSwitchBody, { id: 1, status: true })).toEqual(['status']);
    expect(issuesOf(ZSwitchBody, { id: true, status: 1 })).toEqual(['id']);
    expect(ZSwitchBody.parse({ id: '3', status: '1' })).toMatchObject({ id: 3, status: 1 });
  });

  it('keep defaults for an absent page and size', () => {
    expect(ZPageQuery.parse({})).toMatchObject({ page: 1, size: 20 });
    expect(issuesOf(ZPageQuery, { page: '1e1' })).toEqual(['page']);
  });
});

describe('money out of range', () => {
  it('parses without throwing: undefined past a safe integer of micros', () => {
    expect(parseMicros('12.5')).toBe(12_500_000);
    expect(parseMicros('99999999999999999999')).toBeUndefined();
    expect(parseMicros('1e5')).toBeUndefined();
    expect(() => toMicros('99999999999999999999')).toThrow(RangeError);
  });

  it.each(['99999999999999999999', '-99999999999999999999', '100000000.000001', 1e20])(
    'refuses %j as a top-up amount with a field issue, not a throw',
    (amount) => {
      const body = { user_id: 1, amount, note: 'hostile' };
      expect(() => topUp.body.safeParse(body)).not.toThrow();
      const result = topUp.body.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['amount']);
    },
  );

  it('still takes the largest amount', () => {
    expect(ZAmount.parse('100000000')).toBe(100_000_000_000_000);
  });
});

describe('safe text', () => {
  it.each(['a\u0000b', '\uD800', 'x\uDFFFy', '\uDC00\uD800'])('refuses %j', (text) => {
    expect(isSafeText(text)).toBe(false);
  });

  it.each(['', 'plain', '中文', '😀 emoji pair', '\'"<script>--;', '\t\r\n'])(
    'takes %j',
    (text) => {
      expect(isSafeText(text)).toBe(true);
    },
  );

  it('names every unsafe string, in values, array items and keys', () => {
    expect(
      unsafeTextPaths({
        name: 'ok',
        nickname: 'a\u0000',
        list: ['ok', '\uD83D'],
        nested: { ['k\u0000']: 1, deep: [{ text: '\uDE00' }] },
      }),
    ).toEqual([['nickname'], ['list', 1], ['nested', 'k\u0000'], ['nested', 'deep', 0, 'text']]);
  });

  it('guards a schema on the way in and on the way out', () => {
    const schema = withSafeText(
      z.object({ name: z.string(), config: z.string().transform((text) => JSON.parse(text)) }),
    );
    const refusedIn = schema.safeParse({ name: 'a\u0000', config: '{}' });
    expect(refusedIn.error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], ...msg('input.unsafeText') }),
    ]);
    // A JSON text with an escaped NUL is safe as sent and unsafe once parsed.
    const refusedOut = schema.safeParse({ name: 'a', config: '{"x":"\\u0000"}' });
    expect(refusedOut.error?.issues.map((issue) => issue.path)).toEqual([['config', 'x']]);
    expect(schema.parse({ name: 'a', config: '{"x":1}' })).toEqual({ name: 'a', config: { x: 1 } });
  });
});
