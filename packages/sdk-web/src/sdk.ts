/**
 * `adloom.render(element, { slot, ... })`: asks /serve/ad for the slot (with the page's
 * consent) and shows the answer in its ad form. Every failure goes to `onError`, a no-fill to
 * `onNoFill`; nothing is thrown into the page.
 */
import { readConsent } from './consent.js';
import { showAd } from './render.js';
import { fetchAd, serveUrl } from './request.js';
import { notify } from './safe.js';
import type { RenderOptions, RenderedAd } from './types.js';

export interface RenderHandle extends RenderedAd {
  /** Settles when the ad is shown, not filled, or failed. */
  ready: Promise<void>;
}

export function createRender(defaultServer: () => string) {
  return function render(element: HTMLElement, options: RenderOptions): RenderHandle {
    let shown: RenderedAd | null = null;
    let destroyed = false;
    const fail = (error: unknown) =>
      notify(options.onError, error instanceof Error ? error : new Error(String(error)));
    const ready = (async () => {
      try {
        if (!element || !options || options.slot === undefined || options.slot === '') {
          throw new Error('adloom: render needs an element and a slot');
        }
        const consent = await readConsent();
        const url = serveUrl(
          options.server ?? defaultServer(),
          options.slot,
          options.params,
          consent,
        );
        const answer = await fetchAd(url);
        if (destroyed) return;
        if (!answer.fill) {
          notify(options.onNoFill, answer.reason);
          return;
        }
        shown = showAd(element, answer, options);
      } catch (error) {
        fail(error);
      }
    })();
    return {
      ready,
      destroy() {
        destroyed = true;
        shown?.destroy();
      },
    };
  };
}
