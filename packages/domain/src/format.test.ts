import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatWithUnit,
  formatCompact,
  currencySymbol,
  formatCurrency,
  PLATFORM_CURRENCY,
} from './format.js';

describe('number formatting', () => {
  it('groups in threes with 2 decimals by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(999)).toBe('999.00');
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(null)).toBe('-');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('formats money from micros and ratios as percentages', () => {
    expect(formatMoney(12_500_000)).toBe('12.50');
    expect(formatMoney(1_234_567_890_000)).toBe('1,234,567.89');
    expect(formatPercent(0.0345)).toBe('3.45%');
  });

  it('adds the unit suffixes B K M G T P', () => {
    expect(formatWithUnit(512)).toBe('512.00B');
    expect(formatWithUnit(1536)).toBe('1.50K');
    expect(formatWithUnit(50 * 1024 * 1024)).toBe('50.00M');
    expect(formatWithUnit(3 * 1024 ** 3)).toBe('3.00G');
    expect(formatWithUnit(2 * 1024 ** 4)).toBe('2.00T');
    expect(formatWithUnit(1024 ** 6)).toBe('1,024.00P');
    expect(formatWithUnit(2_500_000, { base: 1000 })).toBe('2.50M');
  });

  it('shortens counts and money with K M G T P from a thousand up', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(999.5, { decimals: 2 })).toBe('999.50');
    expect(formatCompact(12_345)).toBe('12.35K');
    expect(formatCompact(2_500_000)).toBe('2.50M');
    expect(formatCompact(999_999)).toBe('1.00M');
    expect(formatCompact(3_200_000_000)).toBe('3.20G');
    expect(formatCompact(-45_600)).toBe('-45.60K');
    expect(formatCompact(4e15)).toBe('4.00P');
    expect(formatCompact(null)).toBe('-');
  });

  it('shows money with the platform currency, US dollars', () => {
    expect(PLATFORM_CURRENCY).toBe('USD');
    expect(formatCurrency(12_500_000)).toBe('$12.50');
    expect(formatCurrency(1_234_567_890_000)).toBe('$1,234,567.89');
    expect(formatCurrency(-3_000_000)).toBe('-$3.00');
    expect(formatCurrency(-1)).toBe('$0.00');
    expect(formatCurrency(2_500_000_000_000, { compact: true })).toBe('$2.50M');
    expect(formatCurrency(12_500_000, { lang: 'zh' })).toBe('US$12.50');
    // Each language keeps its own sign, whichever asked first.
    expect([currencySymbol('en'), currencySymbol('zh'), currencySymbol()]).toEqual([
      '$',
      'US$',
      '$',
    ]);
    expect(formatCurrency(undefined)).toBe('-');
  });
});

describe('date formatting', () => {
  const moment = Date.UTC(2026, 10, 22, 8, 5, 9); // Sunday

  it('defaults to year-month-day hour:minute:second in UTC', () => {
    expect(formatDateTime(moment)).toBe('2026-11-22 08:05:09');
    expect(formatDateTime(new Date(moment))).toBe('2026-11-22 08:05:09');
    expect(formatDateTime('2026-11-22T08:05:09Z')).toBe('2026-11-22 08:05:09');
    expect(formatDateTime(Math.floor(moment / 1000))).toBe('2026-11-22 08:05:09');
    expect(formatDate(moment)).toBe('2026-11-22');
  });

  it('names the weekday in Chinese', () => {
    expect(formatDateTime(moment, { pattern: '{y}-{m}-{d} {a}', lang: 'zh' })).toBe(
      '2026-11-22 星期日',
    );
    expect(formatDateTime(moment + 86_400_000, { pattern: '{a}', lang: 'zh' })).toBe('星期一');
    expect(formatDateTime(moment, { pattern: '{a}', lang: 'en' })).toBe('Sunday');
  });

  it('shows a dash for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
