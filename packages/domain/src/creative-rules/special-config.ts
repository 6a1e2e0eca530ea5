/** A creative's special config: JSON or nothing, kept in one canonical text. */

const INVALID_CONFIG = Symbol('invalid special config');

/** The JSON of a special config; null for none ('' or blanks); INVALID_CONFIG when unparsable. */
export function parseSpecialConfig(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return INVALID_CONFIG;
  }
}

export function isSpecialConfig(text: string): boolean {
  return parseSpecialConfig(text) !== INVALID_CONFIG;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The one text of a special config: keys sorted, two-space indents; '' for none. The
 * server stores the JSON and answers this text, so equal configs compare equal however
 * they were typed. Unparsable text is answered unchanged.
 */
export function canonicalSpecialConfig(value: unknown): string {
  const parsed = typeof value === 'string' ? parseSpecialConfig(value) : value;
  if (parsed === INVALID_CONFIG) return String(value);
  if (parsed === null || parsed === undefined) return '';
  return JSON.stringify(sortKeys(parsed), null, 2);
}
