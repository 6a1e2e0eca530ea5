/** Money travels and is stored as integer micro-units: 1 currency unit = 1,000,000 micros. */
export const MICROS_PER_UNIT = 1_000_000;

/** Parses a decimal amount ("12.5", "0.000001") into micros exactly, without float error. */
export function toMicros(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(6) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,6})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const micros = Number(whole) * MICROS_PER_UNIT + Number(fraction.padEnd(6, '0'));
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Amount too large: ${text}`);
  return sign ? -micros : micros;
}

/** Micros as a plain decimal number of currency units, for display only. */
export function fromMicros(micros: number): number {
  return micros / MICROS_PER_UNIT;
}
