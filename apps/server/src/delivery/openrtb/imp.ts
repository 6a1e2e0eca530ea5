/**
 * What an OpenRTB impression takes, read once per impression, and which of our creatives
 * can answer it and how: the media type the creative really is (2.6 `mtype` 1 banner HTML,
 * 2 VAST, 4 native) among the ones the impression offers, a banner size among its formats,
 * a Native answer filling its asset list, VAST within its video constraints. The decision
 * asks `accepts` of each candidate creative (types.ts ImpFit), so a bid is only ever made
 * with a creative that fits; the answer is then built from the same form (bid.ts).
 */
import { AdStyleType, categoryBlocked, domainBlocked } from '@adloom/domain';
import type { CreativeConfig, ImpFit, PlanConfig } from '../types.js';
import { fillNative, parseNativeRequest, type FilledAsset, type NativeSpec } from './native.js';
import { readVideoSpec, videoFitOf, type VideoSpec } from './vast.js';

/** OpenRTB 2.6 markup types we answer with. */
export const MType = { banner: 1, video: 2, native: 4 } as const;

/** List: Banner Ad Types (`btype` blocks them): XHTML text ad, XHTML banner ad. */
const BANNER_TYPE_TEXT = 1;
const BANNER_TYPE_IMAGE = 2;

export type ImpForm =
  | { mtype: typeof MType.banner; w: number; h: number }
  | { mtype: typeof MType.video; w: number; h: number; vastVersion: string }
  | { mtype: typeof MType.native; w: number; h: number; assets: readonly FilledAsset[] };

interface Size {
  w: number;
  h: number;
}

interface FlexSize {
  wratio: number;
  hratio: number;
  wmin: number;
}

export interface BannerSpec {
  /** The formats' sizes, then the banner's own w × h; empty when it states none. */
  sizes: readonly Size[];
  /** Flex formats: any size of this ratio at least `wmin` wide. */
  flex: readonly FlexSize[];
  /** `btype`: banner types the seller blocks. */
  blocked: ReadonlySet<number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const whole = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;

function readBanner(raw: unknown): BannerSpec | null {
  if (!isRecord(raw)) return null;
  const sizes: Size[] = [];
  const flex: FlexSize[] = [];
  if (Array.isArray(raw.format)) {
    for (const format of raw.format) {
      if (!isRecord(format)) continue;
      const w = whole(format.w);
      const h = whole(format.h);
      if (w && h) sizes.push({ w, h });
      else if (whole(format.wratio) && whole(format.hratio)) {
        flex.push({
          wratio: whole(format.wratio),
          hratio: whole(format.hratio),
          wmin: whole(format.wmin),
        });
      }
    }
  }
  const w = whole(raw.w);
  const h = whole(raw.h);
  if (w && h && !sizes.some((size) => size.w === w && size.h === h)) sizes.push({ w, h });
  const blocked = new Set(
    Array.isArray(raw.btype) ? raw.btype.filter((item) => typeof item === 'number') : [],
  );
  return { sizes, flex, blocked };
}

/** What the request blocks for every impression: advertiser domains and categories. */
export interface RequestBlocks {
  badv?: readonly string[];
  bcat?: readonly string[];
  cattax?: number;
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : undefined;

/** The request's `badv`, `bcat` and `cattax`, as far as they are well formed. */
export function blocksOf(request: Record<string, unknown>): RequestBlocks {
  return {
    badv: strings(request.badv),
    bcat: strings(request.bcat),
    cattax: typeof request.cattax === 'number' ? request.cattax : undefined,
  };
}

const domainsByCreative = new WeakMap<CreativeConfig, readonly string[]>();

/**
 * The creative's advertiser domain for `adomain`: its landing page's host without `www.`;
 * none for a creative with only a deep link. Worked out once per creative.
 */
export function adomainOf(creative: CreativeConfig): readonly string[] {
  let domains = domainsByCreative.get(creative);
  if (!domains) {
    let host = '';
    try {
      const url = new URL(creative.clickUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') host = url.hostname.toLowerCase();
    } catch {
      host = '';
    }
    domains = host ? [host.replace(/^www\./, '')] : [];
    domainsByCreative.set(creative, domains);
  }
  return domains;
}

/** `imp.pmp.private_auction` is 1: the impression takes bids under its deals only. */
export function isPrivateAuction(imp: Record<string, unknown>): boolean {
  return isRecord(imp.pmp) && imp.pmp.private_auction === 1;
}

/** Styles whose creatives are native in shape: a native answer first, a banner otherwise. */
const NATIVE_FIRST: ReadonlySet<number> = new Set([
  AdStyleType.text,
  AdStyleType.smallImage,
  AdStyleType.bigImage,
  AdStyleType.threeImages,
]);

export class ImpSpec implements ImpFit {
  readonly banner: BannerSpec | null;
  readonly video: VideoSpec | null;
  readonly native: NativeSpec | null;
  /**
   * `pmp.private_auction` is 1: only bids under one of the impression's deals are allowed.
   * We hold no deals (neither our own demand nor what we pass on from partners carries a
   * `dealid`), so such an impression gets no bid.
   */
  readonly privateAuction: boolean;
  /** Forms already worked out for this impression, by creative id. */
  private readonly forms = new Map<number, ImpForm | null>();

  constructor(
    imp: Record<string, unknown>,
    /** The request's blocks (`blocksOf`); none when absent. */
    private readonly blocks: RequestBlocks = {},
    /** `imp.native.request` already parsed (readBidRequest's `natives`), else parsed here. */
    nativeJson?: unknown,
  ) {
    this.banner = readBanner(imp.banner);
    this.video = readVideoSpec(imp.video);
    this.native = isRecord(imp.native)
      ? parseNativeRequest(nativeJson ?? imp.native.request, readVideoSpec)
      : null;
    this.privateAuction = isPrivateAuction(imp);
  }

  /**
   * The impression offers something we make (audio alone, or no media object, does not) and
   * is open to bids without a deal.
   */
  get answerable(): boolean {
    if (this.privateAuction) return false;
    return this.banner !== null || this.video !== null || this.native !== null;
  }

  /** The creative fits the impression, and neither its advertiser nor its plan's category is blocked. */
  accepts(creative: CreativeConfig, plan: PlanConfig): boolean {
    const { badv, bcat, cattax } = this.blocks;
    if (plan.iabCategory && categoryBlocked(plan.iabCategory, bcat, cattax)) return false;
    if (badv && adomainOf(creative).some((domain) => domainBlocked(domain, badv))) return false;
    return this.formFor(creative) !== null;
  }

  /** How the creative answers this impression; null when it cannot. */
  formFor(creative: CreativeConfig): ImpForm | null {
    const known = this.forms.get(creative.id);
    if (known !== undefined) return known;
    const form = this.workOut(creative);
    this.forms.set(creative.id, form);
    return form;
  }

  private workOut(creative: CreativeConfig): ImpForm | null {
    if (creative.styleType === AdStyleType.video)
      return this.asVideo(creative) ?? this.asNative(creative);
    if (NATIVE_FIRST.has(creative.styleType)) {
      return this.asNative(creative) ?? this.asBanner(creative);
    }
    return this.asBanner(creative) ?? this.asNative(creative);
  }

  private asVideo(creative: CreativeConfig): ImpForm | null {
    const video = creative.video;
    const version = this.video && video ? videoFitOf(this.video, creative) : null;
    if (!video || !version) return null;
    return { mtype: MType.video, w: video.width, h: video.height, vastVersion: version };
  }

  private asNative(creative: CreativeConfig): ImpForm | null {
    if (!this.native) return null;
    const assets = fillNative(this.native, creative);
    if (!assets) return null;
    const image = assets.find((asset) => asset.kind === 'img');
    const w = image?.kind === 'img' ? image.asset.width : creative.width;
    const h = image?.kind === 'img' ? image.asset.height : creative.height;
    return { mtype: MType.native, w, h, assets };
  }

  private asBanner(creative: CreativeConfig): ImpForm | null {
    const banner = this.banner;
    if (!banner || creative.styleType === AdStyleType.video) return null;
    const text = creative.width === 0 || creative.height === 0;
    if (banner.blocked.has(text ? BANNER_TYPE_TEXT : BANNER_TYPE_IMAGE)) return null;
    if (text) {
      // A text ad takes the impression's first size; without one it could not say its size.
      const size = banner.sizes[0];
      return size ? { mtype: MType.banner, w: size.w, h: size.h } : null;
    }
    const { width: w, height: h } = creative;
    const stated = banner.sizes.length > 0 || banner.flex.length > 0;
    const fits =
      !stated ||
      banner.sizes.some((size) => size.w === w && size.h === h) ||
      banner.flex.some((flex) => w >= flex.wmin && w * flex.hratio === h * flex.wratio);
    return fits ? { mtype: MType.banner, w, h } : null;
  }
}
