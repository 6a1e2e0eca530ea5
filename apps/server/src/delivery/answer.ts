/**
 * What a device receives for a won request: the SDK answer of /serve/ad (the creative's
 * assets in the slot's style, our signed impression and click URLs, a partner's notices),
 * and a partner's markup with our beacon added. OpenRTB callers' markup is built from their
 * request (openrtb/bid.ts).
 */
import { TRACK_PATHS, type ServeAdAnswer, type ServedAd, type ServedAsset } from '@adloom/domain';
import type { AssetConfig, CreativeConfig, SlotConfig } from './types.js';

/**
 * Where an OpenRTB caller fires our bid's loss notice (lurl): a server path beside TRACK_PATHS,
 * not one of its kinds (a loss counts no event of the ad; upstream/caller-loss.ts).
 */
export const CALLER_LOSS_PATH = '/track/loss';

export interface TrackingUrls {
  readonly impression: string;
  readonly click: string;
  readonly win: string;
  readonly bill: string;
  readonly loss: string;
}

/**
 * A served ad's tracking URLs, each made when first read: an SDK answer needs two of the
 * four, an OpenRTB one three. A token is base64url text and a dot (tracking/token.ts): safe
 * in a query as it is.
 */
class TrackingLinks implements TrackingUrls {
  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  get impression(): string {
    return `${this.origin}${TRACK_PATHS.imp}?t=${this.token}`;
  }

  get click(): string {
    return `${this.origin}${TRACK_PATHS.clk}?t=${this.token}`;
  }

  get win(): string {
    return `${this.origin}${TRACK_PATHS.win}?t=${this.token}`;
  }

  get bill(): string {
    return `${this.origin}${TRACK_PATHS.bill}?t=${this.token}`;
  }

  get loss(): string {
    return `${this.origin}${CALLER_LOSS_PATH}?t=${this.token}`;
  }
}

export function trackingUrls(origin: string, token: string): TrackingUrls {
  return new TrackingLinks(origin, token);
}

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url}`;

function asset(origin: string, config: AssetConfig | null): ServedAsset | null {
  return config
    ? { url: absolute(origin, config.url), width: config.width, height: config.height }
    : null;
}

export function servedOwnAd(
  origin: string,
  slot: SlotConfig,
  creative: CreativeConfig,
  urls: TrackingUrls,
  cacheSeconds: number,
): ServedAd {
  return {
    source: 'own',
    creative_id: creative.id,
    style_id: creative.styleId,
    style_type: creative.styleType,
    ad_form: slot.adForm,
    width: creative.width,
    height: creative.height,
    title: creative.title,
    description: creative.description,
    icon: asset(origin, creative.icon),
    image: asset(origin, creative.image),
    images: creative.images.map((image) => asset(origin, image)).filter((a) => a !== null),
    video: creative.video
      ? {
          url: absolute(origin, creative.video.url),
          width: creative.video.width,
          height: creative.video.height,
          duration_ms: creative.video.durationMs ?? 0,
        }
      : null,
    click_action: creative.clickAction,
    action_text: creative.actionText,
    app_name: creative.appName,
    app_package: creative.appPackage,
    click_url: urls.click,
    deeplink_url: creative.deeplinkUrl,
    adm: '',
    cache_seconds: cacheSeconds,
    special_config: creative.specialConfig ?? null,
  };
}

/**
 * An own ad as every request for it answers it, but for its request id and token: the ad
 * (shared, frozen) and the answer's JSON text around those two. Made once per creative,
 * origin, slot form and cache time, so that a served ad costs a few string joins instead of
 * building and serializing twenty fields.
 */
export interface PreparedAd {
  ad: Readonly<ServedAd>;
  /** `{"fill":true,"request_id":` … */
  jsonBeforeClick: string;
  /** … `,"ad":{…,"click_url":"<origin>/track/clk?t=` … token … */
  jsonClickPrefix: string;
  /** … `",…},"impression_urls":["<origin>/track/imp?t=` … token … `"],"notice_urls":[]}` */
  jsonAfterClick: string;
  jsonEnd: string;
}

/** Where the click URL goes in the prepared JSON; no real value is ever equal to it. */
const CLICK_MARK = '\u0000click-url\u0000';
const CLICK_MARK_JSON = JSON.stringify(CLICK_MARK);
/**
 * Origins prepared per creative. The origin comes from the request's Host when PUBLIC_URL is
 * not set, so it is bounded: past this, ads are built per request instead of remembered.
 */
const MAX_PREPARED_PER_CREATIVE = 8;
const preparedAds = new WeakMap<CreativeConfig, Map<string, PreparedAd>>();

/** `"<url up to the token>`: the JSON text of a tracking URL before its token. */
function urlBeforeToken(origin: string, path: string): string {
  const json = JSON.stringify(`${origin}${path}?t=`);
  return json.slice(0, -1);
}

export function preparedOwnAd(
  origin: string,
  slot: SlotConfig,
  creative: CreativeConfig,
  cacheSeconds: number,
): PreparedAd {
  let byShape = preparedAds.get(creative);
  if (!byShape) {
    byShape = new Map();
    preparedAds.set(creative, byShape);
  }
  const key = `${slot.adForm}|${cacheSeconds}|${origin}`;
  const known = byShape.get(key);
  if (known) return known;
  const ad = Object.freeze(
    servedOwnAd(
      origin,
      slot,
      creative,
      { impression: '', click: '', win: '', bill: '', loss: '' },
      cacheSeconds,
    ),
  );
  const text = JSON.stringify({ ...ad, click_url: CLICK_MARK });
  const at = text.indexOf(CLICK_MARK_JSON);
  const prepared: PreparedAd = {
    ad,
    jsonBeforeClick: '{"fill":true,"request_id":',
    jsonClickPrefix: `,"ad":${text.slice(0, at)}${urlBeforeToken(origin, TRACK_PATHS.clk)}`,
    jsonAfterClick: `"${text.slice(at + CLICK_MARK_JSON.length)},"impression_urls":[${urlBeforeToken(origin, TRACK_PATHS.imp)}`,
    jsonEnd: '"],"notice_urls":[]}',
  };
  if (byShape.size < MAX_PREPARED_PER_CREATIVE) byShape.set(key, prepared);
  return prepared;
}

/** The SDK answer of an own ad. */
export function ownAnswer(
  requestId: string,
  prepared: PreparedAd,
  urls: TrackingUrls,
): ServeAdAnswer {
  return {
    fill: true,
    request_id: requestId,
    ad: { ...prepared.ad, click_url: urls.click },
    impression_urls: [urls.impression],
    notice_urls: [],
  };
}

/**
 * ownAnswer's JSON text, joined from the prepared parts (what /serve/ad sends). A token is
 * base64url text and a dot: nothing in it needs escaping in JSON.
 */
export function ownAnswerJson(requestId: string, prepared: PreparedAd, token: string): string {
  return (
    prepared.jsonBeforeClick +
    JSON.stringify(requestId) +
    prepared.jsonClickPrefix +
    token +
    prepared.jsonAfterClick +
    token +
    prepared.jsonEnd
  );
}

export function servedPartnerAd(
  slot: SlotConfig,
  markup: { adm: string; crid: string; w: number; h: number },
): ServedAd {
  return {
    source: 'partner',
    creative_id: 0,
    style_id: 0,
    style_type: 0,
    ad_form: slot.adForm,
    width: markup.w || slot.width,
    height: markup.h || slot.height,
    title: '',
    description: '',
    icon: null,
    image: null,
    images: [],
    video: null,
    click_action: 0,
    action_text: '',
    app_name: '',
    app_package: '',
    // The partner's markup carries its own click handling: there is no landing page of ours.
    click_url: '',
    deeplink_url: '',
    adm: markup.adm,
    cache_seconds: 0,
    special_config: null,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** A 1×1 beacon. */
const pixel = (url: string) =>
  `<img src="${escapeHtml(url)}" width="1" height="1" style="display:none" alt="">`;

/** A partner's markup with our impression beacon added (HTML) so that we count it too. */
export function partnerMarkupWithBeacon(adm: string, urls: TrackingUrls): string {
  const trimmed = adm.trimStart();
  if (trimmed.startsWith('<VAST') || trimmed.startsWith('<?xml')) {
    // Ours goes just before the partner's first Impression (with or without attributes): the
    // place every VAST version's schema takes it, in the document's own namespace.
    return adm.replace(
      /<Impression\b/,
      `<Impression>${cdata(urls.impression)}</Impression><Impression`,
    );
  }
  if (trimmed.startsWith('{')) return adm;
  return `${adm}${pixel(urls.impression)}`;
}
