/**
 * A demand partner's settings in its `config` JSON (docs/decisions/supply.md leaves them to
 * the delivery engine), read for its requests (bid-request.ts), calls (call.ts) and user
 * syncs (http/user-sync.ts); unknown keys and values of the wrong type are ignored.
 *
 * A demand partner's `config`:
 *   seat     string or string[]   → `wseat`: the buyer seats allowed to bid
 *   badv     string[]             → `badv`: advertiser domains that must not bid
 *   bcat     string[]             → `bcat`: IAB content categories that must not bid
 *   headers  { name: value }      extra HTTP headers on every call (e.g. an auth token);
 *                                 values are strings or numbers; the protocol's own headers
 *                                 (content-type, content-length, host, x-openrtb-version…)
 *                                 cannot be replaced
 *   test     true or 1            every request to this partner is test traffic (`test` 1)
 *   openrtb  "2.5" or "2.6"       the version it speaks (default 2.6): 2.5 gets regs.ext.gdpr,
 *                                 user.ext.consent, source.ext.schain… and x-openrtb-version 2.5
 *   userSync  URL                 where /cookie_sync sends a browser to sync (http/user-sync.ts)
 *   userSyncType "iframe"|"redirect"  how: in an iframe, or an image redirect (default)
 *   gvlVendorId  integer          its IAB TCF Global Vendor List id: under the GDPR it gets
 *                                 personal data only with this vendor's consent
 *   currency "EUR"                the currency it bids in: offered in `cur` beside US dollars
 *                                 while the rate table holds it (docs/decisions/currencies.md)
 *
 * An SSP strategy's `config`:
 *   bidfloor number (currency units per mille) the floor for this segment's partners: it
 *                                 raises the floor, never lowers it
 */
import {
  OPENRTB_VERSION,
  SERVING_CURRENCY,
  convertible,
  normalCurrency,
  toMicros,
  type RateTable,
} from '@adloom/domain';
import type { DspConfig, SspStrategyConfig } from '../types.js';

/** Headers a partner's config must not set: the protocol's and the transport's own. */
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'host',
  'accept',
  'x-openrtb-version',
]);
/** RFC 9110 token characters; values without control characters (no header injection). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const HEADER_VALUE = /^[^\u0000-\u0008\u000a-\u001f\u007f]*$/;

/** A JSON object (not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A config or caller list as trimmed non-empty strings (a lone string is a list of one). */
export function stringList(value: unknown): string[] | undefined {
  const list = (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item.trim() !== '',
  );
  return list.length > 0 ? list.map((item) => item.trim()) : undefined;
}

/** The HTTP headers a partner's config adds to every call to it. */
export function partnerHeaders(dsp: Pick<DspConfig, 'config'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const configured = dsp.config.headers;
  if (!isRecord(configured)) return headers;
  for (const [name, value] of Object.entries(configured)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    const key = name.toLowerCase();
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(key) || !HEADER_VALUE.test(text)) continue;
    headers[key] = text;
  }
  return headers;
}

/** The headers of an upstream call: the partner's own, then the version it speaks. */
export function partnerCallHeaders(dsp: Pick<DspConfig, 'config'>): Record<string, string> {
  return { ...partnerHeaders(dsp), 'x-openrtb-version': partnerVersion(dsp) };
}

/**
 * The floor partners are offered, micros per mille: ours, raised by the SSP strategy's
 * `bidfloor` when it names a higher one. The auction holds partner bids to the same floor.
 */
export function partnerFloor(floor: number, strategy: SspStrategyConfig | null): number {
  return Math.max(floor, configuredMicros(strategy?.config.bidfloor));
}

/** A config amount in currency units ("1.5" or 1.5) as micros; 0 when it is not one. */
function configuredMicros(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 0;
  try {
    return Math.max(0, toMicros(value));
  } catch {
    return 0;
  }
}

/** The partner's config makes every request to it test traffic. */
export function isTestPartner(dsp: DspConfig): boolean {
  return dsp.config.test === true || dsp.config.test === 1;
}

/** The OpenRTB version a partner speaks (its config's `openrtb`): 2.6 unless it says 2.5. */
export function partnerVersion(dsp: Pick<DspConfig, 'config'>): '2.5' | '2.6' {
  const version = dsp.config.openrtb;
  return version === '2.5' || version === 2.5 ? '2.5' : OPENRTB_VERSION;
}

/**
 * The currencies a partner may bid in (`cur`): US dollars, and its config's `currency` when
 * the rate table converts it. Bids in any currency with a rate are taken (call.ts).
 */
export function partnerCurrencies(dsp: Pick<DspConfig, 'config'>, rates?: RateTable): string[] {
  const own = typeof dsp.config.currency === 'string' ? normalCurrency(dsp.config.currency) : '';
  return own && own !== SERVING_CURRENCY && rates && convertible(rates, own)
    ? [SERVING_CURRENCY, own]
    : [SERVING_CURRENCY];
}

/** The partner's GVL (TCF) vendor id, from its config's `gvlVendorId`; undefined when none. */
export function partnerVendorId(dsp: Pick<DspConfig, 'config'>): number | undefined {
  const id = Number(dsp.config.gvlVendorId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The partner's user-sync URL (its config's `userSync`), when it is an http(s) URL: the
 * browser is sent there by /cookie_sync (http/user-sync.ts).
 */
export function partnerUserSync(config: Record<string, unknown>): string | undefined {
  const url = typeof config.userSync === 'string' ? config.userSync.trim() : '';
  return /^https?:\/\/\S+$/i.test(url) ? url : undefined;
}

/** How the partner's sync runs (its config's `userSyncType`): "iframe", else an image redirect. */
export function partnerUserSyncType(config: Record<string, unknown>): 'iframe' | 'redirect' {
  return config.userSyncType === 'iframe' ? 'iframe' : 'redirect';
}
