/** Money travels and is stored as integer micro-units: 1 currency unit = 1,000,000 micros. */
export const MICROS_PER_UNIT = 1_000_000;

/**
 * The one money precision a person writes and reads (docs/decisions/money-display.md): two
 * decimals — budgets, bids, floors, CPMs, top-ups. The micros underneath keep what the engine
 * computes (spend, second prices, currency conversions) finer than that.
 */
export const MONEY_DECIMALS = 2;
const MICROS_PER_STEP = MICROS_PER_UNIT / 10 ** MONEY_DECIMALS;

/** True when an amount in micros is written with at most MONEY_DECIMALS decimals. */
export function hasMoneyPrecision(micros: number): boolean {
  return Number.isInteger(micros) && micros % MICROS_PER_STEP === 0;
}

/**
 * A decimal amount ("12.5", "0.000001") in micros, exactly and without float error; undefined
 * when `amount` is not an amount or its micros pass Number.MAX_SAFE_INTEGER. Validation uses
 * this (a bad amount is the caller's mistake, a 400), code that trusts its input `toMicros`.
 */
export function parseMicros(amount: string | number): number | undefined {
  const text = typeof amount === 'number' ? amount.toFixed(6) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,6})\d*)?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const micros = Number(whole) * MICROS_PER_UNIT + Number(fraction.padEnd(6, '0'));
  if (!Number.isSafeInteger(micros)) return undefined;
  return sign ? -micros : micros;
}

/** `parseMicros` for amounts the code itself writes: a RangeError when it is not one. */
export function toMicros(amount: string | number): number {
  const micros = parseMicros(amount);
  if (micros === undefined) throw new RangeError(`Not an amount in range: ${String(amount)}`);
  return micros;
}

/** Micros as a plain decimal number of currency units, for display only. */
export function fromMicros(micros: number): number {
  return micros / MICROS_PER_UNIT;
}
