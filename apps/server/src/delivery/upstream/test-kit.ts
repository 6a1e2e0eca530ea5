/**
 * Builders of the snapshot pieces the upstream tests need: plain objects with sensible
 * values, each overridable, so a test states only what it is about.
 */
import { AdForm, DspType, Network, Platform, SimpleStatus, WideStatus } from '@adloom/domain';
import { Segment, SegmentEncoder, TCModel } from '@iabtechlabtcf/core';
import { compileRules } from '../rules.js';
import type { DspConfig, ServeRequest, SlotConfig, Snapshot, SspStrategyConfig } from '../types.js';

export function buildServeRequest(values: Partial<ServeRequest> = {}): ServeRequest {
  return {
    id: 'req-1',
    slotId: 7,
    os: Platform.android,
    osv: '14',
    network: Network.wifi,
    country: 'FR',
    brand: 'samsung',
    model: 'SM-G9910',
    app: 'com.example.news',
    appVersion: '2.3.1',
    uid: 'user-1',
    oaid: 'oaid-1',
    imei: '',
    idfa: '',
    lang: 'fr',
    audience: [],
    ip: '203.0.113.9',
    ua: 'Mozilla/5.0 (Linux; Android 14)',
    tmaxMs: 300,
    bidFloor: 0,
    channel: 'sdk',
    test: false,
    ...values,
  };
}

export function buildSlot(values: Partial<SlotConfig> = {}): SlotConfig {
  return {
    id: 7,
    name: 'Top banner',
    status: WideStatus.active,
    mediaId: 3,
    mediaName: 'Daily News',
    mediaStatus: WideStatus.active,
    mediaOwnerId: 1,
    mediaOs: Platform.android,
    mediaBundle: 'com.example.media',
    lowestBid: 500_000,
    auctionType: 2,
    styleIds: new Set([1]),
    adForm: AdForm.banner,
    countries: new Set(),
    width: 320,
    height: 50,
    ...values,
  };
}

export function buildDspConfig(values: Partial<DspConfig> = {}): DspConfig {
  return {
    id: 11,
    name: 'Bidder A',
    type: DspType.rtb,
    slotType: AdForm.unlimited,
    timeoutMs: 300,
    requestUrl: 'https://bidder.example.com/rtb',
    cpm: 10_000_000,
    percent: 1000,
    config: {},
    status: SimpleStatus.active,
    ...values,
  };
}

type StrategyValues = Partial<Omit<SspStrategyConfig, 'triggers'>> & {
  /** Stored trigger rules ({ key, mode, values }), compiled as the snapshot does. */
  triggers?: unknown;
};

export function buildSspStrategy(values: StrategyValues = {}): SspStrategyConfig {
  const { triggers, ...rest } = values;
  return {
    id: 21,
    slotId: 7,
    name: 'Split',
    config: {},
    allocations: [],
    percent: null,
    priority: 0,
    status: SimpleStatus.active,
    ...rest,
    triggers: compileRules(triggers ?? []),
  };
}

/** A snapshot holding only what upstream selection reads. */
export function buildSnapshot(parts: {
  slots?: SlotConfig[];
  dsps?: DspConfig[];
  sspStrategies?: SspStrategyConfig[];
}): Snapshot {
  const bySlot = new Map<number, SspStrategyConfig[]>();
  for (const strategy of parts.sspStrategies ?? []) {
    bySlot.set(strategy.slotId, [...(bySlot.get(strategy.slotId) ?? []), strategy]);
  }
  return {
    version: 1,
    builtAt: 0,
    slots: new Map((parts.slots ?? []).map((slot) => [slot.id, slot])),
    slotIdsByCode: new Map(),
    plans: new Map(),
    strategies: new Map(),
    creatives: new Map(),
    advertisers: new Map(),
    dsps: new Map((parts.dsps ?? []).map((dsp) => [dsp.id, dsp])),
    rates: new Map(),
    sspStrategiesBySlot: bySlot,
    strategiesByStyle: new Map(),
  };
}

/** A TCF v2 core string with these purposes and vendors consented (and legitimate interests). */
export function tcfString(parts: {
  purposes?: number[];
  vendors?: number[];
  purposeLi?: number[];
  vendorLi?: number[];
}): string {
  const model = new TCModel();
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.vendorListVersion = 100;
  model.policyVersion = 4;
  model.consentLanguage = 'EN';
  model.purposeConsents.set(parts.purposes ?? []);
  model.vendorConsents.set(parts.vendors ?? []);
  model.purposeLegitimateInterests.set(parts.purposeLi ?? []);
  model.vendorLegitimateInterests.set(parts.vendorLi ?? []);
  return SegmentEncoder.encode(model, Segment.CORE);
}
