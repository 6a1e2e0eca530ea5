import { describe, expect, it } from 'vitest';
import { fromMicros, hasMoneyPrecision, toMicros } from './money.js';
import { ZAmount } from './contracts/fund.js';
import { ZPlanShape } from './contracts/plan.js';
import { decodeCredential, encodeCredential, normalizeUsername } from './credentials.js';
import { ZPageQuery, ZChangeComment } from './contracts/common.js';
import { ZPasswordForm, ZLoginForm } from './contracts/index.js';

describe('money in micros', () => {
  it('parses decimal amounts exactly', () => {
    expect(toMicros('12.5')).toBe(12_500_000);
    expect(toMicros('0.000001')).toBe(1);
    expect(toMicros('0.1')).toBe(100_000);
    expect(toMicros('-3')).toBe(-3_000_000);
    expect(toMicros(0.3)).toBe(300_000);
    expect(fromMicros(2_500_000)).toBe(2.5);
    expect(() => toMicros('1e5')).toThrow(RangeError);
    expect(() => toMicros('99999999999999')).toThrow(RangeError);
  });

  it('holds written money to two decimals', () => {
    expect(hasMoneyPrecision(toMicros('1234567.89'))).toBe(true);
    expect(hasMoneyPrecision(toMicros('0.01'))).toBe(true);
    expect(hasMoneyPrecision(0)).toBe(true);
    expect(hasMoneyPrecision(toMicros('1234567.891'))).toBe(false);
    expect(hasMoneyPrecision(toMicros('0.001'))).toBe(false);
    expect(ZAmount.safeParse('125.5').data).toBe(125_500_000);
    expect(ZAmount.safeParse('1.234').error?.issues[0]?.message).toBe('fund.amountFormat');
  });

  it('refuses a budget or bid of three decimals naming the field', () => {
    const issues = (budget: number, bid: number) =>
      ZPlanShape.safeParse({ budget, bid }).error?.issues.filter((issue) =>
        ['budget', 'bid'].includes(String(issue.path[0])),
      );
    expect(issues(1_234_567_891_000, 1_000_000)).toEqual([
      expect.objectContaining({ path: ['budget'], message: 'input.moneyDecimals' }),
    ]);
    expect(issues(1_000_000, 125_000)).toEqual([
      expect.objectContaining({ path: ['bid'], message: 'input.moneyDecimals' }),
    ]);
    expect(issues(1_234_567_890_000, 120_000)).toEqual([]);
  });
});

describe('credential encoding', () => {
  it('round-trips any text, Chinese included', () => {
    for (const value of ['admin', 'pässwörd', '密码123', 'a b:c/+=']) {
      const encoded = encodeCredential(value);
      expect(encoded).not.toContain(value);
      expect(decodeCredential(encoded)).toBe(value);
    }
  });

  it('refuses what is not encoded', () => {
    expect(() => decodeCredential('admin')).toThrow();
    expect(() => decodeCredential('b64:@@@')).toThrow();
    expect(normalizeUsername('  Admin ')).toBe('admin');
  });
});

describe('shared schemas', () => {
  it('pages with the spec sizes only', () => {
    expect(ZPageQuery.parse({})).toMatchObject({ page: 1, size: 20, order: 'asc' });
    expect(ZPageQuery.parse({ page: '3', size: '500' })).toMatchObject({ page: 3, size: 500 });
    expect(ZPageQuery.safeParse({ size: 25 }).success).toBe(false);
  });

  it('needs a change note of two non-space characters', () => {
    expect(ZChangeComment.safeParse(' a ').success).toBe(false);
    expect(ZChangeComment.safeParse('o k').success).toBe(true);
  });

  it('checks the sign-in and password forms', () => {
    expect(ZLoginForm.safeParse({ username: 'ab', password: 'secret1' }).success).toBe(false);
    expect(ZLoginForm.safeParse({ username: 'admin', password: '' }).success).toBe(false);
    // Sign-in only requires a password: one set under an earlier, shorter rule still works.
    expect(ZLoginForm.safeParse({ username: 'admin', password: '12345' }).success).toBe(true);
    const short = ZPasswordForm.safeParse({
      oldPassword: 'a',
      newPassword: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(short.error?.issues[0]?.path).toEqual(['newPassword']);
    const mismatch = ZPasswordForm.safeParse({
      oldPassword: 'a',
      newPassword: 'secret-1',
      confirmPassword: 'secret-2',
    });
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
    const same = ZPasswordForm.safeParse({
      oldPassword: 'secret-1',
      newPassword: 'secret-1',
      confirmPassword: 'secret-1',
    });
    expect(same.error?.issues[0]?.path).toEqual(['newPassword']);
  });
});
