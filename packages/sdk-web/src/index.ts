/**
 * Adloom's web SDK (issue 17): the entry point the build bundles into /sdk/v1/adloom.js.
 * A page loads it and either calls `adloom.render(element, { slot })` or marks elements
 * `<div data-adloom-slot="12">`, which are filled when the SDK loads and when added later.
 * `data-adloom-*` attributes other than the slot become /serve/ad parameters
 * (`data-adloom-country="US"` → `country=US`).
 */
import { createRender, type RenderHandle } from './sdk.js';
import type { RenderOptions } from './types.js';

export const SDK_VERSION = '1.0.0';
export type { RenderOptions, RenderHandle };

const SLOT_ATTRIBUTE = 'data-adloom-slot';
const DONE_ATTRIBUTE = 'data-adloom-done';

/** The origin the SDK was loaded from: where its ads come from unless told otherwise. */
function scriptOrigin(): string {
  const script = document.currentScript as HTMLScriptElement | null;
  try {
    if (script?.src) return new URL(script.src).origin;
  } catch {
    // Fall through to the page's origin.
  }
  return location.origin;
}

export function installSdk(): {
  version: string;
  render: ReturnType<typeof createRender>;
  scan: () => void;
} {
  const origin = scriptOrigin();
  const render = createRender(() => origin);

  /** Fills every marked element not filled yet; events go to the page as DOM events. */
  const scan = () => {
    for (const element of Array.from(
      document.querySelectorAll<HTMLElement>(`[${SLOT_ATTRIBUTE}]`),
    )) {
      if (element.hasAttribute(DONE_ATTRIBUTE)) continue;
      element.setAttribute(DONE_ATTRIBUTE, '');
      const params: Record<string, string> = {};
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.match(/^data-adloom-(.+)$/)?.[1];
        if (name && name !== 'slot' && name !== 'done' && name !== 'server') {
          params[name.replace(/-/g, '_')] = attribute.value;
        }
      }
      const emit = (type: string, detail?: unknown) =>
        element.dispatchEvent(new CustomEvent(`adloom:${type}`, { detail, bubbles: true }));
      render(element, {
        slot: element.getAttribute(SLOT_ATTRIBUTE) ?? '',
        server: element.getAttribute('data-adloom-server') ?? undefined,
        params,
        onRender: (ad) => emit('render', ad),
        onImpression: (ad) => emit('impression', ad),
        onClick: (ad) => emit('click', ad),
        onNoFill: (reason) => emit('nofill', reason),
        onError: (error) => emit('error', error.message),
        onClose: () => emit('close'),
        onReward: (ad) => emit('reward', ad),
      });
    }
  };
  return { version: SDK_VERSION, render, scan };
}

type AdloomGlobal = ReturnType<typeof installSdk>;

declare global {
  interface Window {
    adloom?: AdloomGlobal;
  }
}

/** The bundle's start: one SDK per page, marked elements filled now and as they appear. */
export function start(): void {
  if (typeof window === 'undefined' || window.adloom) return;
  const sdk = installSdk();
  window.adloom = sdk;
  const scanSafely = () => {
    try {
      sdk.scan();
    } catch (error) {
      console.error('adloom: scan failed', error);
    }
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', scanSafely, { once: true });
  } else {
    scanSafely();
  }
  new MutationObserver(scanSafely).observe(document.documentElement, {
    childList: true,
    subtree: true,
  });
}
