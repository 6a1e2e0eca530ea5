/** Test doubles: an IntersectionObserver the test drives, and a served ad. */
import type { ServedAd } from '@adloom/domain';

export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Reports the targets at this share of their pixels in view. */
  show(ratio: number) {
    const entries = this.targets.map(
      (target) =>
        ({
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
        }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
  static last(): FakeIntersectionObserver {
    const last = FakeIntersectionObserver.instances[FakeIntersectionObserver.instances.length - 1];
    if (!last) throw new Error('no IntersectionObserver was made');
    return last;
  }
}

export function installFakeObserver() {
  FakeIntersectionObserver.instances = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver =
    FakeIntersectionObserver;
}

export function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

export function servedAd(overrides: Partial<ServedAd> = {}): ServedAd {
  return {
    source: 'own',
    creative_id: 7,
    style_id: 1,
    style_type: 1,
    ad_form: 1,
    width: 320,
    height: 50,
    title: 'Spring sale',
    description: 'Everything half price',
    icon: null,
    image: null,
    images: [],
    video: null,
    click_action: 2,
    action_text: 'Shop now',
    app_name: '',
    app_package: '',
    click_url: 'https://ads.example/track/clk?t=abc',
    deeplink_url: '',
    adm: '',
    cache_seconds: 600,
    special_config: null,
    ...overrides,
  };
}
