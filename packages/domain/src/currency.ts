/**
 * Currencies (issue 22 item 6, docs/decisions/currencies.md). Accounting is in US dollars
 * (SERVING_CURRENCY), in micro-units; an operator keeps a table of rates for the others.
 * A rate is the number of units of a currency one US dollar buys, in millionths — the way
 * Prebid Server and most rate feeds quote from the dollar (EUR 0.92 → 920000, JPY 151.2 →
 * 151200000) — an integer, so six significant digits hold for the strongest currencies
 * (KWD ≈ 0.307) and the weakest (VND ≈ 25,000) alike.
 */
import { SERVING_CURRENCY } from './serving.js';

/** A rate's scale: millionths of a unit per US dollar. */
export const RATE_SCALE = 1_000_000;

/**
 * ISO 4217 alphabetic codes of the currencies in circulation (list one), without the fund
 * codes (BOV, CHE, CLF, …), precious metals, special drawing rights and test codes, which no
 * bid is priced in.
 */
export const ISO_4217_CODES: readonly string[] = Object.freeze(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN ' +
    'BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD ' +
    'FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY ' +
    'KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP ' +
    'MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR ' +
    'RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT ' +
    'TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ' +
    'ZAR ZMW ZWG'
  ).split(' '),
);

const CODES = new Set(ISO_4217_CODES);

/** True for an ISO 4217 code of a circulating currency, upper case as the standard writes it. */
export function isIsoCurrency(code: string): boolean {
  return CODES.has(code);
}

/** A currency code as callers send it ("eur ", "EUR") in the standard's form. */
export const normalCurrency = (code: string): string => code.trim().toUpperCase();

/** Rates by code: units per US dollar in millionths. The dollar itself needs no entry. */
export type RateTable = ReadonlyMap<string, number>;

/** The rate of a currency; RATE_SCALE for the dollar; undefined when the table has none. */
export function rateOf(rates: RateTable, code: string): number | undefined {
  const normal = normalCurrency(code);
  if (normal === SERVING_CURRENCY) return RATE_SCALE;
  return rates.get(normal);
}

/** True when an amount in this currency can be converted (the dollar, or a known rate). */
export function convertible(rates: RateTable, code: string): boolean {
  return rateOf(rates, code) !== undefined;
}

/** How a converted amount is rounded to a whole micro-unit. */
export type Rounding = 'down' | 'up' | 'nearest';

function divide(numerator: bigint, denominator: bigint, rounding: Rounding): number {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return Number(quotient);
  if (rounding === 'up') return Number(quotient + 1n);
  if (rounding === 'nearest' && remainder * 2n >= denominator) return Number(quotient + 1n);
  return Number(quotient);
}

/**
 * Micros of `code` → micros of US dollars (undefined without a rate). Exact integer
 * arithmetic: micros × RATE_SCALE ÷ rate, rounded as asked (a bid down, a floor up).
 */
export function toUsdMicros(
  micros: number,
  code: string,
  rates: RateTable,
  rounding: Rounding = 'down',
): number | undefined {
  const rate = rateOf(rates, code);
  if (rate === undefined) return undefined;
  if (rate === RATE_SCALE) return micros;
  return divide(BigInt(Math.round(micros)) * BigInt(RATE_SCALE), BigInt(rate), rounding);
}

/** Micros of US dollars → micros of `code` (undefined without a rate): micros × rate ÷ scale. */
export function fromUsdMicros(
  micros: number,
  code: string,
  rates: RateTable,
  rounding: Rounding = 'down',
): number | undefined {
  const rate = rateOf(rates, code);
  if (rate === undefined) return undefined;
  if (rate === RATE_SCALE) return micros;
  return divide(BigInt(Math.round(micros)) * BigInt(rate), BigInt(RATE_SCALE), rounding);
}

/** A rate as an operator reads it: 920000 → "0.92". */
export function rateText(perUsdMicros: number): string {
  const whole = Math.floor(perUsdMicros / RATE_SCALE);
  const fraction = String(perUsdMicros % RATE_SCALE)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "0.92" → 920000; undefined for anything that is not a positive decimal of ≤ 6 places. */
export function parseRate(text: string): number | undefined {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,6}))?\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]) * RATE_SCALE + Number((match[2] ?? '').padEnd(6, '0'));
  return value > 0 ? value : undefined;
}
