/**
 * antd's CSS-in-JS, trimmed to what a test can observe.
 *
 * jsdom's getComputedStyle matches every rule of every style sheet against the element (and,
 * for inherited properties, against each ancestor), and Testing Library calls it for every
 * node a role query names or checks for hiddenness. antd injects ~1,800 rules for a nearly
 * empty page: in the slowest page tests most of the time went there. Nothing is laid out in
 * jsdom, so what a test can observe of a style sheet is whether an element is hidden
 * (display, visibility) and whether it takes pointer events (user-event checks that): the
 * rules that set none of these are dropped before jsdom parses them. Those kept are whole and
 * in their order, so the cascade of the observed properties is the one the full sheet gives
 * (observableCss.test.tsx compares both on rendered antd components).
 */

const OBSERVED = /(?:^|[;{\s])(?:display|visibility|pointer-events)\s*:/;
const GROUPING = /^@(?:media|supports|layer|container)\b/;

/** Where the block opened at `open` closes (quotes and nesting respected), or -1. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let index = open; index < css.length; index += 1) {
    const char = css[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return index;
  }
  return -1;
}

/**
 * The rules of `css` that set display, visibility or pointer-events, in order; grouping rules
 * (@media, @supports, @layer, @container) keep those of theirs; statements (@import, @layer
 * a, b;) stay; keyframes, font faces and other at-rules go.
 */
export function observableCss(css: string): string {
  let out = '';
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open === -1) break;
    const semicolon = css.indexOf(';', index);
    if (semicolon !== -1 && semicolon < open) {
      out += css.slice(index, semicolon + 1);
      index = semicolon + 1;
      continue;
    }
    const close = blockEnd(css, open);
    // Unbalanced: leave the rest as it is, jsdom's parser decides.
    if (close === -1) return out + css.slice(index);
    const prelude = css.slice(index, open).trim();
    const body = css.slice(open + 1, close);
    if (GROUPING.test(prelude)) {
      const inner = observableCss(body);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (!prelude.startsWith('@') && OBSERVED.test(body)) {
      out += `${prelude}{${body}}`;
    }
    index = close + 1;
  }
  return out;
}

const elementInnerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');

/** Writes `css` into a style element as it is, past the trimming (for the comparison test). */
export function writeFullCss(style: HTMLStyleElement, css: string): void {
  elementInnerHtml?.set?.call(style, css);
}

/**
 * From now on, CSS written into a style element through innerHTML (how antd's CSS-in-JS
 * writes it) is trimmed to observableCss; reading innerHTML still gives the CSS as written,
 * so antd's own "has it changed?" comparison sees its text.
 */
export function trimInjectedCss(): void {
  const { get, set } = elementInnerHtml ?? {};
  if (!get || !set) return;
  const written = new WeakMap<Element, string>();
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement): string {
      return written.get(this) ?? (get.call(this) as string);
    },
    set(this: HTMLStyleElement, css: string) {
      written.set(this, css);
      set.call(this, observableCss(String(css)));
    },
  });
}
