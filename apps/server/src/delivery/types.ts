/**
 * The delivery engine's own types (docs/product/design.md#delivery-engine): a normalised request, the in-memory snapshot
 * of live configuration it decides over, and the outcome of a decision. Every part of
 * apps/server/src/delivery reads these; none reads the database per request.
 */
import type { AuctionTypeValue, RejectReasonValue, NoFillReasonValue } from '@adloom/domain';
import type { RateTable } from '@adloom/domain';
import type { CompiledRule } from './rules.js';

/** Where a request came in. */
export type Channel = 'sdk' | 'openrtb' | 'dsp';

/** One ad request, whatever its entry point, in the console's own codes. */
export interface ServeRequest {
  /** Our id of the request (a UUID), or the exchange's BidRequest id. */
  id: string;
  slotId: number;
  /** Platform 1-3 (0 = unknown). */
  os: number;
  osv: string;
  /** Network 1-5 (0 = unknown). */
  network: number;
  /** ISO alpha-2, '' when unknown. */
  country: string;
  brand: string;
  model: string;
  /** App package / bundle id. */
  app: string;
  appVersion: string;
  /** The id frequency caps count on: uid, else a device id (oaid, idfa, imei); '' = none. */
  uid: string;
  oaid: string;
  imei: string;
  idfa: string;
  /** Lower-case language code ('en', 'fr'), '' when unknown. */
  lang: string;
  /** Audience characteristic codes the media knows of the user. */
  audience: readonly string[];
  ip: string;
  ua: string;
  /** What the caller allows in total, ms; upstream calls are bounded by it. */
  tmaxMs: number;
  /** The caller's own floor (OpenRTB imp.bidfloor) in micros per mille; 0 = none. */
  bidFloor: number;
  /**
   * How an OpenRTB caller charges us (its `at`, 2 when it states none): we offer the winner's
   * worth and, under 2, settle on its billing notice (decision/pricing.ts). Absent: our SDK
   * (the slot's auction type) or the own DSP (billed on the exchange's notice).
   */
  at?: AuctionTypeValue;
  channel: Channel;
  /** OpenRTB test traffic: decided and answered, never counted or billed. */
  test: boolean;
  /** The site's domain (OpenRTB `site.domain`), lower case; '' or absent when unknown. */
  domain?: string;
  /** OpenRTB `device.devicetype` (List: Device Types); 0 or absent when unknown. */
  deviceType?: number;
  /** An OpenRTB impression: only creatives it accepts may bid (openrtb/imp.ts). */
  fit?: ImpFit;
  /**
   * The consent an SDK request carried (/serve/ad's SERVE_CONSENT_PARAMS), in OpenRTB 2.6
   * placement, so a partner leg passes it on (regs, user.consent) and privacy.ts judges it.
   */
  consent?: ServeConsent;
}

/** An SDK request's consent signals, as OpenRTB names them. */
export interface ServeConsent {
  gdpr?: 0 | 1;
  /** The TCF v2 string. */
  consent?: string;
  usPrivacy?: string;
  gpp?: string;
  /** GPP section ids. */
  gppSid?: number[];
}

/** Which creatives an OpenRTB impression can be answered with (its media types, sizes, assets). */
export interface ImpFit {
  accepts(creative: CreativeConfig, plan: PlanConfig): boolean;
}

// ---------------------------------------------------------------- snapshot

export interface SlotConfig {
  id: number;
  name: string;
  /** WideStatus: 0 active. */
  status: number;
  mediaId: number;
  mediaName: string;
  mediaStatus: number;
  mediaOwnerId: number;
  mediaOs: number;
  mediaBundle: string;
  /** Micros per mille. */
  lowestBid: number;
  /** How our auction on it clears for our SDK's traffic (OpenRTB callers' `at` rules theirs). */
  auctionType: AuctionTypeValue;
  styleIds: ReadonlySet<number>;
  adForm: number;
  /** Empty = every country. */
  countries: ReadonlySet<string>;
  /** 0 = unlimited. */
  width: number;
  height: number;
}

/** A material as served: its public URL and size. */
export interface AssetConfig {
  url: string;
  width: number;
  height: number;
  /** Videos only. */
  durationMs?: number;
}

export interface CreativeConfig {
  id: number;
  ownerId: number;
  name: string;
  styleId: number;
  /** AdStyleType of the style (image, video, native…). */
  styleType: number;
  /** Platform 0 = any. */
  os: number;
  language: string;
  /** CreativeReview: 0 approved. */
  review: number;
  /** WideStatus: 0 active. */
  status: number;
  /** The main visual's size (image, else video, else icon); 0 when it has none. */
  width: number;
  height: number;
  title: string;
  description: string;
  icon: AssetConfig | null;
  image: AssetConfig | null;
  images: readonly AssetConfig[];
  video: AssetConfig | null;
  clickAction: number;
  actionText: string;
  appName: string;
  appPackage: string;
  clickUrl: string;
  deeplinkUrl: string;
  impressionMonitorUrls: readonly string[];
  clickMonitorUrls: readonly string[];
  specialConfig: unknown;
}

export interface PlanConfig {
  id: number;
  ownerId: number;
  name: string;
  /** Daily budget, micros. */
  budget: number;
  /** Default bid, micros (per mille CPM, per click CPC, per day CPT). */
  bid: number;
  /** Billing 1 CPT, 2 CPM, 3 CPC. */
  billing: number;
  /** Seven 24-bit hour masks, Monday first, UTC. */
  scheduleMasks: readonly number[];
  /** Epoch ms. */
  startAt: number;
  endAt: number | null;
  /** Impressions per user per UTC day; 0 = unlimited. */
  timesPerUser: number;
  /** Impressions per user per interval; 0 = unlimited. */
  frequencyPerUser: number;
  intervalSeconds: number;
  cacheSeconds: number;
  /** PlanStatus. */
  status: number;
  /** What the plan advertises (IabCategory, 'IAB7'); absent when it states none. */
  iabCategory?: string;
}

export interface StrategyConfig {
  id: number;
  planId: number;
  name: string;
  /** The effective bid in micros: the strategy's own, else the plan's. */
  bid: number;
  targeting: readonly CompiledRule[];
  /** Empty = any style. */
  styleIds: ReadonlySet<number>;
  /** Empty = any language. */
  languages: ReadonlySet<string>;
  creativeIds: readonly number[];
  /** SimpleStatus: 0 active. */
  status: number;
  /** Impressions and clicks so far (for the CPC click-rate estimate). */
  impressions: number;
  clicks: number;
}

export interface AdvertiserConfig {
  id: number;
  /** UserStatus: 0 normal. */
  status: number;
}

export interface DspConfig {
  id: number;
  name: string;
  /** DspType: 1 OpenRTB bidding, 2 fixed CPM. */
  type: number;
  /** AdForm the partner buys; 0 = any. */
  slotType: number;
  timeoutMs: number;
  requestUrl: string;
  /** Micros per mille, for fixed-price partners. */
  cpm: number;
  /** Permille of the partner's price passed on. */
  percent: number;
  config: Readonly<Record<string, unknown>>;
  /** SimpleStatus: 0 active. */
  status: number;
}

export interface SspStrategyConfig {
  id: number;
  slotId: number;
  name: string;
  /** Permille of a partner's price passed on, for every partner of it; null = each partner's own. */
  percent: number | null;
  config: Readonly<Record<string, unknown>>;
  triggers: readonly CompiledRule[];
  allocations: readonly { dspId: number; permille: number }[];
  priority: number;
  status: number;
}

/** Everything a decision reads, built from the database and replaced whole on a change. */
export interface Snapshot {
  /** config_version it was built at. */
  version: number;
  /** Epoch ms. */
  builtAt: number;
  slots: ReadonlyMap<number, SlotConfig>;
  /** Slots by the code an operator set on them (OpenRTB `tagid` or `ext.adloom.slot`). */
  slotIdsByCode: ReadonlyMap<string, number>;
  plans: ReadonlyMap<number, PlanConfig>;
  strategies: ReadonlyMap<number, StrategyConfig>;
  creatives: ReadonlyMap<number, CreativeConfig>;
  advertisers: ReadonlyMap<number, AdvertiserConfig>;
  dsps: ReadonlyMap<number, DspConfig>;
  /** Active currency rates (units per US dollar in millionths), by ISO 4217 code. */
  rates: RateTable;
  /** Active strategies of each slot, in the order they are tried (priority desc, id asc). */
  sspStrategiesBySlot: ReadonlyMap<number, readonly SspStrategyConfig[]>;
  /**
   * Strategies worth looking at for a style: active, of a plan that has finished creation,
   * with at least one creative of that style. Keyed by style id.
   */
  strategiesByStyle: ReadonlyMap<number, readonly StrategyConfig[]>;
}

// ---------------------------------------------------------------- live state

/** The live counters a decision reads (synchronously, from the state store's cache). */
export interface StateView {
  /** Micros the plan has spent (or reserved) today (UTC). */
  planSpentToday(planId: number): number;
  /** Micros the advertiser can still spend: ledger balance minus what is reserved. */
  advertiserAvailable(advertiserId: number): number;
}

/** A user's recent impressions by plan (epoch seconds), read once per request. */
export type UserHistory = ReadonlyMap<number, readonly number[]>;

// ---------------------------------------------------------------- decision

/** Our own demand's winner: one plan's strategy with one creative. */
export interface OwnBid {
  kind: 'own';
  plan: PlanConfig;
  strategy: StrategyConfig;
  creative: CreativeConfig;
  /** The bid as eCPM, micros per mille. */
  ecpm: number;
}

/** An upstream partner's bid. */
export interface PartnerBid {
  kind: 'partner';
  dsp: DspConfig;
  /** Micros per mille, after the partner's share (percent) is applied. */
  ecpm: number;
  /** The partner's own bid price, micros per mille. */
  rawPrice: number;
  /** The bid as the partner sent it (adm, nurl, burl, adomain…). */
  adm: string;
  nurl: string;
  burl: string;
  crid: string;
  adomain: readonly string[];
  w: number;
  h: number;
  /** The loss notice, for when the bid loses our auction. */
  lurl?: string;
  /**
   * The currency the partner priced in, when not US dollars, with the rate its price was
   * converted at: the notices' ${AUCTION_PRICE} goes back in it (docs/decisions/currencies.md).
   */
  currency?: { code: string; perUsdMicros: number };
  /** What the notice macros name: the response's bidid, the seat, the bid's adid, its impid. */
  bidId?: string;
  seat?: string;
  adId?: string;
  impId?: string;
}

export type Bid = OwnBid | PartnerBid;

export interface CandidateFate {
  planId: number;
  strategyId: number;
  /** 0 when rejected before a creative was chosen. */
  creativeId: number;
  ecpm: number;
  reason: RejectReasonValue;
  detail: string;
}

export interface PartnerFate {
  dspId: number;
  permille: number;
  reason: RejectReasonValue;
  detail: string;
  latencyMs?: number;
}

export interface Decision {
  request: ServeRequest;
  slot: SlotConfig | undefined;
  winner: Bid | null;
  /** What the winner pays, micros per mille (CPM terms even for CPC and CPT winners). */
  price: number;
  noFill: NoFillReasonValue | null;
  sspStrategy: SspStrategyConfig | null;
  /** Filled only when the decision was asked to explain itself. */
  candidates: readonly CandidateFate[];
  partners: readonly PartnerFate[];
}
