/**
 * The bids of an OpenRTB answer (/openrtb2/auction, /dsp/openrtb2), built from the request:
 * an own creative answers in the form the impression takes (imp.ts: banner HTML at a size
 * among its formats, VAST for video, Native 1.2 over its asset list) with `mtype`, `w`/`h`,
 * `crid`, `adomain`; a partner's winning markup is passed on only when it is a type and size
 * the impression takes. Prices are decided in US dollars and answered in a currency the
 * request's `cur` allows, converted through the operator's rate table (docs/decisions/
 * currencies.md); a request allowing none we can convert gets no bid.
 */
import {
  IAB_CATTAX,
  SERVING_CURRENCY,
  convertible,
  fromMicros,
  fromUsdMicros,
  normalCurrency,
  type Bid,
  type BidRequest,
  type Imp,
  type RateTable,
} from '@adloom/domain';
import { answerOf, type Served } from '../engine.js';
import type { TrackingClaims } from '../tracking/token.js';
import type { Channel, CreativeConfig } from '../types.js';
import { MType, adomainOf, type ImpForm, type ImpSpec } from './imp.js';
import { nativeAnswerIssues } from './native-conformance.js';
import { nativeMarkup } from './native.js';
import { vastMarkup } from './vast.js';

const NO_RATES: RateTable = new Map();

/**
 * The currency we answer in: US dollars when the request allows them (or names none), else
 * the first it allows that the rate table converts; null when it allows none we can price
 * in (the answer is then a no-bid with NO_BID_REASON.unsupportedCurrency).
 */
export function answerCurrency(
  request: Pick<BidRequest, 'cur'>,
  rates: RateTable = NO_RATES,
): string | null {
  const allowed = (request.cur ?? []).map(normalCurrency);
  if (allowed.length === 0 || allowed.includes(SERVING_CURRENCY)) return SERVING_CURRENCY;
  return allowed.find((code) => convertible(rates, code)) ?? null;
}

/** An impression floor we can honour: 0, in US dollars, or in a currency with a rate. */
export function floorPriced(
  imp: Pick<Imp, 'bidfloor' | 'bidfloorcur'>,
  rates: RateTable = NO_RATES,
): boolean {
  if (!imp.bidfloor) return true;
  return convertible(rates, imp.bidfloorcur || SERVING_CURRENCY);
}

/** The currency an answer's prices are in, with the rates that convert ours (US dollars). */
export interface AnswerPricing {
  currency: string;
  rates: RateTable;
}

const IN_DOLLARS: AnswerPricing = { currency: SERVING_CURRENCY, rates: NO_RATES };

const absoluteIn = (origin: string) => (url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Banner HTML: the main visual at its size, or the title as a text ad, and our beacon. */
function bannerMarkup(
  creative: CreativeConfig,
  form: ImpForm,
  urls: { impression: string; click: string },
  absolute: (url: string) => string,
): string {
  const visual = creative.image ?? creative.images[0] ?? creative.icon;
  const body =
    visual && creative.width > 0
      ? `<img src="${escapeHtml(absolute(visual.url))}" width="${form.w}" height="${form.h}" alt="${escapeHtml(creative.title)}" style="border:0">`
      : `<span style="display:inline-block;width:${form.w}px;height:${form.h}px;overflow:hidden">${escapeHtml(creative.title || creative.name)}</span>`;
  const pixel = `<img src="${escapeHtml(urls.impression)}" width="1" height="1" style="display:none" alt="">`;
  return `<a href="${escapeHtml(urls.click)}" target="_blank" rel="noopener">${body}</a>${pixel}`;
}

function ownMarkup(
  creative: CreativeConfig,
  form: ImpForm,
  urls: { impression: string; click: string },
  origin: string,
  servingId: string,
  spec: ImpSpec,
): string {
  const absolute = absoluteIn(origin);
  switch (form.mtype) {
    case MType.video:
      return spec.video ? vastMarkup(spec.video, creative, urls, absolute, servingId) : '';
    case MType.native:
      return spec.native ? nativeMarkup(spec.native, form.assets, creative, urls, absolute) : '';
    default:
      return bannerMarkup(creative, form, urls, absolute);
  }
}

/** A partner's markup type, told from the markup itself (partners rarely send `mtype`). */
function partnerMtype(adm: string): number {
  const head = adm.trimStart();
  if (head.startsWith('<VAST') || head.startsWith('<?xml')) return MType.video;
  if (head.startsWith('{')) return MType.native;
  return MType.banner;
}

/** The partner's size when the impression takes it; its only size when the partner said none. */
function partnerBannerSize(spec: ImpSpec, w: number, h: number): { w: number; h: number } | null {
  const banner = spec.banner;
  if (!banner) return null;
  if (w > 0 && h > 0) {
    const listed =
      banner.sizes.length === 0 ||
      banner.sizes.some((size) => size.w === w && size.h === h) ||
      banner.flex.some((flex) => w >= flex.wmin && w * flex.hratio === h * flex.wratio);
    return listed ? { w, h } : null;
  }
  return banner.sizes.length === 1 ? (banner.sizes[0] ?? null) : null;
}

/**
 * The win and billing notices of a sale billed on the buyer's notice (an exchange buying from
 * our own DSP, a caller's second-price auction: token channel `dsp` or `notice`): the price
 * macro, and the currency it is in. Empty for the rest (our offer is the price).
 */
function noticeUrls(
  urls: { win: string; bill: string },
  claims: Pick<TrackingClaims, 'channel'>,
  currency: string,
) {
  if (claims.channel !== 'dsp' && claims.channel !== 'notice') return {};
  const cur = currency === SERVING_CURRENCY ? '' : `&c=${currency}`;
  return {
    nurl: `${urls.win}${cur}&p=\${AUCTION_PRICE}`,
    burl: `${urls.bill}${cur}&p=\${AUCTION_PRICE}`,
  };
}

/**
 * The loss notice every bid carries: the caller's loss code and prices (OpenRTB 2.6 macros),
 * in the answer's currency (`c`); a resold partner bid's own lurl is told from it.
 */
function lossUrl(urls: { loss: string }, currency: string): string {
  const cur = currency === SERVING_CURRENCY ? '' : `&c=${currency}`;
  return `${urls.loss}${cur}&r=\${AUCTION_LOSS}&p=\${AUCTION_PRICE}&m=\${AUCTION_MIN_TO_WIN}`;
}

export function bidOf(
  imp: Imp,
  spec: ImpSpec,
  served: Served,
  channel: Channel,
  origin: string,
  pricing: AnswerPricing = IN_DOLLARS,
): Bid | null {
  const { decision, urls, claims } = served;
  const winner = decision.winner;
  if (!winner || !urls || !claims) return null;
  // Rounded down: never more than our price; a floor was converted up (http/requests.ts).
  const price = fromMicros(
    fromUsdMicros(decision.price, pricing.currency, pricing.rates) ?? decision.price,
  );
  if (winner.kind === 'partner') {
    const answer = answerOf(served);
    const adm = answer.fill ? answer.ad.adm : '';
    const mtype = partnerMtype(adm);
    let size: { w: number; h: number } | null = { w: winner.w, h: winner.h };
    if (mtype === MType.banner) size = partnerBannerSize(spec, winner.w, winner.h);
    else if (mtype === MType.video && !spec.video) size = null;
    else if (mtype === MType.native) {
      const request = spec.native && (imp.native as { request?: unknown } | undefined)?.request;
      if (!request || nativeAnswerIssues(request, adm).length > 0) size = null;
    }
    // What the impression does not take is no bid, rather than a bid the caller must refuse.
    if (!size) return null;
    return {
      id: claims.id,
      impid: imp.id,
      price,
      adm,
      // A caller's second-price auction tells us its price: the partner's settlement waits on it.
      ...noticeUrls(urls, claims, pricing.currency),
      lurl: lossUrl(urls, pricing.currency),
      ...(winner.crid ? { crid: winner.crid } : {}),
      ...(winner.adomain.length > 0 ? { adomain: [...winner.adomain] } : {}),
      ...(size.w > 0 && size.h > 0 ? { w: size.w, h: size.h } : {}),
      mtype,
    };
  }
  const { creative, plan } = winner;
  const form = spec.formFor(creative);
  if (!form) return null;
  const adomain = adomainOf(creative);
  return {
    id: claims.id,
    impid: imp.id,
    price,
    adm: ownMarkup(creative, form, urls, origin, claims.id, spec),
    // An exchange buying from our own DSP, or a caller's second-price auction, tells us its
    // price through these macros, in the answer's currency (`c`, when not US dollars).
    ...noticeUrls(urls, claims, pricing.currency),
    lurl: lossUrl(urls, pricing.currency),
    adid: String(creative.id),
    crid: String(creative.id),
    cid: String(plan.id),
    ...(adomain.length > 0 ? { adomain: [...adomain] } : {}),
    // What the plan advertises, in the taxonomy requests block by default (bcat).
    ...(plan.iabCategory ? { cat: [plan.iabCategory], cattax: IAB_CATTAX } : {}),
    ...(creative.appPackage ? { bundle: creative.appPackage } : {}),
    ...(form.w > 0 && form.h > 0 ? { w: form.w, h: form.h } : {}),
    mtype: form.mtype,
  };
}
