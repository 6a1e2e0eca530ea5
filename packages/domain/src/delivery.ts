/**
 * The delivery engine's shared vocabulary (docs/product/design.md#delivery-engine, issue 7): why a candidate did not
 * serve, what a tracking event is, how prices are cleared. The server decides with these,
 * the diagnosis page shows them, the reports count with them.
 */
import { defineEnum, type EnumValue } from './enum.js';

/**
 * Why a candidate (a plan's strategy with one creative, or an upstream partner) did not
 * serve a request. `served` is the winner; `outbid` lost the auction; every other code is
 * one eligibility rule, checked in this order.
 */
export const RejectReason = defineEnum({
  served: { value: 'served', en: 'Served', zh: '已投放' },
  outbid: { value: 'outbid', en: 'Outbid by a higher eligible bid', zh: '出价低于其他候选' },
  slotInactive: { value: 'slotInactive', en: 'The slot is not active', zh: '广告位未启用' },
  mediaInactive: { value: 'mediaInactive', en: 'The media is not active', zh: '媒体未启用' },
  slotCountry: {
    value: 'slotCountry',
    en: "The request's country is not one the slot serves",
    zh: '请求国家不在广告位投放国家内',
  },
  planNotLive: { value: 'planNotLive', en: 'The plan is not live', zh: '计划未在投放中' },
  planNotStarted: { value: 'planNotStarted', en: 'The plan has not started', zh: '计划尚未开始' },
  planEnded: { value: 'planEnded', en: 'The plan has ended', zh: '计划已结束' },
  planSchedule: {
    value: 'planSchedule',
    en: 'Outside the plan’s hours × weekdays (UTC)',
    zh: '不在计划投放时段（UTC）内',
  },
  planBudget: {
    value: 'planBudget',
    en: "The plan's daily budget is spent",
    zh: '计划日预算已用完',
  },
  advertiserBalance: {
    value: 'advertiserBalance',
    en: "The advertiser's balance is exhausted",
    zh: '广告主余额不足',
  },
  strategyInactive: { value: 'strategyInactive', en: 'The strategy is inactive', zh: '策略未启用' },
  targeting: {
    value: 'targeting',
    en: "The request does not match the strategy's targeting",
    zh: '请求不符合策略定向',
  },
  language: {
    value: 'language',
    en: "The device language is not one of the strategy's languages",
    zh: '设备语言不在策略语言内',
  },
  frequencyDaily: {
    value: 'frequencyDaily',
    en: 'The user has seen the plan its times per day',
    zh: '该用户当日展示次数已达上限',
  },
  frequencyInterval: {
    value: 'frequencyInterval',
    en: 'The user has seen the plan its times in the interval',
    zh: '该用户在间隔内展示次数已达上限',
  },
  creativeNotApproved: {
    value: 'creativeNotApproved',
    en: 'The creative is not approved',
    zh: '创意未审核通过',
  },
  creativeInactive: { value: 'creativeInactive', en: 'The creative is shelved', zh: '创意已下架' },
  creativeStyle: {
    value: 'creativeStyle',
    en: "The creative's style is not one the slot supports",
    zh: '创意样式不在广告位支持的样式内',
  },
  creativeSize: {
    value: 'creativeSize',
    en: "The creative does not fit the slot's size",
    zh: '创意尺寸与广告位不符',
  },
  creativeOs: {
    value: 'creativeOs',
    en: "The creative's OS is not the device's",
    zh: '创意系统与设备不符',
  },
  bidBelowFloor: {
    value: 'bidBelowFloor',
    en: "The bid is below the slot's lowest bid",
    zh: '出价低于广告位底价',
  },
  partnerNotAllocated: {
    value: 'partnerNotAllocated',
    en: 'The SSP strategy did not send this request to the partner',
    zh: 'SSP 策略未将此请求分配给该合作方',
  },
  partnerNoBid: { value: 'partnerNoBid', en: 'The partner did not bid', zh: '合作方未出价' },
  partnerTimeout: {
    value: 'partnerTimeout',
    en: 'The partner answered too late',
    zh: '合作方响应超时',
  },
  partnerError: {
    value: 'partnerError',
    en: 'The partner answered with an error or garbage',
    zh: '合作方响应错误或无法解析',
  },
});
export type RejectReasonValue = EnumValue<typeof RejectReason>;

/** Why a request got no ad at all (the no-fill answer's `reason`). */
export const NoFillReason = defineEnum({
  unknownSlot: { value: 'unknownSlot', en: 'There is no such slot', zh: '广告位不存在' },
  slotInactive: { value: 'slotInactive', en: 'The slot is not active', zh: '广告位未启用' },
  mediaInactive: { value: 'mediaInactive', en: 'The media is not active', zh: '媒体未启用' },
  slotCountry: {
    value: 'slotCountry',
    en: "The request's country is not one the slot serves",
    zh: '请求国家不在广告位投放国家内',
  },
  noCandidate: { value: 'noCandidate', en: 'No eligible ad', zh: '没有符合条件的广告' },
  belowFloor: {
    value: 'belowFloor',
    en: "No bid reached the slot's lowest bid",
    zh: '没有出价达到广告位底价',
  },
});
export type NoFillReasonValue = EnumValue<typeof NoFillReason>;

/** What a tracking URL counts. */
export const TrackKind = defineEnum({
  impression: { value: 'imp', en: 'Impression', zh: '展示' },
  click: { value: 'clk', en: 'Click', zh: '点击' },
  win: { value: 'win', en: 'Win notice', zh: '竞价成功通知' },
  bill: { value: 'bill', en: 'Billing notice', zh: '计费通知' },
});
export type TrackKindValue = EnumValue<typeof TrackKind>;

/** The tracking endpoints; `t` is the signed token. */
export const TRACK_PATHS = {
  imp: '/track/imp',
  clk: '/track/clk',
  win: '/track/win',
  bill: '/track/bill',
} as const satisfies Record<TrackKindValue, string>;

/** Our own DSP, as a bidder that external exchanges call (docs/product/design.md#delivery-engine). */
export const OWN_DSP_PATH = '/dsp/openrtb2';

/**
 * The demand-partner id of our own demand in the stats and partner health: an ad of our own
 * advertisers, whether it won our auction or was bought by an exchange that called us.
 */
export const OWN_DEMAND_DSP_ID = 0;

/**
 * The price rule (docs/decisions/delivery.md): the winner pays the second-highest eligible
 * bid plus this increment (1 cent per mille), never less than the slot's floor and never
 * more than its own bid. A lone bidder pays the floor plus the increment, capped the same.
 */
export const PRICE_INCREMENT_MICROS = 10_000;

/**
 * How an auction clears (docs/decisions/partner-pricing.md), numbered as OpenRTB's `at`:
 * first price, the winner pays its bid; second price, the second-highest bid plus
 * PRICE_INCREMENT_MICROS, at least the floor, at most the winner's bid. A slot's own type
 * (default second price) rules our SDK's traffic; an OpenRTB caller's `at` rules its own.
 */
export const AuctionType = defineEnum({
  first: { value: 1, en: 'First price', zh: '一价' },
  second: { value: 2, en: 'Second price', zh: '二价' },
});
export type AuctionTypeValue = EnumValue<typeof AuctionType>;

/** A slot's auction type when the operator has not chosen one. */
export const DEFAULT_AUCTION_TYPE: AuctionTypeValue = 2;

/**
 * How a CPC bid competes with CPM bids: its eCPM is bid × expected CTR × 1000, the CTR
 * taken from the strategy's own impressions and clicks with this prior (1%) worth
 * PRIOR_IMPRESSIONS impressions, so a new strategy starts at 1%.
 */
export const PRIOR_CTR = 0.01;
export const PRIOR_IMPRESSIONS = 1_000;

/** How long a tracking token stays valid after serving. */
export const TRACKING_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** The most a request waits for upstream partners when it names no tmax. */
export const DEFAULT_TMAX_MS = 300;
/** What serving keeps of tmax for itself (decision, answer) before calling partners. */
export const TMAX_RESERVE_MS = 20;

/** What `GET /serve/ad` answers (plain JSON, not the console's envelope). */
export interface ServedAsset {
  url: string;
  width: number;
  height: number;
}

export interface ServedAd {
  /** `own`: one of our advertisers' creatives; `partner`: an upstream DSP's markup. */
  source: 'own' | 'partner';
  creative_id: number;
  style_id: number;
  /** AdStyleType of the creative's style (1 text … 6 video); 0 for a partner's markup. */
  style_type: number;
  /** AdForm of the slot. */
  ad_form: number;
  width: number;
  height: number;
  title: string;
  description: string;
  icon: ServedAsset | null;
  image: ServedAsset | null;
  images: ServedAsset[];
  video: (ServedAsset & { duration_ms: number }) | null;
  /** ClickAction 1-4 and its button text. */
  click_action: number;
  action_text: string;
  app_name: string;
  app_package: string;
  /** Our signed click URL: counts the click, then 302 to the landing page. */
  click_url: string;
  /** Opened first when the app is installed; the click URL is the fallback. */
  deeplink_url: string;
  /** A partner's markup (HTML or VAST), with its own impression beacons. */
  adm: string;
  /** How long the device may cache the ad, seconds. */
  cache_seconds: number;
  special_config: unknown;
}

export type ServeAdAnswer =
  | {
      fill: true;
      request_id: string;
      ad: ServedAd;
      /** Fire each on render: ours (counts and bills) and the partner's notices. */
      impression_urls: string[];
      /** Win notices of an upstream partner (its nurl, the clearing price filled in). */
      notice_urls: string[];
    }
  | { fill: false; request_id: string; reason: NoFillReasonValue };
