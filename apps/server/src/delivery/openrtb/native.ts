/**
 * Native 1.2 answers built from the request's own asset list (OpenRTB Native Ad Specification
 * 1.2): each asset we can fill answers under the request's asset id, with the type it asked
 * for, within its length and image size; an impression whose required assets one creative
 * cannot fill gets no bid with that creative. The request is parsed once per impression.
 */
import { nativeAssetIdsByIndex } from '@adloom/domain';
import type { AssetConfig, CreativeConfig } from '../types.js';
import { vastMarkup, videoFitOf, type VideoSpec } from './vast.js';

/** Native 1.2 Image Asset Types. */
const IMAGE_ICON = 1;
const IMAGE_MAIN = 3;
/** Native 1.2 Data Asset Types we can fill: sponsored by, description, call to action, display URL. */
const DATA_SPONSORED = 1;
const DATA_DESCRIPTION = 2;
const DATA_DISPLAY_URL = 11;
const DATA_CTA = 12;
/** Native 1.2 Event Types and Event Tracking Methods: impression, by image pixel. */
const EVENT_IMPRESSION = 1;
const METHOD_IMAGE = 1;

interface TitleRequest {
  kind: 'title';
  /** Most characters; 0 = no limit stated. */
  len: number;
}
interface ImageRequest {
  kind: 'img';
  type: number;
  w: number;
  h: number;
  wmin: number;
  hmin: number;
  mimes: ReadonlySet<string> | null;
}
interface DataRequest {
  kind: 'data';
  type: number;
  len: number;
}
interface VideoRequest {
  kind: 'video';
  spec: VideoSpec;
}
type AssetRequest = (TitleRequest | ImageRequest | DataRequest | VideoRequest) & {
  id: number;
  required: boolean;
};

export interface NativeSpec {
  /** The request came as `{"native": {...}}` (Native 1.0/1.1): the answer is wrapped alike. */
  wrapped: boolean;
  assets: readonly AssetRequest[];
  /** The request lists an impression event tracker by image: answer with eventtrackers. */
  eventTrackers: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const whole = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;

function mimeSet(value: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(value)) return null;
  const mimes = value.filter((item): item is string => typeof item === 'string');
  return mimes.length > 0 ? new Set(mimes.map((mime) => mime.trim().toLowerCase())) : null;
}

function assetOf(
  raw: unknown,
  readVideo: (raw: unknown) => VideoSpec | null,
  /** The asset's index when the request's assets carry no ids (nativeAssetIdsByIndex). */
  indexId: number | null,
): AssetRequest | null {
  if (!isRecord(raw)) return null;
  const id = indexId ?? raw.id;
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  // Objects written out whole (no spread): one shape per kind, made once per request.
  const required = raw.required === 1;
  const { title, img, data, video } = raw;
  if (isRecord(title)) return { id, required, kind: 'title', len: whole(title.len) };
  if (isRecord(img)) {
    return {
      id,
      required,
      kind: 'img',
      type: whole(img.type) || IMAGE_MAIN,
      w: whole(img.w),
      h: whole(img.h),
      wmin: whole(img.wmin),
      hmin: whole(img.hmin),
      mimes: mimeSet(img.mimes),
    };
  }
  if (isRecord(data))
    return { id, required, kind: 'data', type: whole(data.type), len: whole(data.len) };
  if (isRecord(video)) {
    const spec = readVideo(video);
    return spec ? { id, required, kind: 'video', spec } : null;
  }
  return null;
}

/**
 * The Native request of `imp.native.request` (a JSON string, or an object some callers
 * send); null when it is not a Native request with assets (nothing can answer it).
 */
export function parseNativeRequest(
  request: unknown,
  readVideo: (raw: unknown) => VideoSpec | null,
): NativeSpec | null {
  let parsed: unknown = request;
  if (typeof request === 'string') {
    try {
      parsed = JSON.parse(request);
    } catch {
      return null;
    }
  }
  if (!isRecord(parsed)) return null;
  const wrapped = isRecord(parsed.native);
  const root = wrapped ? (parsed.native as Record<string, unknown>) : parsed;
  if (!Array.isArray(root.assets) || root.assets.length === 0) return null;
  const assets: AssetRequest[] = [];
  const byIndex = nativeAssetIdsByIndex(root.assets);
  for (const [index, raw] of root.assets.entries()) {
    const asset = assetOf(raw, readVideo, byIndex ? index : null);
    // An asset we cannot even read is one we cannot fill: fatal only when it is required.
    if (asset) assets.push(asset);
    else if (isRecord(raw) && raw.required === 1) return null;
  }
  const eventTrackers =
    Array.isArray(root.eventtrackers) &&
    root.eventtrackers.some(
      (tracker) =>
        isRecord(tracker) &&
        tracker.event === EVENT_IMPRESSION &&
        Array.isArray(tracker.methods) &&
        tracker.methods.includes(METHOD_IMAGE),
    );
  return { wrapped, assets, eventTrackers };
}

/** At most `len` characters (code points), whole when `len` is 0. */
function within(text: string, len: number): string {
  if (len === 0) return text;
  const points = [...text];
  return points.length <= len ? text : points.slice(0, len).join('');
}

const IMAGE_MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

function imageFits(asset: AssetConfig, wanted: ImageRequest): boolean {
  // Native 1.2: w/h alone are exact; wmin/hmin are minimums (the client rescales).
  if (wanted.wmin > 0 || wanted.hmin > 0) {
    if (asset.width < wanted.wmin || asset.height < wanted.hmin) return false;
  } else if (wanted.w > 0 && wanted.h > 0) {
    if (asset.width !== wanted.w || asset.height !== wanted.h) return false;
  }
  if (wanted.mimes) {
    const extension = /\.([a-z0-9]+)(?:\?|$)/i.exec(asset.url)?.[1]?.toLowerCase() ?? '';
    const mime = IMAGE_MIME_BY_EXTENSION[extension];
    // An image whose type we cannot tell is not offered against a stated list.
    if (!mime || !wanted.mimes.has(mime)) return false;
  }
  return true;
}

function imageOf(creative: CreativeConfig, type: number): AssetConfig | null {
  if (type === IMAGE_ICON) return creative.icon;
  return creative.image ?? creative.images[0] ?? null;
}

function displayUrl(creative: CreativeConfig): string {
  try {
    return new URL(creative.clickUrl).host;
  } catch {
    return '';
  }
}

function dataOf(creative: CreativeConfig, type: number): string {
  switch (type) {
    case DATA_SPONSORED:
      // The brand: the app's name, else the landing page's site.
      return creative.appName || displayUrl(creative);
    case DATA_DESCRIPTION:
      return creative.description;
    case DATA_CTA:
      return creative.actionText;
    case DATA_DISPLAY_URL:
      return displayUrl(creative);
    default:
      return '';
  }
}

/** One filled asset, its URLs still relative (the markup makes them absolute). */
export type FilledAsset =
  | { id: number; required: boolean; kind: 'title'; text: string; len: number }
  | { id: number; required: boolean; kind: 'img'; type: number; asset: AssetConfig }
  | { id: number; required: boolean; kind: 'data'; type: number; value: string }
  | { id: number; required: boolean; kind: 'video'; spec: VideoSpec };

/**
 * The assets a creative fills for this request, in the request's order; null when a
 * required one cannot be filled or nothing can.
 */
export function fillNative(spec: NativeSpec, creative: CreativeConfig): FilledAsset[] | null {
  const filled: FilledAsset[] = [];
  for (const wanted of spec.assets) {
    const answer = fillAsset(wanted, creative);
    if (answer) filled.push(answer);
    else if (wanted.required) return null;
  }
  return filled.length > 0 ? filled : null;
}

function fillAsset(wanted: AssetRequest, creative: CreativeConfig): FilledAsset | null {
  const { id, required } = wanted;
  switch (wanted.kind) {
    case 'title': {
      const text = within(creative.title, wanted.len);
      return text ? { id, required, kind: 'title', text, len: wanted.len } : null;
    }
    case 'img': {
      const asset = imageOf(creative, wanted.type);
      return asset && imageFits(asset, wanted)
        ? { id, required, kind: 'img', type: wanted.type, asset }
        : null;
    }
    case 'data': {
      const value = within(dataOf(creative, wanted.type), wanted.len);
      return value ? { id, required, kind: 'data', type: wanted.type, value } : null;
    }
    case 'video':
      return videoFitOf(wanted.spec, creative)
        ? { id, required, kind: 'video', spec: wanted.spec }
        : null;
    default:
      return null;
  }
}

/** The Native 1.2 response (the bid's adm) for filled assets. */
export function nativeMarkup(
  spec: NativeSpec,
  filled: readonly FilledAsset[],
  creative: CreativeConfig,
  urls: { impression: string; click: string },
  absolute: (url: string) => string,
): string {
  const assets = filled.map((asset) => {
    const head = asset.required ? { id: asset.id, required: 1 } : { id: asset.id };
    switch (asset.kind) {
      case 'title':
        return { ...head, title: { text: asset.text, len: [...asset.text].length } };
      case 'img':
        return {
          ...head,
          img: {
            type: asset.type,
            url: absolute(asset.asset.url),
            w: asset.asset.width,
            h: asset.asset.height,
          },
        };
      case 'data':
        return { ...head, data: { type: asset.type, value: asset.value } };
      case 'video':
        return { ...head, video: { vasttag: vastMarkup(asset.spec, creative, urls, absolute) } };
      default:
        return head;
    }
  });
  const response = {
    ver: '1.2',
    assets,
    link: { url: urls.click },
    ...(spec.eventTrackers
      ? { eventtrackers: [{ event: EVENT_IMPRESSION, method: METHOD_IMAGE, url: urls.impression }] }
      : { imptrackers: [urls.impression] }),
  };
  return JSON.stringify(spec.wrapped ? { native: response } : response);
}
