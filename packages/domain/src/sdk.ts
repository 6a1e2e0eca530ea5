/**
 * The publisher's web SDK (issue 17) and the protocol a mobile SDK follows: where the SDK is
 * served, the viewability rule an impression waits for, the consent parameters of /serve/ad.
 * The SDK bundles this module (through `@adloom/domain/sdk`, without the rest of the domain),
 * the server serves and documents with it.
 */
import type { EnumValue } from './enum.js';
import { AdForm } from './enums.js';

export { AdForm, AdStyleType } from './enums.js';
export { unreachable } from './exhaustive.js';

/** The SDK's ad request (its query: SERVE_AD_PARAMS in serving.ts). */
export const SERVE_AD_PATH = '/serve/ad';

/** The SDK's versioned path (short cache) and the directory of its hashed, immutable aliases. */
export const SDK_PATH = '/sdk/v1/adloom.js';
export const SDK_HASHED_PREFIX = '/sdk/v1/';
/** How long browsers keep the versioned path before revalidating (seconds). */
export const SDK_SHORT_CACHE_SECONDS = 300;
/** The demo publisher site: one page per ad form (served by Adloom). */
export const DEMO_PUBLISHER_PATH = '/demo/publisher';

/**
 * The IAB/MRC viewable impression: at least half of the ad's pixels in view, for one
 * continuous second (display) or two (video), while the page is visible.
 */
export const VIEWABILITY = {
  fraction: 0.5,
  displayMs: 1000,
  videoMs: 2000,
} as const;

/** A splash's countdown before it closes itself; its skip control shows throughout. */
export const SPLASH_COUNTDOWN_SECONDS = 5;
/** A rewarded ad may be skipped (without reward) after this; the reward needs completion. */
export const REWARDED_SKIP_AFTER_SECONDS = 5;
/** A rewarded ad without video is complete after being viewable this long. */
export const REWARDED_STILL_SECONDS = 10;

/**
 * The /serve/ad query parameters that carry the page's consent (IAB TCF v2, GPP, US
 * Privacy), sent when the page's CMP answers. The names are OpenRTB's.
 */
export const SERVE_CONSENT_PARAMS = {
  gdpr: 'gdpr',
  gdprConsent: 'gdpr_consent',
  usPrivacy: 'us_privacy',
  gpp: 'gpp',
  gppSid: 'gpp_sid',
} as const;

/** The demo publisher's page of an ad form (functions, so that the SDK bundle drops them). */
export function demoPageName(adForm: number): string | null {
  // Every form's page (none for unlimited): a new form does not compile without one. Built
  // here rather than at module level so the SDK bundle keeps nothing of it.
  const pages: Record<EnumValue<typeof AdForm>, string | null> = {
    [AdForm.unlimited]: null,
    [AdForm.banner]: 'banner',
    [AdForm.interstitial]: 'interstitial',
    [AdForm.splash]: 'splash',
    [AdForm.feed]: 'feed',
    [AdForm.rewardedVideo]: 'rewarded',
  };
  return AdForm.has(adForm) ? pages[adForm] : null;
}

/** The demo page showing a slot: its form's page, the banner's for a slot of any form. */
export function demoPagePath(slot: { id: number; ad_form: number }): string {
  return `${DEMO_PUBLISHER_PATH}/${demoPageName(slot.ad_form) ?? 'banner'}?slot=${slot.id}`;
}

/** Whether the SDK shows a slot's ads over the page rather than in an element of it. */
export function isOverlayForm(adForm: number): boolean {
  return (
    adForm === AdForm.interstitial || adForm === AdForm.splash || adForm === AdForm.rewardedVideo
  );
}

/**
 * The two lines a publisher pastes: the SDK, and a marked element where the ad goes (an
 * overlay form is shown by a call when the page chooses; here, once it has loaded).
 */
export function webSdkSnippet(origin: string, slot: { id: number; ad_form: number }): string {
  const script = `<script src="${origin.replace(/\/+$/, '')}${SDK_PATH}" async></script>`;
  const place = isOverlayForm(slot.ad_form)
    ? `<script>addEventListener('load', function () { adloom.render(document.body, { slot: ${slot.id} }); });</script>`
    : `<div data-adloom-slot="${slot.id}"></div>`;
  return `${script}\n${place}`;
}
