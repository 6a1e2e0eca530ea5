/**
 * The OpenRTB BidRequest an upstream partner gets for one auction: every impression of the
 * auction it takes, each in the caller's shape (on our own SDK's traffic, the slot's shape
 * as the integration snippet describes it, serving.ts) at our floor; the caller's site or
 * app, device, user, regs and deals; source.tid and the supply chain with our node; the
 * caller's blocks and the partner's — with privacy applied before anything leaves
 * (privacy.ts, docs/decisions/partner-privacy.md).
 *
 * The partner config keys it reads: partner-config.ts.
 */
import {
  Network,
  SERVING_CURRENCY,
  fromMicros,
  openRtbBidRequest,
  type BidRequest,
  type Imp,
  type RateTable,
} from '@adloom/domain';
import countries from 'i18n-iso-countries';
import { isIP } from 'node:net';
import { partnerAuctionType } from '../decision/pricing.js';
import type { DspConfig, ServeRequest, SlotConfig, SspStrategyConfig } from '../types.js';
import {
  isRecord,
  isTestPartner,
  partnerCurrencies,
  partnerFloor,
  partnerVendorId,
  partnerVersion,
  stringList,
} from './partner-config.js';
import { consentInOpenRtb, privacySignalsOf, privacyVerdict, withPrivacy } from './privacy.js';

// The partner config's readers, where callers have always found them.
export {
  partnerCallHeaders,
  partnerCurrencies,
  partnerFloor,
  partnerHeaders,
  partnerUserSync,
  partnerUserSyncType,
  partnerVendorId,
  partnerVersion,
} from './partner-config.js';

/** OpenRTB 2.6 List: Connection Types, by our Network. */
const CONNECTION_TYPES: Readonly<Record<number, number>> = {
  [Network.wifi]: 2,
  [Network.g2]: 4,
  [Network.g3]: 5,
  [Network.g4]: 6,
  [Network.g5]: 7,
};

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

/** One of our impressions in a partner's request: what serving decided of it. */
export interface PartnerImpLeg {
  request: ServeRequest;
  slot: SlotConfig;
  strategy: SspStrategyConfig | null;
  /** Our floor, micros per mille. */
  floor: number;
  /** The caller's impression as sent (OpenRTB entry); absent on our own SDK's traffic. */
  imp?: Imp;
}

/** Who we are in a supply chain: our node's `asi` (sellers.json domain). */
export interface SellerIdentity {
  domain: string;
}

export interface AuctionRequestInput {
  /** Every impression of the auction this partner takes, in order: imp ids "1", "2", …. */
  legs: readonly PartnerImpLeg[];
  /** The caller's BidRequest (OpenRTB entry); absent on our own SDK's traffic. */
  caller?: BidRequest;
  dsp: DspConfig;
  /** What the request has left for the partner, ms (cut to the partner's own timeout). */
  tmaxMs: number;
  seller?: SellerIdentity;
  /** The snapshot's currency rates: a partner's own currency is offered when they hold it. */
  rates?: RateTable;
  /**
   * The partner's own id of this browser, learnt in its user sync (http/user-sync.ts): sent
   * as `user.buyeruid`, under the same privacy rules as user.id.
   */
  buyerUid?: string;
}

/** The partner's imp id of the leg at this index: what its bids name as `impid`. */
export const partnerImpId = (index: number) => String(index + 1);

/** The object without `ext` and without undefined fields (a copy). */
function withoutExt(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([key, item]) => key !== 'ext' && item !== undefined),
  );
}

function extOf(value: unknown): Record<string, unknown> {
  return isRecord(value) && isRecord(value.ext) ? value.ext : {};
}

/** The caller's list in either version's placement (2.6 field first, then `ext`). */
function fieldOrExt(object: unknown, key: string): unknown {
  if (isRecord(object) && object[key] !== undefined) return object[key];
  return extOf(object)[key];
}

function union(...lists: (string[] | undefined)[]): string[] | undefined {
  const all = [...new Set(lists.flatMap((list) => list ?? []))];
  return all.length > 0 ? all : undefined;
}

/** Our impression in the slot's shape, as the integration snippet describes it. */
function slotImp(leg: PartnerImpLeg): Omit<Imp, 'id'> {
  const { request, slot } = leg;
  const skeleton = openRtbBidRequest(
    { id: slot.id, ad_form: slot.adForm, width: slot.width, height: slot.height, lowest_bid: 0 },
    { id: slot.mediaId, name: slot.mediaName, os: request.os, bundle: slot.mediaBundle },
  );
  // serving.ts types the ad form's objects loosely; the tests hold them to ZBidRequest.
  return skeleton.imp[0] as Omit<Imp, 'id'>;
}

function partnerImp(leg: PartnerImpLeg, index: number): Imp {
  // The caller's impression as sent — formats, video, the native request, pmp, secure —
  // but our slot as tagid and our floor in our currency; its ext (bidder params) stays.
  const shape = leg.imp
    ? (() => {
        const {
          id: _id,
          tagid: _tagid,
          bidfloor: _bidfloor,
          bidfloorcur: _bidfloorcur,
          ...rest
        } = withoutExt(leg.imp) as Imp;
        return rest;
      })()
    : slotImp(leg);
  return {
    ...shape,
    id: partnerImpId(index),
    tagid: String(leg.slot.id),
    bidfloor: fromMicros(partnerFloor(leg.floor, leg.strategy)),
    bidfloorcur: SERVING_CURRENCY,
  };
}

/** Device of our own SDK's request in OpenRTB's codes. */
function sdkDevice(request: ServeRequest): Record<string, unknown> {
  const country = alpha3(request.country);
  const skeletonOs = openRtbBidRequest(
    { id: 0, ad_form: 1, width: 0, height: 0, lowest_bid: 0 },
    { id: 0, name: '', os: request.os, bundle: '' },
  ).device.os;
  const ipVersion = isIP(request.ip);
  return {
    ...present({
      ua: request.ua,
      ip: ipVersion === 4 ? request.ip : undefined,
      ipv6: ipVersion === 6 ? request.ip : undefined,
      // The skeleton names an unknown OS Android (an example); a real request leaves it out.
      os: request.os ? skeletonOs : undefined,
      osv: request.osv,
      make: request.brand,
      model: request.model,
      language: request.lang,
      ifa: request.idfa || request.oaid,
      connectiontype: CONNECTION_TYPES[request.network],
      devicetype: request.deviceType,
    }),
    ...(country ? { geo: { country } } : {}),
  };
}

/** The caller's device as sent (2.6 fields, no ext), its address filled from the connection. */
function callerDevice(caller: BidRequest, request: ServeRequest): Record<string, unknown> {
  const device = withoutExt(caller.device);
  if (device.ip === undefined && device.ipv6 === undefined && request.ip) {
    device[isIP(request.ip) === 6 ? 'ipv6' : 'ip'] = request.ip;
  }
  if (device.ua === undefined && request.ua) device.ua = request.ua;
  return device;
}

function callerUser(caller: BidRequest): Record<string, unknown> | undefined {
  // The caller's buyeruid is its id for us (the buyer it calls), not the partner's: it stays.
  const { buyeruid: _ours, ...user } = withoutExt(caller.user);
  const consent = fieldOrExt(caller.user, 'consent');
  const eids = fieldOrExt(caller.user, 'eids');
  if (typeof consent === 'string' && consent) user.consent = consent;
  if (Array.isArray(eids) && eids.length > 0) user.eids = eids;
  return Object.keys(user).length > 0 ? user : undefined;
}

/** regs in 2.6 placement, from a caller speaking either. */
function callerRegs(caller: BidRequest): Record<string, unknown> | undefined {
  const regs: Record<string, unknown> = {};
  for (const key of ['coppa', 'gdpr', 'us_privacy', 'gpp', 'gpp_sid']) {
    const value = fieldOrExt(caller.regs, key);
    if (value !== undefined && value !== null && value !== '') regs[key] = value;
  }
  return Object.keys(regs).length > 0 ? regs : undefined;
}

interface SupplyChainNode {
  asi: string;
  sid: string;
  hp: 1;
  rid?: string;
}

/**
 * The caller's supply chain (2.6 source.schain or 2.5 source.ext.schain) with our node
 * appended; our SDK's traffic starts a complete chain with us.
 */
function supplyChain(
  caller: BidRequest | undefined,
  leg: PartnerImpLeg,
  seller: SellerIdentity | undefined,
): Record<string, unknown> | undefined {
  const given = caller ? fieldOrExt(caller.source, 'schain') : undefined;
  const chain = isRecord(given)
    ? { ...given, nodes: Array.isArray(given.nodes) ? [...(given.nodes as unknown[])] : [] }
    : caller
      ? // A caller that sent no chain: we cannot vouch for the nodes before us.
        { ver: '1.0', complete: 0, nodes: [] as unknown[] }
      : { ver: '1.0', complete: 1, nodes: [] as unknown[] };
  if (!seller?.domain) return isRecord(given) ? chain : undefined;
  // Our node: our sellers.json names the slot's media owner by this seller id.
  const node: SupplyChainNode = {
    asi: seller.domain,
    sid: String(leg.slot.mediaOwnerId),
    hp: 1,
    rid: leg.request.id,
  };
  chain.nodes.push(node);
  return chain;
}

/** The 2.6 request in 2.5 placement: the privacy and supply fields that 2.6 moved out of ext. */
export function inOpenRtb25(request: BidRequest): BidRequest {
  const moved: Record<string, unknown> = { ...request };
  const move = (objectKey: string, keys: string[]) => {
    const object = request[objectKey];
    if (!isRecord(object)) return;
    const entries = Object.entries(object).filter(([key]) => key !== 'ext');
    const ext: Record<string, unknown> = {
      ...extOf(object),
      ...Object.fromEntries(entries.filter(([key]) => keys.includes(key))),
    };
    const copy = Object.fromEntries(entries.filter(([key]) => !keys.includes(key)));
    if (Object.keys(ext).length > 0) copy.ext = ext;
    moved[objectKey] = copy;
  };
  move('regs', ['gdpr', 'us_privacy', 'gpp', 'gpp_sid']);
  move('user', ['consent', 'eids']);
  move('source', ['schain']);
  return moved as BidRequest;
}

/**
 * One partner's BidRequest for an auction: every impression it takes (unique imp ids
 * mapped back by index), the caller's site or app, device, user, regs, source with our
 * supply-chain node, blocks and deals, then privacy (privacy.ts) before anything leaves,
 * in the field placement of the OpenRTB version the partner speaks.
 */
export function buildAuctionRequest(input: AuctionRequestInput): BidRequest {
  const { legs, caller, dsp } = input;
  const [first] = legs;
  if (!first) throw new Error('A partner request needs an impression');
  const { request, slot } = first;
  const config = dsp.config;
  const wseat = stringList(config.seat);
  const badv = union(caller ? stringList(caller.badv) : undefined, stringList(config.badv));
  const bcat = union(caller ? stringList(caller.bcat) : undefined, stringList(config.bcat));
  const schain = supplyChain(caller, first, input.seller);
  const tid = (caller && isRecord(caller.source) ? caller.source.tid : undefined) ?? request.id;
  const distribution = caller
    ? caller.site
      ? { site: withoutExt(caller.site) }
      : caller.app
        ? { app: withoutExt(caller.app) }
        : caller.dooh
          ? { dooh: withoutExt(caller.dooh) }
          : {}
    : {
        app: present({
          id: String(slot.mediaId),
          name: slot.mediaName,
          bundle: request.app || slot.mediaBundle,
          ver: request.appVersion,
          publisher: { id: String(slot.mediaOwnerId) },
        }),
      };
  // Our SDK's consent goes on as OpenRTB's regs and user.consent (privacy.ts judges it below).
  const sdkConsent = caller ? {} : consentInOpenRtb(request.consent);
  const sdkUser = present({ id: request.uid, consent: sdkConsent.user?.consent });
  const sent = caller ? callerUser(caller) : Object.keys(sdkUser).length > 0 ? sdkUser : undefined;
  const user = input.buyerUid ? { ...sent, buyeruid: input.buyerUid } : sent;
  const regs = caller ? callerRegs(caller) : sdkConsent.regs;
  const full: BidRequest = {
    id: request.id,
    imp: legs.map(partnerImp),
    ...distribution,
    device: caller ? callerDevice(caller, request) : sdkDevice(request),
    ...(user ? { user } : {}),
    ...(regs ? { regs } : {}),
    source: { tid, ...(schain ? { schain } : {}) },
    // How the final auction charges (decision/pricing.ts partnerAuctionType): a partner that
    // wins pays its bid (1) or the final clearing price in its terms, at most its bid (2).
    at: partnerAuctionType(caller, slot),
    // The partner is waited for no longer than its own timeout: tell it so.
    tmax: Math.max(0, Math.floor(Math.min(input.tmaxMs, dsp.timeoutMs))),
    cur: partnerCurrencies(dsp, input.rates),
    ...(request.test || isTestPartner(dsp) ? { test: 1 as const } : {}),
    ...(wseat ? { wseat } : {}),
    ...(badv ? { badv } : {}),
    ...(bcat ? { bcat } : {}),
  };
  const verdict = privacyVerdict(privacySignalsOf(full), partnerVendorId(dsp));
  const clean = withPrivacy(full, verdict);
  return partnerVersion(dsp) === '2.5' ? inOpenRtb25(clean) : clean;
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
  seller?: SellerIdentity;
}

/** A partner's request for one impression of our own SDK's traffic. */
export function buildPartnerRequest(input: PartnerRequestInput): BidRequest {
  const { request, slot, dsp, strategy, floor, tmaxMs, seller } = input;
  return buildAuctionRequest({
    legs: [{ request, slot, strategy, floor }],
    dsp,
    tmaxMs,
    ...(seller ? { seller } : {}),
  });
}
