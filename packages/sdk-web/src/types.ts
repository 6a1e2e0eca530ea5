/** What a page passes to `adloom.render` and what its callbacks receive. */
import type { ServeAdAnswer, ServedAd } from '@adloom/domain';

export type FilledAnswer = Extract<ServeAdAnswer, { fill: true }>;

export interface RenderOptions {
  /** The slot id shown in the console. */
  slot: number | string;
  /** Where Adloom answers; by default the origin the SDK script was loaded from. */
  server?: string;
  /** Device and app facts of /serve/ad (SERVE_AD_PARAMS); the SDK fills os, app, uid, lang. */
  params?: Record<string, string | number>;
  /** The ad was rendered (not yet counted: that waits for viewability). */
  onRender?: (ad: ServedAd) => void;
  /** The impression was viewable and counted. */
  onImpression?: (ad: ServedAd) => void;
  onClick?: (ad: ServedAd) => void;
  /** No ad for this request; `reason` is the server's NoFillReason. */
  onNoFill?: (reason: string) => void;
  /** Something failed (network, bad answer, rendering); never thrown into the page. */
  onError?: (error: Error) => void;
  /** An overlay (interstitial, splash, rewarded) closed. */
  onClose?: () => void;
  /** Rewarded: the video played to its end (or a still ad was viewed long enough). */
  onReward?: (ad: ServedAd) => void;
}

/** What render returns: a way to take the ad down. */
export interface RenderedAd {
  destroy(): void;
}
