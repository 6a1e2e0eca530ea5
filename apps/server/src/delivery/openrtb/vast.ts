/**
 * VAST answers for video impressions (and Native video assets): a linear, progressive MP4
 * inline ad in the newest VAST version the request's `protocols` take, offered only when the
 * creative's video is within the request's mimes and durations.
 */
import type { CreativeConfig } from '../types.js';

/** What a video impression (or a Native video asset) accepts. */
export interface VideoSpec {
  /** Lower-case MIME types; null when the request lists none. */
  mimes: ReadonlySet<string> | null;
  /** Seconds; 0 = not stated. */
  minDuration: number;
  maxDuration: number;
  /** 2.6 `rqddurs`: the only durations allowed, seconds; null when not stated. */
  requiredDurations: ReadonlySet<number> | null;
  /** OpenRTB List: Creative Subtypes - Audio/Video; null when not stated. */
  protocols: ReadonlySet<number> | null;
  /** `linearity` 2: non-linear (overlay) only, which we do not make. */
  nonLinearOnly: boolean;
}

/** The video our materials are served as (transcoded to MP4, materials decision). */
const VIDEO_MIME = 'video/mp4';

/** The XML namespace of VAST 4 (the IAB VAST 4.x XSDs' target namespace). */
export const VAST_NAMESPACE = 'http://www.iab.com/VAST';

/** Inline VAST versions we write, newest first, with their OpenRTB protocol code. */
const VAST_VERSIONS: readonly { protocol: number; version: string }[] = [
  { protocol: 13, version: '4.2' },
  { protocol: 11, version: '4.1' },
  { protocol: 7, version: '4.0' },
  { protocol: 3, version: '3.0' },
  { protocol: 2, version: '2.0' },
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const whole = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;

function numberSet(value: unknown): ReadonlySet<number> | null {
  if (!Array.isArray(value)) return null;
  const numbers = value.filter((item): item is number => typeof item === 'number');
  return numbers.length > 0 ? new Set(numbers) : null;
}

/** An OpenRTB Video object (or a Native video asset) as what it accepts. */
export function readVideoSpec(raw: unknown): VideoSpec | null {
  if (!isRecord(raw)) return null;
  const mimes = Array.isArray(raw.mimes)
    ? raw.mimes.filter((item): item is string => typeof item === 'string')
    : [];
  const protocols =
    numberSet(raw.protocols) ?? (whole(raw.protocol) ? new Set([whole(raw.protocol)]) : null);
  return {
    mimes: mimes.length > 0 ? new Set(mimes.map((mime) => mime.trim().toLowerCase())) : null,
    minDuration: whole(raw.minduration),
    maxDuration: whole(raw.maxduration),
    requiredDurations: numberSet(raw.rqddurs),
    protocols,
    nonLinearOnly: raw.linearity === 2,
  };
}

/** The video's length in whole seconds (at least 1), as VAST and the duration rules see it. */
export function durationSeconds(durationMs: number | undefined): number {
  return Math.max(1, Math.round((durationMs ?? 0) / 1000));
}

/** The VAST version the creative answers the request in; null when it cannot. */
export function videoFitOf(spec: VideoSpec, creative: CreativeConfig): string | null {
  const video = creative.video;
  if (!video || spec.nonLinearOnly) return null;
  if (spec.mimes && !spec.mimes.has(VIDEO_MIME)) return null;
  const seconds = durationSeconds(video.durationMs);
  if (spec.minDuration > 0 && seconds < spec.minDuration) return null;
  if (spec.maxDuration > 0 && seconds > spec.maxDuration) return null;
  if (spec.requiredDurations && !spec.requiredDurations.has(seconds)) return null;
  if (!spec.protocols) return '4.0';
  for (const { protocol, version } of VAST_VERSIONS) {
    if (spec.protocols.has(protocol)) return version;
  }
  return null;
}

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function clock(durationMs: number | undefined): string {
  const seconds = durationSeconds(durationMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

/**
 * The inline VAST of a creative's video in the version the spec takes (the caller checked
 * `videoFitOf`). VAST 4 adds the creative's UniversalAdId, 4.1 and later an AdServingId.
 */
export function vastMarkup(
  spec: VideoSpec,
  creative: CreativeConfig,
  urls: { impression: string; click: string },
  absolute: (url: string) => string,
  servingId = '',
): string {
  const video = creative.video;
  const version = videoFitOf(spec, creative);
  if (!video || !version) return '';
  const major = Number(version.slice(0, 1));
  const id = String(creative.id);
  const servingTag =
    version !== '4.0' && major >= 4
      ? `<AdServingId>${escapeXml(servingId || `adloom-${id}`)}</AdServingId>`
      : '';
  // VAST 4.0 names the id in an idValue attribute as well; 4.1 and later in the text only.
  const universalId =
    major < 4
      ? ''
      : version === '4.0'
        ? `<UniversalAdId idRegistry="adloom.com" idValue="${id}">${id}</UniversalAdId>`
        : `<UniversalAdId idRegistry="adloom.com">${id}</UniversalAdId>`;
  const mediaFiles =
    `<MediaFiles><MediaFile delivery="progressive" type="${VIDEO_MIME}" width="${video.width}" height="${video.height}">` +
    `${cdata(absolute(video.url))}</MediaFile></MediaFiles>`;
  const clicks = `<VideoClicks><ClickThrough>${cdata(urls.click)}</ClickThrough></VideoClicks>`;
  // Linear's order is the version's (IAB XSDs): VAST 4 Duration, MediaFiles, VideoClicks;
  // VAST 2 and 3 Duration, VideoClicks, MediaFiles.
  const linear = major >= 4 ? `${mediaFiles}${clicks}` : `${clicks}${mediaFiles}`;
  // VAST 4 documents are in the VAST namespace (its XSD declares no element outside it).
  const namespace = major >= 4 ? ` xmlns="${VAST_NAMESPACE}"` : '';
  // Creative's order: the VAST 4.2 XSD takes UniversalAdId after Linear, 4.0 and 4.1 before.
  const universalFirst = version !== '4.2';
  const impression = `<Impression>${cdata(urls.impression)}</Impression>`;
  const title = `<AdTitle>${cdata(creative.title || creative.name)}</AdTitle>`;
  // InLine's order: VAST 4 takes the Impression before AdServingId and AdTitle, VAST 2 and 3 any.
  const head =
    major >= 4 ? `${impression}${servingTag}${title}` : `${servingTag}${title}${impression}`;
  return (
    `<VAST version="${version}"${namespace}><Ad id="${id}"><InLine><AdSystem>Adloom</AdSystem>${head}` +
    `<Creatives><Creative id="${id}">${universalFirst ? universalId : ''}<Linear>` +
    `<Duration>${clock(video.durationMs)}</Duration>${linear}</Linear>${universalFirst ? '' : universalId}` +
    `</Creative></Creatives></InLine></Ad></VAST>`
  );
}
