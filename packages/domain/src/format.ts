/**
 * Display formats of docs/product/constants.md#formats: numbers grouped in threes with 2 decimals by default, unit
 * suffixes B K M G T P, and dates as year-month-day hour:minute:second with weekday names.
 * Dates are shown in UTC unless asked otherwise: the platform's schedules and stats are UTC.
 */
import type { InterfaceLanguage } from './labels.js';
import { MONEY_DECIMALS, fromMicros } from './money.js';
import { SERVING_CURRENCY } from './serving.js';

/** 1234567.891 → "1,234,567.89". */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/** An integer count: grouped, no decimals. */
export function formatCount(value: number | null | undefined): string {
  return formatNumber(value, 0);
}

/** A ratio (0.0345) as a percentage ("3.45%"). */
export function formatPercent(ratio: number | null | undefined, decimals = 2): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '-';
  return `${formatNumber(ratio * 100, decimals)}%`;
}

/** Money held in micros, shown in currency units: 12_500_000 → "12.50". */
export function formatMoney(micros: number | null | undefined, decimals = MONEY_DECIMALS): string {
  if (micros === null || micros === undefined) return '-';
  return formatNumber(fromMicros(micros), decimals);
}

export const UNIT_SUFFIXES = ['B', 'K', 'M', 'G', 'T', 'P'] as const;

/**
 * A magnitude with a unit suffix: 1536 → "1.50K" (base 1024, for sizes) or, with base 1000,
 * 2_500_000 → "2.50M". Below the base the suffix is "B".
 */
export function formatWithUnit(
  value: number | null | undefined,
  { base = 1024, decimals = 2 }: { base?: 1000 | 1024; decimals?: number } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  let scaled = Math.abs(value);
  let index = 0;
  while (scaled >= base && index < UNIT_SUFFIXES.length - 1) {
    scaled /= base;
    index += 1;
  }
  return `${value < 0 ? '-' : ''}${formatNumber(scaled, decimals)}${UNIT_SUFFIXES[index]}`;
}

/**
 * A count or an amount with the spec's unit suffixes in steps of a thousand, as dashboard
 * cards and chart axes show it: 950 → "950", 12_345 → "12.35K", 2_500_000 → "2.50M",
 * 3.2e9 → "3.20G". The spec's "B" is the bare unit (bytes), so a figure under a thousand
 * carries no suffix; `decimals` applies to that plain figure (2 for money, 0 for counts).
 */
export function formatCompact(
  value: number | null | undefined,
  { decimals = 0 }: { decimals?: number } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const magnitude = Math.abs(value);
  if (Number(magnitude.toFixed(decimals)) < 1000) return formatNumber(value, decimals);
  let scaled = magnitude;
  let index = -1;
  // Step up again when rounding reaches a thousand: 999_999 is "1.00M", not "1,000.00K".
  while ((index < 0 || Number(scaled.toFixed(2)) >= 1000) && index < COMPACT_SUFFIXES.length - 1) {
    scaled /= 1000;
    index += 1;
  }
  return `${value < 0 ? '-' : ''}${formatNumber(scaled, 2)}${COMPACT_SUFFIXES[index]}`;
}

const COMPACT_SUFFIXES = UNIT_SUFFIXES.slice(1);

/** The platform's currency: accounting is in US dollars (docs/decisions/currencies.md). */
export const PLATFORM_CURRENCY = SERVING_CURRENCY;

const LOCALE_OF: Record<InterfaceLanguage, string> = { en: 'en-US', zh: 'zh-CN' };

// Found once per language: a formatter costs far more than a money cell's text.
const currencySymbols = new Map<InterfaceLanguage, string>();

/** The currency's sign as the interface language writes it: "$" in English, "US$" in Chinese. */
export function currencySymbol(lang: InterfaceLanguage = 'en'): string {
  let symbol = currencySymbols.get(lang);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat(LOCALE_OF[lang], {
      style: 'currency',
      currency: PLATFORM_CURRENCY,
    }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? PLATFORM_CURRENCY;
    currencySymbols.set(lang, symbol);
  }
  return symbol;
}

/**
 * Money in micros with the platform's currency: 12_500_000 → "$12.50", -3_000_000 → "-$3.00";
 * `compact` for cards and axes ("$2.50M").
 */
export function formatCurrency(
  micros: number | null | undefined,
  { lang = 'en', compact = false }: { lang?: InterfaceLanguage; compact?: boolean } = {},
): string {
  if (micros === null || micros === undefined || !Number.isFinite(micros)) return '-';
  const units = fromMicros(micros);
  const figure = compact
    ? formatCompact(Math.abs(units), { decimals: MONEY_DECIMALS })
    : formatNumber(Math.abs(units), MONEY_DECIMALS);
  const sign = units < 0 && /[1-9]/.test(figure) ? '-' : '';
  return `${sign}${currencySymbol(lang)}${figure}`;
}

const WEEKDAY_NAMES: Record<InterfaceLanguage, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  zh: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
};

/** The weekday name of a date (UTC unless `utc` is false). */
export function weekdayName(date: Date, lang: InterfaceLanguage, utc = true): string {
  return WEEKDAY_NAMES[lang][utc ? date.getUTCDay() : date.getDay()] ?? '';
}

export const DEFAULT_DATE_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

/**
 * Formats a date with the placeholders {y} {m} {d} {h} {i} {s} and {a} (weekday name):
 * the default pattern gives "2026-11-22 08:05:09". Accepts a Date, epoch milliseconds,
 * epoch seconds (10 digits) or an ISO string.
 */
export function formatDateTime(
  input: Date | number | string | null | undefined,
  {
    pattern = DEFAULT_DATE_PATTERN,
    lang = 'en',
    utc = true,
  }: { pattern?: string; lang?: InterfaceLanguage; utc?: boolean } = {},
): string {
  if (input === null || input === undefined || input === '') return '-';
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return '-';
  const parts: Record<string, number> = utc
    ? {
        y: date.getUTCFullYear(),
        m: date.getUTCMonth() + 1,
        d: date.getUTCDate(),
        h: date.getUTCHours(),
        i: date.getUTCMinutes(),
        s: date.getUTCSeconds(),
      }
    : {
        y: date.getFullYear(),
        m: date.getMonth() + 1,
        d: date.getDate(),
        h: date.getHours(),
        i: date.getMinutes(),
        s: date.getSeconds(),
      };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, key: string) => {
    if (key === 'a') return weekdayName(date, lang, utc);
    const value = parts[key] ?? 0;
    return key === 'y' ? String(value) : String(value).padStart(2, '0');
  });
}

/** "2026-11-22" in UTC. */
export function formatDate(input: Date | number | string | null | undefined): string {
  return formatDateTime(input, { pattern: '{y}-{m}-{d}' });
}

function toDate(input: Date | number | string): Date {
  if (input instanceof Date) return input;
  if (typeof input === 'number') return new Date(input < 1e11 ? input * 1000 : input);
  if (/^\d{10}$/.test(input)) return new Date(Number(input) * 1000);
  if (/^\d{13}$/.test(input)) return new Date(Number(input));
  return new Date(input);
}
