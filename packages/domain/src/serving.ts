/**
 * How a media asks for an ad (docs/product/design.md#delivery-engine supply entry points), in one place: the console's
 * integration snippet shows it now, the delivery engine (issue 7) answers it.
 * - `GET /serve/ad`: the SDK-style request, one query parameter per device or app fact;
 * - `POST /openrtb2/auction`: an OpenRTB 2.6 BidRequest with `imp.tagid` = the slot id.
 */
import { AdForm, Platform } from './enums.js';
import { unreachable } from './exhaustive.js';
import type { Label } from './labels.js';
import { fromMicros } from './money.js';

// Where the SDK asks lives with the SDK's protocol (sdk.ts), which the web SDK bundles alone.
import { SERVE_AD_PATH } from './sdk.js';

export { SERVE_AD_PATH };
export const OPENRTB_AUCTION_PATH = '/openrtb2/auction';
/** Prices on the OpenRTB wire: the platform keeps no other currency (OpenRTB's default). */
export const SERVING_CURRENCY = 'USD';

export interface ServeAdParam {
  name: string;
  required: boolean;
  /** What the snippet puts there when the slot and media say nothing better. */
  example: string;
  description: Label;
}

/** The query parameters of `GET /serve/ad`, in the order the snippet writes them. */
export const SERVE_AD_PARAMS: readonly ServeAdParam[] = [
  {
    name: 'slot_id',
    required: true,
    example: '1',
    description: { en: 'The slot id shown in the console', zh: '控制台中显示的广告位 ID' },
  },
  {
    name: 'os',
    required: true,
    example: String(Platform.android),
    description: {
      en: 'Operating system: 1 Android, 2 iOS, 3 WP',
      zh: '操作系统：1 Android，2 iOS，3 WP',
    },
  },
  {
    name: 'osv',
    required: false,
    example: '14',
    description: { en: 'Operating system version', zh: '操作系统版本' },
  },
  {
    name: 'network',
    required: false,
    example: '1',
    description: {
      en: 'Network: 1 WIFI, 2 2G, 3 3G, 4 4G, 5 5G',
      zh: '网络：1 WIFI，2 2G，3 3G，4 4G，5 5G',
    },
  },
  {
    name: 'country',
    required: false,
    example: 'US',
    description: {
      en: 'Two-letter country code (ISO 3166-1 alpha-2)',
      zh: '两位字母国家代码（ISO 3166-1 alpha-2）',
    },
  },
  {
    name: 'brand',
    required: false,
    example: 'samsung',
    description: { en: 'Device brand code (system settings)', zh: '设备品牌代码（系统设置）' },
  },
  {
    name: 'model',
    required: false,
    example: 'SM-G9910',
    description: { en: 'Device model code', zh: '设备型号代码' },
  },
  {
    name: 'app',
    required: true,
    example: 'com.example.app',
    description: { en: "The app's package or bundle id", zh: '应用包名或 Bundle ID' },
  },
  {
    name: 'app_version',
    required: false,
    example: '1.0.0',
    description: { en: 'App version', zh: '应用版本' },
  },
  {
    name: 'uid',
    required: true,
    example: 'USER_OR_DEVICE_ID',
    description: {
      en: 'A stable user or device id (frequency caps count on it)',
      zh: '稳定的用户或设备 ID（频次控制以此计数）',
    },
  },
  {
    name: 'oaid',
    required: false,
    example: '',
    description: { en: 'Android OAID, when the device has one', zh: 'Android OAID（如有）' },
  },
  {
    name: 'imei',
    required: false,
    example: '',
    description: { en: 'IMEI or its MD5, when allowed', zh: 'IMEI 或其 MD5（如允许）' },
  },
  {
    name: 'idfa',
    required: false,
    example: '',
    description: { en: 'iOS IDFA, when the user allows it', zh: 'iOS IDFA（如用户允许）' },
  },
  {
    name: 'audience',
    required: false,
    example: '',
    description: {
      en: 'Audience characteristic codes the media knows of the user, comma-separated',
      zh: '媒体已知的用户人群特征代码，逗号分隔',
    },
  },
  {
    name: 'lang',
    required: false,
    example: 'en',
    description: { en: 'Device language', zh: '设备语言' },
  },
];

/** What the serving snippets read of a slot. */
export interface ServingSlot {
  id: number;
  /** The operator's code, which OpenRTB and Prebid may name the slot by instead of its id. */
  code?: string | null;
  ad_form: number;
  width: number;
  height: number;
  /** Floor in micros per mille. */
  lowest_bid: number;
}

/** What the serving snippets read of the slot's media. */
export interface ServingMedia {
  id: number;
  name: string;
  os: number;
  bundle: string;
}

/** What an OpenRTB `tagid` or Prebid's `slot` parameter names the slot by: its code, else its id. */
export function slotReference(slot: Pick<ServingSlot, 'id' | 'code'>): string {
  return slot.code || String(slot.id);
}

/** The media's OS when it names one, else Android (as an example). */
function exampleOs(media: Pick<ServingMedia, 'os'>): number {
  return media.os === Platform.all ? Platform.android : media.os;
}

/**
 * The `GET /serve/ad` URL of a slot: its id, the media's OS and bundle, example values for
 * the rest (`values` overrides any parameter). `origin` is where the server answers.
 */
export function serveAdUrl(
  origin: string,
  slot: Pick<ServingSlot, 'id'>,
  media: Pick<ServingMedia, 'os' | 'bundle'>,
  values: Readonly<Record<string, string>> = {},
): string {
  const known: Record<string, string> = {
    slot_id: String(slot.id),
    os: String(exampleOs(media)),
    ...(media.bundle ? { app: media.bundle } : {}),
    ...values,
  };
  // Optional device ids without an example stay out of the snippet.
  const query = SERVE_AD_PARAMS.map((param) => [param.name, known[param.name] ?? param.example])
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `${origin.replace(/\/+$/, '')}${SERVE_AD_PATH}?${query}`;
}

const OPENRTB_OS: Record<number, string> = {
  [Platform.android]: 'android',
  [Platform.ios]: 'ios',
  [Platform.wp]: 'windows phone',
};

/** The slot size in an OpenRTB object: left out when unlimited (0). */
function sizeOf(slot: Pick<ServingSlot, 'width' | 'height'>): { w?: number; h?: number } {
  return {
    ...(slot.width > 0 ? { w: slot.width } : {}),
    ...(slot.height > 0 ? { h: slot.height } : {}),
  };
}

/** The impression's media object(s) for the slot's ad form (OpenRTB 2.6 §3.2.4-3.2.9). */
function formatOf(slot: ServingSlot): Record<string, unknown> {
  const size = sizeOf(slot);
  // An unknown form is served as an unlimited one: a banner.
  const form = AdForm.has(slot.ad_form) ? slot.ad_form : AdForm.unlimited;
  switch (form) {
    case AdForm.interstitial:
    case AdForm.splash:
      return { instl: 1, banner: { ...size } };
    case AdForm.feed:
      return {
        native: {
          ver: '1.2',
          request: JSON.stringify({
            ver: '1.2',
            assets: [
              { id: 1, required: 1, title: { len: 90 } },
              { id: 2, required: 0, img: { type: 3, ...size } },
              { id: 3, required: 0, data: { type: 2 } },
            ],
          }),
        },
      };
    case AdForm.rewardedVideo:
      return {
        instl: 1,
        rwdd: 1,
        video: { mimes: ['video/mp4'], protocols: [2, 3, 5, 6], plcmt: 3, ...size },
      };
    case AdForm.unlimited:
    case AdForm.banner:
      return { banner: { ...size } };
    default:
      return unreachable(form);
  }
}

/**
 * An OpenRTB 2.6 BidRequest skeleton for the slot: one impression tagged with the slot
 * id, the format its ad form asks for at its size, the floor from its lowest bid (a price
 * per mille), the media as `app`. Device and user fields carry example values.
 */
export function openRtbBidRequest(slot: ServingSlot, media: ServingMedia) {
  return {
    id: 'REQUEST_ID',
    imp: [
      {
        id: '1',
        tagid: slotReference(slot),
        ...formatOf(slot),
        bidfloor: fromMicros(slot.lowest_bid),
        bidfloorcur: SERVING_CURRENCY,
        secure: 1,
      },
    ],
    app: {
      id: String(media.id),
      name: media.name,
      bundle: media.bundle || 'com.example.app',
      ver: '1.0.0',
    },
    device: {
      ua: 'USER_AGENT',
      ip: '203.0.113.7',
      os: OPENRTB_OS[exampleOs(media)] ?? 'android',
      osv: '14',
      make: 'samsung',
      model: 'SM-G9910',
      devicetype: 4,
      connectiontype: 2,
      language: 'en',
      ifa: 'DEVICE_ADVERTISING_ID',
      geo: { country: 'USA' },
    },
    user: { id: 'USER_OR_DEVICE_ID' },
    at: 1,
    tmax: 300,
    cur: [SERVING_CURRENCY],
  };
}
