/**
 * The IAB/MRC viewable impression: at least half of the ad's pixels in view for one
 * continuous second (display) or two (video), measured with IntersectionObserver while the
 * page is visible. Leaving the view or hiding the page restarts the count; the callback runs
 * once. Without IntersectionObserver the ad cannot be measured and is never counted.
 */
import { VIEWABILITY } from '@adloom/domain/sdk';

export interface ViewabilityOptions {
  /** Video needs two seconds in view, display one. */
  video: boolean;
  onViewable: () => void;
}

export interface Viewability {
  stop(): void;
}

export function watchViewability(element: Element, options: ViewabilityOptions): Viewability {
  const needMs = options.video ? VIEWABILITY.videoMs : VIEWABILITY.displayMs;
  let inView = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const pageVisible = () => document.visibilityState !== 'hidden';
  const reconsider = () => {
    if (done) return;
    if (inView && pageVisible()) {
      timer ??= setTimeout(() => {
        done = true;
        stop();
        options.onViewable();
      }, needMs);
    } else if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  const Observer = typeof IntersectionObserver === 'function' ? IntersectionObserver : null;
  const observer = Observer
    ? new Observer(
        (entries) => {
          for (const entry of entries) {
            inView = entry.isIntersecting && entry.intersectionRatio >= VIEWABILITY.fraction;
          }
          reconsider();
        },
        // Crossing half is what matters; 0 and 1 let a partly visible ad be seen at all.
        { threshold: [0, VIEWABILITY.fraction, 1] },
      )
    : null;
  observer?.observe(element);
  document.addEventListener('visibilitychange', reconsider);

  function stop() {
    observer?.disconnect();
    document.removeEventListener('visibilitychange', reconsider);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }
  return {
    stop() {
      done = true;
      stop();
    },
  };
}
