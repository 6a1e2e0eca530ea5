/** What the conformance checks (conformance.ts, native-conformance.ts) share: an issue, JSON type guards. */
export interface ConformanceIssue {
  /** Where: `seatbid.0.bid.1.w`. */
  path: string;
  message: string;
}

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export const isIntList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every(isInt);
