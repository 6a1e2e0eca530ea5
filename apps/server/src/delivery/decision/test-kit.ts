/**
 * Snapshot builders for the pure decision tests: a world where one plan's strategy serves
 * one creative on one slot at NOW, which a test then changes in one place.
 */
import { Billing, PlanStatus } from '@adloom/domain';
import type {
  AdvertiserConfig,
  CreativeConfig,
  DspConfig,
  OwnBid,
  PartnerBid,
  PlanConfig,
  ServeRequest,
  SlotConfig,
  Snapshot,
  StateView,
  StrategyConfig,
  UserHistory,
} from '../types.js';
import { indexStrategiesByStyle } from './candidates.js';
import type { DecideContext } from './decide.js';

/** Monday 2 March 2026, 10:30 UTC. */
export const NOW = Date.parse('2026-03-02T10:30:00Z');
export const NOW_SECONDS = Math.floor(NOW / 1000);
export const STYLE = 4;
export const ADVERTISER = 900;
const EVERY_HOUR = 0xffffff;

export function slotConfig(values: Partial<SlotConfig> = {}): SlotConfig {
  return {
    id: 10,
    name: 'Banner',
    status: 0,
    mediaId: 20,
    mediaName: 'News app',
    mediaStatus: 0,
    mediaOwnerId: 30,
    mediaOs: 1,
    mediaBundle: 'com.example.news',
    lowestBid: 500_000,
    auctionType: 2,
    styleIds: new Set([STYLE]),
    adForm: 1,
    countries: new Set(),
    width: 0,
    height: 0,
    ...values,
  };
}

export function planConfig(values: Partial<PlanConfig> = {}): PlanConfig {
  return {
    id: 100,
    ownerId: ADVERTISER,
    name: 'Plan',
    budget: 50_000_000,
    bid: 2_000_000,
    billing: Billing.cpm,
    scheduleMasks: Array.from({ length: 7 }, () => EVERY_HOUR),
    startAt: Date.parse('2026-01-01T00:00:00Z'),
    endAt: null,
    timesPerUser: 0,
    frequencyPerUser: 0,
    intervalSeconds: 0,
    cacheSeconds: 0,
    status: PlanStatus.live,
    ...values,
  };
}

export function strategyConfig(values: Partial<StrategyConfig> = {}): StrategyConfig {
  return {
    id: 1000,
    planId: 100,
    name: 'Strategy',
    bid: 2_000_000,
    targeting: [],
    styleIds: new Set([STYLE]),
    languages: new Set(),
    creativeIds: [5000],
    status: 0,
    impressions: 0,
    clicks: 0,
    ...values,
  };
}

export function creativeConfig(values: Partial<CreativeConfig> = {}): CreativeConfig {
  return {
    id: 5000,
    ownerId: ADVERTISER,
    name: 'Creative',
    styleId: STYLE,
    styleType: 4,
    os: 0,
    language: 'en',
    review: 0,
    status: 0,
    width: 320,
    height: 50,
    title: 'Title',
    description: '',
    icon: null,
    image: { url: '/files/a.png', width: 320, height: 50 },
    images: [],
    video: null,
    clickAction: 2,
    actionText: '',
    appName: '',
    appPackage: '',
    clickUrl: 'https://example.com/landing',
    deeplinkUrl: '',
    impressionMonitorUrls: [],
    clickMonitorUrls: [],
    specialConfig: null,
    ...values,
  };
}

export function serveRequest(values: Partial<ServeRequest> = {}): ServeRequest {
  return {
    id: 'request-1',
    slotId: 10,
    os: 1,
    osv: '14',
    network: 1,
    country: 'US',
    brand: 'samsung',
    model: 'sm-g991b',
    app: 'com.example.news',
    appVersion: '1.0.0',
    uid: 'user-1',
    oaid: '',
    imei: '',
    idfa: '',
    lang: 'en',
    audience: [],
    ip: '203.0.113.9',
    ua: 'test',
    tmaxMs: 300,
    bidFloor: 0,
    channel: 'sdk',
    test: false,
    ...values,
  };
}

export interface WorldParts {
  slots?: SlotConfig[];
  plans?: PlanConfig[];
  strategies?: StrategyConfig[];
  creatives?: CreativeConfig[];
  /** Default: every plan owner, active. */
  advertisers?: AdvertiserConfig[];
}

/** A snapshot of the parts, indexed as loadSnapshot indexes it. */
export function snapshotOf(parts: WorldParts): Snapshot {
  const plans = parts.plans ?? [planConfig()];
  const strategies = new Map((parts.strategies ?? [strategyConfig()]).map((s) => [s.id, s]));
  const creatives = new Map((parts.creatives ?? [creativeConfig()]).map((c) => [c.id, c]));
  const advertisers = parts.advertisers ?? plans.map((plan) => ({ id: plan.ownerId, status: 0 }));
  return {
    version: 1,
    builtAt: NOW,
    slots: new Map((parts.slots ?? [slotConfig()]).map((s) => [s.id, s])),
    slotIdsByCode: new Map(),
    plans: new Map(plans.map((p) => [p.id, p])),
    strategies,
    creatives,
    advertisers: new Map(advertisers.map((a) => [a.id, a])),
    dsps: new Map(),
    rates: new Map(),
    sspStrategiesBySlot: new Map(),
    strategiesByStyle: indexStrategiesByStyle(strategies.values(), creatives),
  };
}

/** Live counters: nothing spent, plenty available, unless told otherwise. */
export function stateOf(
  spent: Record<number, number> = {},
  available: Record<number, number> = {},
): StateView {
  return {
    planSpentToday: (planId) => spent[planId] ?? 0,
    advertiserAvailable: (advertiserId) => available[advertiserId] ?? 1_000_000_000,
  };
}

export function contextOf(values: Partial<DecideContext> = {}): DecideContext {
  return {
    now: NOW,
    state: stateOf(),
    history: new Map() as UserHistory,
    explain: false,
    ...values,
  };
}

/** An own bid at an eCPM (CPM unless the plan says otherwise). */
export function ownBid(ecpm: number, plan: Partial<PlanConfig> = {}, strategyId = 1000): OwnBid {
  return {
    kind: 'own',
    plan: planConfig(plan),
    strategy: strategyConfig({ id: strategyId, bid: ecpm }),
    creative: creativeConfig(),
    ecpm,
  };
}

export function dspConfig(values: Partial<DspConfig> = {}): DspConfig {
  return {
    id: 70,
    name: 'Partner',
    type: 1,
    slotType: 0,
    timeoutMs: 300,
    requestUrl: 'https://dsp.example.com/bid',
    cpm: 10_000_000,
    percent: 1000,
    config: {},
    status: 0,
    ...values,
  };
}

/** A partner's bid at an eCPM (after its share). */
export function partnerBid(ecpm: number, dspId = 70): PartnerBid {
  return {
    kind: 'partner',
    dsp: dspConfig({ id: dspId }),
    ecpm,
    rawPrice: ecpm,
    adm: '<div>ad</div>',
    nurl: '',
    burl: '',
    crid: 'crid-1',
    adomain: [],
    w: 320,
    h: 50,
  };
}
