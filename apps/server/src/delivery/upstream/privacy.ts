/**
 * Privacy before anything leaves (docs/decisions/partner-privacy.md): what a partner may
 * receive of a request's personal data, decided from the request's own signals (COPPA,
 * LMT/DNT, GDPR with its TCF v2 consent string, US privacy) and the partner's GVL vendor
 * id, and the request stripped accordingly. The same decision tells our own DSP whether
 * it may count the user for frequency caps.
 */
import { TCString } from '@iabtechlabtcf/core';
import { isIP } from 'node:net';
import { GPP_SECTION, readGpp } from './gpp.js';
import type { ServeConsent } from '../types.js';

/** The privacy signals of a request, read from 2.6 or 2.5 (`ext`) placement. */
export interface PrivacySignals {
  coppa: boolean;
  /** regs.gdpr = 1: the GDPR applies. */
  gdpr: boolean;
  /** user.consent: the TCF v2 string ('' when none). */
  consent: string;
  /** regs.us_privacy: the IAB US Privacy (CCPA) string ('' when none). */
  usPrivacy: string;
  /** device.lmt or device.dnt is 1. */
  limitTracking: boolean;
  /** regs.gpp: the IAB GPP string ('' or absent when none). */
  gpp?: string;
  /** regs.gpp_sid: the GPP sections that apply to this request. */
  gppSid?: readonly number[];
}

/** What a recipient may get. */
export interface PrivacyVerdict {
  /** Device ids, user ids, eids, precise geo, full IP. */
  personalData: boolean;
  /** The advertising id (ifa) and the legacy hashed device ids. */
  deviceId: boolean;
  /** Why not, for the partner's fate and the logs ('' when everything may go). */
  reason: string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const isOne = (value: unknown) => value === 1 || value === '1' || value === true;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The signals of an OpenRTB request in either version's placement. */
export function privacySignalsOf(request: Record<string, unknown>): PrivacySignals {
  const regs = record(request.regs);
  const regsExt = record(regs.ext);
  const user = record(request.user);
  const device = record(request.device);
  return {
    coppa: isOne(regs.coppa),
    gdpr: isOne(regs.gdpr ?? regsExt.gdpr),
    consent: text(user.consent) || text(record(user.ext).consent),
    usPrivacy: text(regs.us_privacy) || text(regsExt.us_privacy),
    limitTracking: isOne(device.lmt) || isOne(device.dnt),
    gpp: text(regs.gpp) || text(regsExt.gpp),
    gppSid: sectionIds(regs.gpp_sid ?? regsExt.gpp_sid),
  };
}

/** gpp_sid as integers (an array, or a comma-separated text from a 2.5 ext). */
function sectionIds(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id < 1000);
}

/**
 * What a GPP string adds to the request's own fields: the TCF EU v2 section as the consent
 * string (it makes the GDPR apply), the US privacy v1 section, and an opt-out of sale,
 * sharing or targeted advertising in the US national or a state section. A string that does
 * not decode while sections are said to apply (gpp_sid) is read as an opt-out: we cannot
 * tell what the user chose. Sections not in gpp_sid are ignored when gpp_sid is given.
 */
export function gppSignals(signals: PrivacySignals): {
  gdpr: boolean;
  consent: string;
  usOptOut: string;
} {
  const none = { gdpr: false, consent: '', usOptOut: '' };
  if (!signals.gpp) return none;
  const applicable = signals.gppSid ?? [];
  const reading = readGpp(signals.gpp, applicable);
  if (!reading) {
    return applicable.length > 0
      ? {
          gdpr: applicable.includes(GPP_SECTION.tcfEuV2),
          consent: '',
          usOptOut: 'GPP: the string does not decode',
        }
      : none;
  }
  const usOptOut =
    reading.usOptOut.length > 0
      ? `GPP: opted out of sale, sharing or targeted ads (section ${reading.usOptOut.join(', ')})`
      : reading.usPrivacy && optedOutOfSale(reading.usPrivacy)
        ? 'GPP: US privacy opted out of sale'
        : '';
  return { gdpr: reading.tcfEuV2 !== undefined, consent: reading.tcfEuV2 ?? '', usOptOut };
}

/** US Privacy string v1 ("1YYN"): the third character Y means the user opted out of sale. */
export function optedOutOfSale(usPrivacy: string): boolean {
  return /^1[YN-][Y][YN-]$/i.test(usPrivacy);
}

/**
 * TCF v2: may this vendor process personal data for ads? Purpose 1 (store and access
 * information on a device) needs consent — the policy allows no legitimate interest for
 * it — and purpose 2 (basic ads) consent, or the vendor's legitimate interest with the
 * user not having objected to purpose 2's. The vendor must have consent or LI accordingly.
 * A string that does not decode is no consent.
 */
export function tcfAllows(consent: string, vendorId: number | undefined): boolean {
  if (!consent || vendorId === undefined || !(vendorId > 0)) return false;
  try {
    const model = TCString.decode(consent);
    if (!model.purposeConsents.has(1) || !model.vendorConsents.has(vendorId)) return false;
    if (model.purposeConsents.has(2)) return true;
    return model.purposeLegitimateInterests.has(2) && model.vendorLegitimateInterests.has(vendorId);
  } catch {
    return false;
  }
}

/**
 * TCF v2: may this vendor store an id on the device (a user sync)? Purpose 1 consent — the
 * policy allows no legitimate interest for storage and access — and the vendor's consent.
 */
export function tcfAllowsStorage(consent: string, vendorId: number | undefined): boolean {
  if (!consent || vendorId === undefined || !(vendorId > 0)) return false;
  try {
    const model = TCString.decode(consent);
    return model.purposeConsents.has(1) && model.vendorConsents.has(vendorId);
  } catch {
    return false;
  }
}

/** What a recipient with this GVL vendor id (undefined: none) may be sent. */
export function privacyVerdict(
  signals: PrivacySignals,
  vendorId: number | undefined,
): PrivacyVerdict {
  if (signals.coppa) {
    return { personalData: false, deviceId: false, reason: 'COPPA: child-directed' };
  }
  const gpp = gppSignals(signals);
  // user.consent first; the GPP's TCF EU section when the request carries only that.
  const consent = signals.consent || gpp.consent;
  if ((signals.gdpr || gpp.gdpr) && !tcfAllows(consent, vendorId)) {
    const why =
      vendorId === undefined
        ? 'GDPR: the partner has no GVL vendor id'
        : consent
          ? `GDPR: no TCF consent for vendor ${vendorId}`
          : 'GDPR: no consent string';
    return { personalData: false, deviceId: false, reason: why };
  }
  if (optedOutOfSale(signals.usPrivacy)) {
    return { personalData: false, deviceId: false, reason: 'US privacy: opted out of sale' };
  }
  if (gpp.usOptOut) return { personalData: false, deviceId: false, reason: gpp.usOptOut };
  if (signals.limitTracking) {
    return { personalData: true, deviceId: false, reason: 'Limit ad tracking / do not track' };
  }
  return { personalData: true, deviceId: true, reason: '' };
}

/** An IPv4 address with its last octet zeroed, an IPv6 one cut to its /48. */
export function truncatedIp(address: string): string {
  if (isIP(address) === 4) return address.replace(/\.\d+$/, '.0');
  if (isIP(address) === 6) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return '';
}

/** The advertising id and the device ids of 2.5 that older callers still send. */
const DEVICE_IDS = new Set([
  'ifa',
  'didsha1',
  'didmd5',
  'dpidsha1',
  'dpidmd5',
  'macsha1',
  'macmd5',
]);
function withoutKeys(object: Record<string, unknown>, keys: ReadonlySet<string>) {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.has(key)));
}

/** What is left of a geo when the user may not be located precisely. */
const COARSE_GEO = ['country', 'region', 'type', 'utcoffset'];

/**
 * The request as this recipient may get it (a copy: the caller's objects are never
 * changed). Works on 2.6 placement; run it before the 2.5 placement is applied.
 */
export function withPrivacy<T extends Record<string, unknown>>(
  request: T,
  verdict: PrivacyVerdict,
): T {
  if (verdict.personalData && verdict.deviceId) return request;
  const device = withoutKeys(record(request.device), DEVICE_IDS);
  const result: Record<string, unknown> = { ...request, device };
  if (!verdict.personalData) {
    const ip = typeof device.ip === 'string' ? truncatedIp(device.ip) : '';
    const ipv6 = typeof device.ipv6 === 'string' ? truncatedIp(device.ipv6) : '';
    if (ip) device.ip = ip;
    else delete device.ip;
    if (ipv6) device.ipv6 = ipv6;
    else delete device.ipv6;
    const coarse = Object.fromEntries(
      Object.entries(record(device.geo)).filter(([name]) => COARSE_GEO.includes(name)),
    );
    if (Object.keys(coarse).length > 0) device.geo = coarse;
    else delete device.geo;
    // The consent string stays: it is what tells the partner why nothing else came.
    const consent = record(request.user).consent;
    if (typeof consent === 'string' && consent) result.user = { consent };
    else delete result.user;
  }
  return result as T;
}

/** An SDK request's consent (ServeRequest.consent) in OpenRTB 2.6 placement. */
export function consentInOpenRtb(consent: ServeConsent | undefined): {
  regs?: Record<string, unknown>;
  user?: { consent: string };
} {
  if (!consent) return {};
  const regs = Object.fromEntries(
    Object.entries({
      gdpr: consent.gdpr,
      us_privacy: consent.usPrivacy,
      gpp: consent.gpp,
      gpp_sid: consent.gppSid,
    }).filter(([, value]) => value !== undefined),
  );
  return {
    ...(Object.keys(regs).length > 0 ? { regs } : {}),
    ...(consent.consent ? { user: { consent: consent.consent } } : {}),
  };
}

/**
 * What an SDK request (/serve/ad) lets a recipient with this vendor id have: its consent read
 * by the same rules as an OpenRTB request's.
 */
export function serveVerdict(
  consent: ServeConsent | undefined,
  vendorId: number | undefined,
): PrivacyVerdict {
  return privacyVerdict(privacySignalsOf(consentInOpenRtb(consent)), vendorId);
}

/** The user and device ids of one of our own serve requests. */
interface CapsIdentity {
  uid: string;
  oaid: string;
  idfa: string;
  imei: string;
}

/**
 * Our own DSP's frequency caps follow the same rules: without the right to personal data
 * the request counts no user (caps see nothing, the impression records nothing); without
 * the right to the device id, a caps id that is the device id goes too.
 */
export function capsIdentityUnder<T extends CapsIdentity>(request: T, verdict: PrivacyVerdict): T {
  if (!verdict.personalData) return { ...request, uid: '', oaid: '', idfa: '', imei: '' };
  if (!verdict.deviceId) {
    const deviceIds = new Set([request.oaid, request.idfa, request.imei].filter(Boolean));
    return {
      ...request,
      uid: deviceIds.has(request.uid) ? '' : request.uid,
      oaid: '',
      idfa: '',
      imei: '',
    };
  }
  return request;
}
