/**
 * A small decoder of IAB GPP strings (Global Privacy Platform, v1): the header's section
 * ids, the TCF EU v2 section (its TCF string, decoded by @iabtechlabtcf/core in privacy.ts),
 * the US privacy v1 section, and the US national and original state sections' opt-outs of
 * sale, sharing and targeted advertising (docs/decisions/partner-privacy.md). No maintained
 * GPP library is installed; this reads only what privacy.ts needs.
 *
 * A GPP string is `header~section~section…`, each base64url over a bit string. The header:
 * Type Int(6) = 3, Version Int(6) = 1, Section ids as a Fibonacci integer range — Int(12)
 * entries, each a bit (1 = range) then one or two Fibonacci-coded offsets from the previous
 * id. The sections follow in the order of their ids.
 */

/** GPP section ids (the IAB's section list). */
export const GPP_SECTION = {
  tcfEuV2: 2,
  usPrivacyV1: 6,
  usNational: 7,
  california: 8,
  virginia: 9,
  colorado: 10,
  utah: 11,
  connecticut: 12,
} as const;

/**
 * Where the 2-bit opt-out fields sit in the core segment of the US sections read here (bit
 * offsets after the 6-bit version): sale, sharing and targeted advertising. Each field is
 * 0 not applicable, 1 opted out, 2 did not opt out.
 */
const US_OPT_OUT_BITS: Readonly<
  Record<number, { sale: number; sharing?: number; targeted?: number }>
> = {
  // Version, SharingNotice, SaleOptOutNotice, SharingOptOutNotice, TargetedAdvertisingOptOutNotice,
  // SensitiveDataProcessingOptOutNotice, SensitiveDataLimitUseNotice, SaleOptOut, SharingOptOut,
  // TargetedAdvertisingOptOut, …
  [GPP_SECTION.usNational]: { sale: 18, sharing: 20, targeted: 22 },
  // Version, SaleOptOutNotice, SharingOptOutNotice, SensitiveDataLimitUseNotice, SaleOptOut,
  // SharingOptOut, …
  [GPP_SECTION.california]: { sale: 12, sharing: 14 },
  // Version, SharingNotice, SaleOptOutNotice, TargetedAdvertisingOptOutNotice, SaleOptOut,
  // TargetedAdvertisingOptOut, …
  [GPP_SECTION.virginia]: { sale: 12, targeted: 14 },
  [GPP_SECTION.colorado]: { sale: 12, targeted: 14 },
  [GPP_SECTION.connecticut]: { sale: 12, targeted: 14 },
  // Utah adds SensitiveDataProcessingOptOutNotice before the opt-outs.
  [GPP_SECTION.utah]: { sale: 14, targeted: 16 },
};

const OPTED_OUT = 1;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A base64url text as its bit string ('0'/'1'); null when it holds another character. */
export function bitsOf(text: string): string | null {
  let bits = '';
  for (const char of text) {
    const value = BASE64URL.indexOf(char === '+' ? '-' : char === '/' ? '_' : char);
    if (value < 0) return char === '=' ? bits : null;
    bits += value.toString(2).padStart(6, '0');
  }
  return bits;
}

/** A bit string as base64url (padded with 0 bits to whole characters). */
export function textOf(bits: string): string {
  const padded = bits.padEnd(Math.ceil(bits.length / 6) * 6, '0');
  let text = '';
  for (let index = 0; index < padded.length; index += 6) {
    text += BASE64URL[parseInt(padded.slice(index, index + 6), 2)];
  }
  return text;
}

/** Fibonacci numbers 1, 2, 3, 5, 8, … as the code uses them. */
function fibonacci(count: number): number[] {
  const numbers = [1, 2];
  while (numbers.length < count) {
    numbers.push((numbers[numbers.length - 1] ?? 0) + (numbers[numbers.length - 2] ?? 0));
  }
  return numbers.slice(0, count);
}

/** A Fibonacci-coded positive integer at `from`: its value and the bits it took. */
function readFibonacci(bits: string, from: number): { value: number; length: number } | null {
  let value = 0;
  const weights = fibonacci(40);
  for (let index = from; index < bits.length && index - from < 40; index += 1) {
    if (bits[index] === '1' && index > from && bits[index - 1] === '1') {
      return { value, length: index - from + 1 };
    }
    if (bits[index] === '1') value += weights[index - from] ?? 0;
  }
  return null;
}

/** A positive integer in Fibonacci code (for building test strings). */
export function fibonacciBits(value: number): string {
  const weights = fibonacci(40).filter((weight) => weight <= value);
  const digits = new Array<string>(weights.length).fill('0');
  let rest = value;
  for (let index = weights.length - 1; index >= 0; index -= 1) {
    const weight = weights[index] ?? 0;
    if (weight <= rest) {
      digits[index] = '1';
      rest -= weight;
    }
  }
  return `${digits.join('')}1`;
}

const int = (bits: string, from: number, length: number): number | null =>
  from + length <= bits.length ? parseInt(bits.slice(from, from + length), 2) : null;

/** The section ids of a GPP header; null when it is not a GPP v1 header. */
export function headerSections(header: string): number[] | null {
  const bits = bitsOf(header);
  if (!bits || int(bits, 0, 6) !== 3 || int(bits, 6, 6) !== 1) return null;
  const count = int(bits, 12, 12);
  if (count === null) return null;
  const ids: number[] = [];
  let at = 24;
  let previous = 0;
  for (let entry = 0; entry < count; entry += 1) {
    const isRange = bits[at] === '1';
    at += 1;
    const start = readFibonacci(bits, at);
    if (!start) return null;
    at += start.length;
    const first = previous + start.value;
    if (!isRange) {
      ids.push(first);
      previous = first;
      continue;
    }
    const end = readFibonacci(bits, at);
    if (!end) return null;
    at += end.length;
    const last = first + end.value;
    for (let id = first; id <= last && ids.length < 64; id += 1) ids.push(id);
    previous = last;
  }
  return ids;
}

/** What a GPP string says, for privacy.ts. */
export interface GppReading {
  /** The TCF EU v2 string of section 2, when the string has one. */
  tcfEuV2?: string;
  /** The US privacy v1 string of section 6 ("1YNN"), when present. */
  usPrivacy?: string;
  /** The US sections (national or state) whose user opted out of sale, sharing or targeting. */
  usOptOut: number[];
  /** Every section id the header lists. */
  sections: number[];
}

/**
 * Reads a GPP string, keeping only the sections `applicable` names (gpp_sid; every section
 * when it is empty). Null when the string does not decode.
 */
export function readGpp(gpp: string, applicable: readonly number[] = []): GppReading | null {
  const [header = '', ...payloads] = gpp.trim().split('~');
  const sections = headerSections(header);
  if (!sections || payloads.length < sections.length) return null;
  const reading: GppReading = { usOptOut: [], sections };
  const applies = (id: number) => applicable.length === 0 || applicable.includes(id);
  for (const [index, id] of sections.entries()) {
    const payload = payloads[index] ?? '';
    if (!applies(id)) continue;
    if (id === GPP_SECTION.tcfEuV2) {
      reading.tcfEuV2 = payload;
      continue;
    }
    if (id === GPP_SECTION.usPrivacyV1) {
      reading.usPrivacy = payload;
      continue;
    }
    const layout = US_OPT_OUT_BITS[id];
    if (!layout) continue;
    // The core segment comes first; a GPC segment may follow after a dot.
    const bits = bitsOf(payload.split('.')[0] ?? '');
    if (!bits) return null;
    const optedOut = [layout.sale, layout.sharing, layout.targeted].some(
      (offset) => offset !== undefined && int(bits, offset, 2) === OPTED_OUT,
    );
    if (optedOut) reading.usOptOut.push(id);
  }
  return reading;
}

/** A GPP header listing these section ids (each on its own, ascending): for tests and tools. */
export function gppHeader(sectionIds: readonly number[]): string {
  const sorted = [...sectionIds].sort((a, b) => a - b);
  let bits = '000011' + '000001' + sorted.length.toString(2).padStart(12, '0');
  let previous = 0;
  for (const id of sorted) {
    bits += `0${fibonacciBits(id - previous)}`;
    previous = id;
  }
  return textOf(bits);
}
