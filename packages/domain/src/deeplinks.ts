/**
 * Which deep links a creative may carry (docs/decisions/urls-and-cookies.md). A deep link is
 * handed to publishers' apps and pages as it is, so it must never be something a browser or
 * WebView runs or reads locally. Allowed: http(s) universal links, Android `intent://` links
 * and app schemes (`myapp://…`). Refused, in any spelling, the schemes that run script, embed
 * content or reach local files: javascript:, vbscript:, data:, file:, about:, blob: and kin.
 *
 * "Any spelling" is met by shape, not by decoding: the scheme must be plain ASCII letters,
 * digits and `+ . -` right at the start, followed by `://`, and the link holds no whitespace,
 * control or invisible formatting characters anywhere. So `JavaScript://`, ` javascript://`,
 * `java\tscript://`, `%6Aavascript://`, `&#106;avascript://` or a zero-width space inside the
 * scheme are refused before any scheme is compared. An intent link's own target scheme and
 * its browser fallback (percent-decoded) are checked too.
 */

/** What is wrong with a deep link: its shape, or a scheme that is never allowed. */
export type DeeplinkProblem = 'deeplinkFormat' | 'deeplinkScheme';

/**
 * Schemes that run script, render inline content, open local or browser-internal resources.
 * Compared in lower case; `view-source` and `jar` wrap other URLs.
 */
export const FORBIDDEN_LINK_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'livescript',
  'data',
  'file',
  'filesystem',
  'about',
  'blob',
  'view-source',
  'jar',
  'mhtml',
  'ms-its',
]);

const LINK_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.+)$/su;
/** RFC 3986 characters and `%`, plus any non-ASCII letter or mark (IRIs). */
const LINK_BODY = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%\u0080-\u{10FFFF}]+$/u;
/** Whitespace, controls, invisible formatting (zero-width, bidi), surrogates, separators. */
const HIDDEN_CHARACTER = /[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const HTTP_LINK = /^https?:\/\/[^\s/$.?#]\S*$/i;

/** `value` percent-decoded until it stops changing (at most 3 rounds); undefined if malformed. */
function decodedFully(value: string): string | undefined {
  let text = value;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(text);
    } catch {
      return undefined;
    }
    if (next === text) return text;
    text = next;
  }
  return text;
}

/** The `#Intent;key=value;…;end` parameters of an intent link. */
function intentParameters(rest: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const fragment = rest.indexOf('#Intent;');
  if (fragment < 0) return parameters;
  for (const part of rest.slice(fragment + '#Intent;'.length).split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0) parameters.set(part.slice(0, equals), part.slice(equals + 1));
  }
  return parameters;
}

/** An intent link may name a target scheme and a fallback page: both must be harmless. */
function intentProblem(rest: string): DeeplinkProblem | undefined {
  const parameters = intentParameters(rest);
  const scheme = parameters.get('scheme');
  if (scheme !== undefined) {
    if (!SCHEME.test(scheme)) return 'deeplinkFormat';
    if (FORBIDDEN_LINK_SCHEMES.has(scheme.toLowerCase())) return 'deeplinkScheme';
  }
  for (const [key, value] of parameters) {
    if (!/fallback_url$/i.test(key)) continue;
    const fallback = decodedFully(value);
    if (fallback === undefined || HIDDEN_CHARACTER.test(fallback) || !HTTP_LINK.test(fallback)) {
      return 'deeplinkScheme';
    }
  }
  return undefined;
}

/**
 * What is wrong with a deep link as stored (the contract trims it first); undefined when it
 * may be saved and served. '' (no deep link) is fine.
 */
export function deeplinkProblem(value: string): DeeplinkProblem | undefined {
  if (value === '') return undefined;
  if (HIDDEN_CHARACTER.test(value)) return 'deeplinkFormat';
  const match = LINK_SHAPE.exec(value);
  const scheme = match?.[1];
  const rest = match?.[2];
  if (scheme === undefined || rest === undefined || !LINK_BODY.test(rest)) return 'deeplinkFormat';
  const lower = scheme.toLowerCase();
  if (FORBIDDEN_LINK_SCHEMES.has(lower)) return 'deeplinkScheme';
  if (lower === 'intent') return intentProblem(rest);
  return undefined;
}

export function isAllowedDeeplink(value: string): boolean {
  return deeplinkProblem(value) === undefined;
}
