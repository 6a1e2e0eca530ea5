/**
 * The OpenRTB 2.6 BidRequest an upstream partner gets for one of our requests: one
 * impression shaped exactly as the integration snippet shapes the slot (serving.ts), our
 * floor, the media as `app`, the device and user as the request carried them.
 *
 * Config keys the delivery engine reads (docs/decisions/supply.md leaves them to it);
 * unknown keys and values of the wrong type are ignored.
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
 *
 * An SSP strategy's `config`:
 *   bidfloor number (currency units per mille) the floor for this segment's partners: it
 *                                 raises the floor, never lowers it
 */
import {
  Network,
  OPENRTB_VERSION,
  SERVING_CURRENCY,
  fromMicros,
  openRtbBidRequest,
  toMicros,
  type BidRequest,
  type Imp,
} from '@adloom/domain';
import countries from 'i18n-iso-countries';
import type { DspConfig, ServeRequest, SlotConfig, SspStrategyConfig } from '../types.js';

/** The one impression's id: what a partner's bid names as `impid` and ${AUCTION_IMP_ID} is. */
export const PARTNER_IMP_ID = '1';

/** OpenRTB 2.6 List: Connection Types, by our Network. */
const CONNECTION_TYPES: Readonly<Record<number, number>> = {
  [Network.wifi]: 2,
  [Network.g2]: 4,
  [Network.g3]: 5,
  [Network.g4]: 6,
  [Network.g5]: 7,
};

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | undefined {
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

/** The headers of an upstream call: the protocol version, then the partner's own. */
export function partnerCallHeaders(dsp: Pick<DspConfig, 'config'>): Record<string, string> {
  return { ...partnerHeaders(dsp), 'x-openrtb-version': OPENRTB_VERSION };
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

function isTestPartner(dsp: DspConfig): boolean {
  return dsp.config.test === true || dsp.config.test === 1;
}

/** The ISO alpha-3 code OpenRTB's geo.country wants; undefined when unknown. */
function alpha3(country: string): string | undefined {
  return country ? countries.alpha2ToAlpha3(country.toUpperCase()) : undefined;
}

/** Keeps the fields that say something: OpenRTB prefers an absent field to an empty one. */
function present<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== '' && value !== 0,
    ),
  ) as Partial<T>;
}

export interface PartnerRequestInput {
  request: ServeRequest;
  slot: SlotConfig;
  dsp: DspConfig;
  strategy: SspStrategyConfig | null;
  /** Micros per mille. */
  floor: number;
  /** What the request has left for the partner, ms (cut to the partner's own timeout). */
  tmaxMs: number;
}

export function buildPartnerRequest(input: PartnerRequestInput): BidRequest {
  const { request, slot, dsp, strategy } = input;
  // The snippet's skeleton is the one description of a slot's impression and of OS names.
  const skeleton = openRtbBidRequest(
    { id: slot.id, ad_form: slot.adForm, width: slot.width, height: slot.height, lowest_bid: 0 },
    { id: slot.mediaId, name: slot.mediaName, os: request.os, bundle: slot.mediaBundle },
  );
  // serving.ts types the ad form's objects loosely; the tests hold them to ZBidRequest.
  const imp = skeleton.imp[0] as Omit<Imp, 'id'>;
  const config = dsp.config;
  const wseat = stringList(config.seat);
  const badv = stringList(config.badv);
  const bcat = stringList(config.bcat);
  const country = alpha3(request.country);
  return {
    id: request.id,
    imp: [
      {
        ...imp,
        id: PARTNER_IMP_ID,
        tagid: String(slot.id),
        bidfloor: fromMicros(partnerFloor(input.floor, strategy)),
        bidfloorcur: SERVING_CURRENCY,
      },
    ],
    app: present({
      id: String(slot.mediaId),
      name: slot.mediaName,
      bundle: request.app || slot.mediaBundle,
      ver: request.appVersion,
    }),
    device: {
      ...present({
        ua: request.ua,
        ip: request.ip,
        // The skeleton names an unknown OS Android (an example); a real request leaves it out.
        os: request.os ? skeleton.device.os : undefined,
        osv: request.osv,
        make: request.brand,
        model: request.model,
        language: request.lang,
        ifa: request.idfa || request.oaid,
        connectiontype: CONNECTION_TYPES[request.network],
      }),
      ...(country ? { geo: { country } } : {}),
    },
    ...(request.uid ? { user: { id: request.uid } } : {}),
    at: 1,
    // The partner is waited for no longer than its own timeout: tell it so.
    tmax: Math.max(0, Math.floor(Math.min(input.tmaxMs, dsp.timeoutMs))),
    cur: [SERVING_CURRENCY],
    ...(request.test || isTestPartner(dsp) ? { test: 1 as const } : {}),
    ...(wseat ? { wseat } : {}),
    ...(badv ? { badv } : {}),
    ...(bcat ? { bcat } : {}),
  };
}
