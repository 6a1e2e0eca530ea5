/**
 * One ad in its slot's form: banner in place, feed as a native card, interstitial and splash
 * as full-screen overlays with a close control (splash counting down and closing itself),
 * rewarded video with a reward on completion and a skip control after a few seconds. Our
 * markup lives in a closed shadow root, so the page's styles and scripts do not reach into
 * it; a partner's markup in a sandboxed iframe (creative.ts).
 */
import {
  AdForm,
  isOverlayForm,
  REWARDED_SKIP_AFTER_SECONDS,
  REWARDED_STILL_SECONDS,
  SPLASH_COUNTDOWN_SECONDS,
} from '@adloom/domain/sdk';
import type { ServedAd } from '@adloom/domain';
import { CREATIVE_CSS, creativeBody, el, isVast, partnerFrame, text } from './creative.js';
import { beacon, notify } from './safe.js';
import type { FilledAnswer, RenderOptions, RenderedAd } from './types.js';
import { watchViewability, type Viewability } from './viewability.js';

/** The clickable creative: our signed click URL, which counts and then leads on. */
function clickable(ad: ServedAd, options: RenderOptions): HTMLElement {
  if (ad.source === 'partner') {
    if (isVast(ad.adm)) throw new Error('adloom: a VAST answer needs a video player slot');
    return el('div', 'ad', partnerFrame(ad));
  }
  const { body, video } = creativeBody(ad);
  const link = el('a', 'ad', body, text('span', 'lbl', 'Ad')) as HTMLAnchorElement;
  if (ad.click_url) {
    link.href = ad.click_url;
    link.target = '_blank';
    link.rel = 'noopener';
  }
  link.addEventListener('click', () => notify(options.onClick, ad));
  if (video) link.dataset.video = '1';
  return link;
}

interface Mounted {
  /** What viewability is measured on. */
  measured: HTMLElement;
  video: HTMLVideoElement | null;
  remove(): void;
}

function shadowHost(host: HTMLElement): ShadowRoot {
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = CREATIVE_CSS;
  root.appendChild(style);
  return root;
}

function mountInPlace(element: HTMLElement, creative: HTMLElement, ad: ServedAd): Mounted {
  const host = el('div', '');
  host.setAttribute('data-adloom-ad', String(ad.creative_id));
  const root = shadowHost(host);
  const card = ad.ad_form === AdForm.feed ? el('div', 'card', creative) : creative;
  if (ad.ad_form === AdForm.banner && ad.width > 0) {
    card.style.maxWidth = `${ad.width}px`;
  }
  root.appendChild(card);
  element.appendChild(host);
  return {
    measured: card,
    video: creative.querySelector('video'),
    remove: () => host.remove(),
  };
}

function formName(adForm: number): string {
  if (adForm === AdForm.splash) return 'splash';
  if (adForm === AdForm.rewardedVideo) return 'rewarded';
  return 'interstitial';
}

/** Overlays close on the control; splash and rewarded count seconds on it. */
function mountOverlay(
  creative: HTMLElement,
  ad: ServedAd,
  close: () => void,
): Mounted & { closeButton: HTMLButtonElement } {
  const host = el('div', '');
  host.setAttribute('data-adloom-ad', String(ad.creative_id));
  host.setAttribute('data-adloom-overlay', formName(ad.ad_form));
  const root = shadowHost(host);
  const closeButton = el('button', 'x') as HTMLButtonElement;
  closeButton.type = 'button';
  closeButton.textContent = '✕';
  closeButton.setAttribute('aria-label', 'Close ad');
  closeButton.addEventListener('click', close);
  const box = el('div', 'box', creative);
  const overlay = el('div', `ov ${formName(ad.ad_form)}`, box, closeButton);
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  root.appendChild(overlay);
  document.body.appendChild(host);
  return {
    measured: box,
    video: creative.querySelector('video'),
    closeButton,
    remove: () => host.remove(),
  };
}

/** Shows a filled answer in the element (or over the page); counts it once viewable. */
export function showAd(
  element: HTMLElement,
  answer: FilledAnswer,
  options: RenderOptions,
): RenderedAd {
  const ad = answer.ad;
  // Browsers share one id space for timeouts and intervals: clearTimeout ends either.
  const timers: number[] = [];
  let viewability: Viewability | null = null;
  let mounted: Mounted | null = null;
  let closed = false;

  const teardown = () => {
    for (const timer of timers) clearTimeout(timer);
    viewability?.stop();
    mounted?.remove();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    teardown();
    notify(options.onClose);
  };

  const creative = clickable(ad, options);
  const overlay = isOverlayForm(ad.ad_form);
  const overlayMount = overlay ? mountOverlay(creative, ad, close) : null;
  mounted = overlayMount ?? mountInPlace(element, creative, ad);
  const video = mounted.video;

  // A partner's win notices are due when its ad is shown; our impression when it is seen.
  for (const url of answer.notice_urls) beacon(url);
  notify(options.onRender, ad);
  viewability = watchViewability(mounted.measured, {
    video: video !== null,
    onViewable: () => {
      for (const url of answer.impression_urls) beacon(url);
      notify(options.onImpression, ad);
      if (ad.ad_form === AdForm.rewardedVideo && !video) {
        // A still rewarded ad earns its reward by being seen for a while.
        timers.push(window.setTimeout(reward, REWARDED_STILL_SECONDS * 1000));
      }
    },
  });

  let rewarded = false;
  function reward() {
    if (rewarded || closed) return;
    rewarded = true;
    notify(options.onReward, ad);
    if (overlayMount) overlayMount.closeButton.hidden = false;
  }

  if (overlayMount && ad.ad_form === AdForm.splash) {
    countDown(overlayMount.closeButton, SPLASH_COUNTDOWN_SECONDS, (left) => `Skip ${left}`, close);
  } else if (overlayMount && ad.ad_form === AdForm.rewardedVideo) {
    // Skipping forfeits the reward; the control shows only after the skip time.
    const button = overlayMount.closeButton;
    button.hidden = true;
    countDown(
      button,
      REWARDED_SKIP_AFTER_SECONDS,
      () => '',
      () => {
        button.hidden = false;
        button.textContent = rewarded ? '✕' : 'Skip';
      },
    );
    video?.addEventListener('ended', reward);
  }

  function countDown(
    button: HTMLButtonElement,
    seconds: number,
    label: (left: number) => string,
    done: () => void,
  ) {
    let left = seconds;
    button.textContent = label(left) || button.textContent;
    const timer = window.setInterval(() => {
      left -= 1;
      if (left <= 0) {
        clearInterval(timer);
        done();
        return;
      }
      button.textContent = label(left) || button.textContent;
    }, 1000);
    timers.push(timer);
  }

  return {
    destroy() {
      closed = true;
      teardown();
    },
  };
}
