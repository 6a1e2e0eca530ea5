import { describe, expect, it } from 'vitest';
import {
  ISO_4217_CODES,
  fromUsdMicros,
  isIsoCurrency,
  parseRate,
  rateText,
  toUsdMicros,
} from './currency.js';

const RATES = new Map([
  ['EUR', 920_000],
  ['JPY', 151_200_000],
  ['KWD', 307_000],
  ['VND', 25_400_000_000],
]);

describe('currency conversion (worked examples)', () => {
  it('converts a bid into US dollars, rounded down', () => {
    // 300 JPY at 151.2 per USD = 1.98412698… USD → 1.984126.
    expect(toUsdMicros(300_000_000, 'JPY', RATES)).toBe(1_984_126);
    // 1.00 EUR at 0.92 per USD = 1.08695652… USD → 1.086956 down, 1.086957 up (a floor).
    expect(toUsdMicros(1_000_000, 'EUR', RATES)).toBe(1_086_956);
    expect(toUsdMicros(1_000_000, 'eur ', RATES, 'up')).toBe(1_086_957);
    // 1 KWD = 3.257328… USD; 25,400 VND = 1 USD exactly.
    expect(toUsdMicros(1_000_000, 'KWD', RATES, 'nearest')).toBe(3_257_329);
    expect(toUsdMicros(25_400_000_000, 'VND', RATES)).toBe(1_000_000);
  });

  it('converts our dollar price into the answer currency', () => {
    // 0.51 USD × 0.92 = 0.4692 EUR; 2.00 USD × 151.2 = 302.4 JPY.
    expect(fromUsdMicros(510_000, 'EUR', RATES)).toBe(469_200);
    expect(fromUsdMicros(2_000_000, 'JPY', RATES)).toBe(302_400_000);
  });

  it('keeps dollars as they are and knows no rate it was not given', () => {
    expect(toUsdMicros(1_234_567, 'USD', new Map())).toBe(1_234_567);
    expect(fromUsdMicros(1_234_567, 'usd', new Map())).toBe(1_234_567);
    expect(toUsdMicros(1_000_000, 'CHF', RATES)).toBeUndefined();
    expect(fromUsdMicros(1_000_000, 'GBP', RATES)).toBeUndefined();
  });

  it('never answers under a floor converted up and back down', () => {
    for (const floor of [1, 999_999, 1_000_000, 1_234_567, 50_000_000]) {
      for (const code of ['EUR', 'JPY', 'KWD', 'VND']) {
        const usd = toUsdMicros(floor, code, RATES, 'up') ?? 0;
        expect(fromUsdMicros(usd, code, RATES) ?? 0).toBeGreaterThanOrEqual(floor);
      }
    }
  });
});

describe('rates as text', () => {
  it.each([
    ['0.92', 920_000],
    ['151.2', 151_200_000],
    ['1', 1_000_000],
    [' 25400 ', 25_400_000_000],
    ['0.000001', 1],
  ])('reads %s', (text, micros) => {
    expect(parseRate(text)).toBe(micros);
    expect(parseRate(rateText(micros))).toBe(micros);
  });

  it.each(['0', '0.0', '-1', '1e3', '1.1234567', 'abc', ''])('refuses %j', (text) => {
    expect(parseRate(text)).toBeUndefined();
  });

  it('writes rates without trailing zeros', () => {
    expect(rateText(920_000)).toBe('0.92');
    expect(rateText(151_200_000)).toBe('151.2');
    expect(rateText(3_000_000)).toBe('3');
  });
});

describe('ISO 4217 codes', () => {
  it('holds the circulating currencies, not funds, metals or test codes', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'CNY', 'GBP', 'KWD', 'VND', 'XOF']) {
      expect(isIsoCurrency(code)).toBe(true);
    }
    for (const code of ['XAU', 'XTS', 'XXX', 'BOV', 'DEM', 'eur', 'EU']) {
      expect(isIsoCurrency(code)).toBe(false);
    }
    expect(new Set(ISO_4217_CODES).size).toBe(ISO_4217_CODES.length);
  });
});
