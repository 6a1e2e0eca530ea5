/**
 * Every entry point's request, normalised into one ServeRequest in the console's own codes:
 * the SDK query of /serve/ad (ZServeFacts) and an OpenRTB 2.6 impression (/openrtb2/auction,
 * /dsp/openrtb2). Country comes from the request, else from a CDN's country header when the
 * server sits behind a trusted proxy (TRUST_PROXY).
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TMAX_MS,
  SERVING_CURRENCY,
  toMicros,
  type BidRequest,
  type Imp,
  type ServeFacts,
} from '@adloom/domain';
import type { FastifyRequest } from 'fastify';
import { toUsdMicros, type RateTable } from '@adloom/domain';
import countries from 'i18n-iso-countries';
import type { Channel, ServeConsent, ServeRequest } from '../types.js';

/** Country headers set by common CDNs and load balancers (ISO alpha-2). */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-country-code'];

export function countryFromHeaders(request: FastifyRequest, trusted: boolean): string {
  if (!trusted) return '';
  for (const name of COUNTRY_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return '';
}

const NO_AUDIENCE: readonly string[] = Object.freeze([]);
const NO_RATES: RateTable = new Map();

const audienceCodes = (text: string): string[] =>
  text
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/** The id caps count on: the uid, else the device's advertising id. */
const capsId = (facts: { uid?: string; oaid?: string; idfa?: string; imei?: string }) =>
  facts.uid || facts.oaid || facts.idfa || facts.imei || '';

/** The consent signals of an SDK query, or undefined when it carried none. */
export function consentOf(facts: ServeFacts): ServeConsent | undefined {
  const { gdpr, gdpr_consent: consent, us_privacy: usPrivacy, gpp, gpp_sid: gppSid } = facts;
  if (gdpr === undefined && !consent && !usPrivacy && !gpp && !gppSid) return undefined;
  const sections = (gppSid ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,4}$/.test(part))
    .map(Number);
  return {
    ...(gdpr === undefined ? {} : { gdpr: gdpr === '1' ? 1 : 0 }),
    ...(consent ? { consent } : {}),
    ...(usPrivacy ? { usPrivacy } : {}),
    ...(gpp ? { gpp } : {}),
    ...(sections.length > 0 ? { gppSid: sections } : {}),
  };
}

export function fromServeFacts(
  facts: ServeFacts,
  context: { ip: string; ua: string; headerCountry: string },
): ServeRequest {
  const consent = consentOf(facts);
  return {
    id: randomUUID(),
    slotId: facts.slot_id,
    os: facts.os,
    osv: facts.osv ?? '',
    network: facts.network ?? 0,
    country: facts.country ?? context.headerCountry,
    brand: (facts.brand ?? '').toLowerCase(),
    model: facts.model ?? '',
    app: facts.app ?? '',
    appVersion: facts.app_version ?? '',
    uid: capsId(facts),
    oaid: facts.oaid ?? '',
    imei: facts.imei ?? '',
    idfa: facts.idfa ?? '',
    lang: (facts.lang ?? '').slice(0, 2).toLowerCase(),
    audience: facts.audience ? audienceCodes(facts.audience) : NO_AUDIENCE,
    ip: context.ip,
    ua: context.ua,
    tmaxMs: DEFAULT_TMAX_MS,
    bidFloor: 0,
    channel: 'sdk',
    test: false,
    ...(consent ? { consent } : {}),
  };
}

const OS_BY_NAME: Record<string, number> = {
  android: 1,
  ios: 2,
  ipados: 2,
  'windows phone': 3,
  windows: 3,
};

/** OpenRTB List: Connection Type → our Network (1 WIFI, 2 2G, 3 3G, 4 4G, 5 5G). */
const NETWORK_BY_CONNECTION: Record<number, number> = { 2: 1, 4: 2, 5: 3, 6: 4, 7: 5 };

function alpha2(country: string | undefined): string {
  if (!country) return '';
  const code = country.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(code)) return code;
  return countries.alpha3ToAlpha2(code) ?? '';
}

/** The impression's format, for the markup we answer with. */
export function formatOf(imp: Imp): 'banner' | 'native' | 'video' {
  if (imp.video) return 'video';
  if (imp.native) return 'native';
  return 'banner';
}

/**
 * One impression of a BidRequest as a ServeRequest; undefined when it names no slot of ours
 * (`slotId`, found by http/slot-reference.ts) or floors in a currency the rate table cannot
 * convert (a floor in another currency is converted to US dollars, rounded up). The caps id is
 * the buyer uid (ours, learnt in a user sync), else our user id cookie, else the request's
 * user id, else the device's advertising id.
 */
export function fromBidRequest(
  bidRequest: BidRequest,
  imp: Imp,
  channel: Channel,
  context: {
    ip: string;
    ua: string;
    headerCountry: string;
    slotId: number | undefined;
    /** Our user id cookie, when the caller is a browser that carries it. */
    cookieUid?: string;
    /** Currency rates for a floor in another currency (docs/decisions/currencies.md). */
    rates?: RateTable;
  },
): ServeRequest | undefined {
  const slotId = context.slotId;
  if (slotId === undefined) return undefined;
  // A floor of 0 needs no conversion, whatever its currency; another is held in US dollars,
  // rounded up so that no price we answer is under it once converted back.
  const bidFloor = imp.bidfloor
    ? toUsdMicros(
        toMicros(String(imp.bidfloor)),
        imp.bidfloorcur || SERVING_CURRENCY,
        context.rates ?? NO_RATES,
        'up',
      )
    : 0;
  if (bidFloor === undefined) return undefined;
  const device = bidRequest.device ?? {};
  const os = OS_BY_NAME[(device.os ?? '').toLowerCase()] ?? 0;
  const ifa = device.ifa ?? '';
  const uid = bidRequest.user?.buyeruid || context.cookieUid || bidRequest.user?.id || ifa;
  return {
    id: bidRequest.id,
    slotId,
    os,
    osv: device.osv ?? '',
    network: NETWORK_BY_CONNECTION[device.connectiontype ?? 0] ?? 0,
    country: alpha2(device.geo?.country) || context.headerCountry,
    brand: (device.make ?? '').toLowerCase(),
    model: device.model ?? '',
    app: bidRequest.app?.bundle ?? '',
    appVersion: bidRequest.app?.ver ?? '',
    uid,
    oaid: os === 1 ? ifa : '',
    imei: '',
    idfa: os === 2 ? ifa : '',
    lang: (device.language ?? '').slice(0, 2).toLowerCase(),
    audience: [],
    ip: device.ip ?? context.ip,
    ua: device.ua ?? context.ua,
    // tmax 0 is no limit given (as Prebid Server reads it), not no time at all.
    tmaxMs: bidRequest.tmax || DEFAULT_TMAX_MS,
    bidFloor,
    // How the caller charges us (OpenRTB's default is 2, second price); our own DSP's sales to
    // exchanges settle on the exchange's billing notice whatever its `at`.
    ...(channel === 'openrtb' ? { at: bidRequest.at === 1 ? (1 as const) : (2 as const) } : {}),
    channel,
    test: bidRequest.test === 1,
    domain: (bidRequest.site?.domain ?? '').trim().toLowerCase(),
    deviceType: device.devicetype ?? 0,
  };
}
