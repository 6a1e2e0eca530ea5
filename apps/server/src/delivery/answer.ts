/**
 * What a device or an exchange receives for a won request: the SDK answer of /serve/ad
 * (the creative's assets in the slot's style, our signed impression and click URLs, a
 * partner's notices) and, for OpenRTB callers, the markup (HTML banner, Native 1.2 JSON or
 * VAST 4 for video) that carries the same beacons.
 */
import { TRACK_PATHS, type ServedAd, type ServedAsset } from '@adloom/domain';
import type { AssetConfig, CreativeConfig, SlotConfig } from './types.js';

export interface TrackingUrls {
  impression: string;
  click: string;
  win: string;
  bill: string;
}

export function trackingUrls(origin: string, token: string): TrackingUrls {
  const url = (path: string) => `${origin}${path}?t=${encodeURIComponent(token)}`;
  return {
    impression: url(TRACK_PATHS.imp),
    click: url(TRACK_PATHS.clk),
    win: url(TRACK_PATHS.win),
    bill: url(TRACK_PATHS.bill),
  };
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

export function servedPartnerAd(
  slot: SlotConfig,
  markup: { adm: string; crid: string; w: number; h: number },
): ServedAd {
  return {
    source: 'partner',
    creative_id: 0,
    style_id: 0,
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

/** Markup of one of our creatives for an OpenRTB answer, in the format the impression asked. */
export function ownMarkup(
  origin: string,
  creative: CreativeConfig,
  urls: TrackingUrls,
  format: 'banner' | 'native' | 'video',
): string {
  if (format === 'video' && creative.video) {
    const video = creative.video;
    const seconds = Math.max(1, Math.round((video.durationMs ?? 0) / 1000));
    const duration = `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
    return (
      `<VAST version="4.0"><Ad id="${creative.id}"><InLine><AdSystem>Adloom</AdSystem>` +
      `<AdTitle>${cdata(creative.title || creative.name)}</AdTitle>` +
      `<Impression>${cdata(urls.impression)}</Impression><Creatives><Creative><Linear>` +
      `<Duration>${duration}</Duration><VideoClicks><ClickThrough>${cdata(urls.click)}</ClickThrough></VideoClicks>` +
      `<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="${video.width}" height="${video.height}">` +
      `${cdata(absolute(origin, video.url))}</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`
    );
  }
  if (format === 'native') {
    const image = creative.image ?? creative.images[0] ?? null;
    return JSON.stringify({
      native: {
        ver: '1.2',
        assets: [
          { id: 1, title: { text: creative.title } },
          ...(image
            ? [
                {
                  id: 2,
                  img: { url: absolute(origin, image.url), w: image.width, h: image.height },
                },
              ]
            : []),
          { id: 3, data: { value: creative.description } },
        ],
        link: { url: urls.click },
        imptrackers: [urls.impression],
      },
    });
  }
  const visual = creative.image ?? creative.images[0] ?? creative.icon;
  const body = visual
    ? `<img src="${escapeHtml(absolute(origin, visual.url))}" width="${visual.width}" height="${visual.height}" alt="${escapeHtml(creative.title)}">`
    : escapeHtml(creative.title || creative.name);
  return `<a href="${escapeHtml(urls.click)}" target="_blank" rel="noopener">${body}</a>${pixel(urls.impression)}`;
}

/** A partner's markup with our impression beacon added (HTML) so that we count it too. */
export function partnerMarkupWithBeacon(adm: string, urls: TrackingUrls): string {
  const trimmed = adm.trimStart();
  if (trimmed.startsWith('<VAST') || trimmed.startsWith('<?xml')) {
    return adm.replace(
      /<Impression>/,
      `<Impression>${cdata(urls.impression)}</Impression><Impression>`,
    );
  }
  if (trimmed.startsWith('{')) return adm;
  return `${adm}${pixel(urls.impression)}`;
}
