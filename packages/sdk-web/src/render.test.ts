import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdForm, AdStyleType } from '@adloom/domain/sdk';
import type { ServeAdAnswer, ServedAd } from '@adloom/domain';
import { createRender } from './sdk.js';
import {
  FakeIntersectionObserver,
  installFakeObserver,
  servedAd,
  setVisibility,
} from './test-helpers.js';

const fired: string[] = [];
const asset = (name: string) => ({ url: `https://cdn.example/${name}`, width: 100, height: 100 });

function answerOf(ad: ServedAd): ServeAdAnswer {
  return {
    fill: true,
    request_id: 'r1',
    ad,
    impression_urls: ['https://ads.example/track/imp?t=abc'],
    notice_urls: ['https://partner.example/win?p=1'],
  };
}

let answer: ServeAdAnswer | Response | Error;
const fetchMock = vi.fn(async (url: string) => {
  void url;
  if (answer instanceof Error) throw answer;
  if (answer instanceof Response) return answer;
  return new Response(JSON.stringify(answer), { status: 200 });
});

beforeEach(() => {
  vi.useFakeTimers();
  installFakeObserver();
  setVisibility('visible');
  fired.length = 0;
  document.body.innerHTML = '';
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'Image',
    class {
      referrerPolicy = '';
      set src(url: string) {
        fired.push(url);
      }
    },
  );
  // Closed in production; open here so the test can look inside.
  const attach = HTMLElement.prototype.attachShadow;
  vi.spyOn(HTMLElement.prototype, 'attachShadow').mockImplementation(function (
    this: HTMLElement,
    init: ShadowRootInit,
  ) {
    return attach.call(this, { ...init, mode: 'open' });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = createRender(() => 'https://ads.example');

async function show(ad: ServedAd, extra: Record<string, unknown> = {}) {
  answer = answerOf(ad);
  const element = document.createElement('div');
  document.body.appendChild(element);
  const callbacks = {
    onRender: vi.fn(),
    onImpression: vi.fn(),
    onClick: vi.fn(),
    onNoFill: vi.fn(),
    onError: vi.fn(),
    onClose: vi.fn(),
    onReward: vi.fn(),
  };
  const handle = render(element, { slot: 12, ...callbacks, ...extra });
  await handle.ready;
  const host = document.querySelector<HTMLElement>('[data-adloom-ad]');
  return { element, host, root: host?.shadowRoot ?? null, callbacks, handle };
}

describe('adloom.render', () => {
  it('asks /serve/ad for the slot with the browser facts and the page params', async () => {
    answer = { fill: false, request_id: 'r', reason: 'noCandidate' } as ServeAdAnswer;
    const onNoFill = vi.fn();
    await render(document.body, { slot: 12, params: { country: 'US', os: 1 }, onNoFill }).ready;
    const url = new URL(String(fetchMock.mock.calls[fetchMock.mock.calls.length - 1]?.[0]));
    expect(url.origin + url.pathname).toBe('https://ads.example/serve/ad');
    expect(url.searchParams.get('slot_id')).toBe('12');
    expect(url.searchParams.get('country')).toBe('US');
    expect(url.searchParams.get('os')).toBe('1');
    expect(url.searchParams.get('app')).toBe(location.hostname);
    expect(url.searchParams.get('uid')).toMatch(/\S{8,}/);
    expect(onNoFill).toHaveBeenCalledWith('noCandidate');
    expect(document.querySelector('[data-adloom-ad]')).toBeNull();
  });

  it('reports a failed request and a server error to onError, never throwing', async () => {
    const onError = vi.fn();
    answer = new Error('offline');
    await expect(render(document.body, { slot: 1, onError }).ready).resolves.toBeUndefined();
    expect(onError.mock.calls[0]?.[0].message).toBe('offline');
    answer = new Response('{"code":"validation"}', { status: 400 });
    await render(document.body, { slot: 1, onError }).ready;
    expect(onError.mock.calls[1]?.[0].message).toContain('400');
    // A missing callback and a throwing one are both survived.
    await expect(render(document.body, { slot: 1 }).ready).resolves.toBeUndefined();
  });

  it('fires the impression only once the ad is viewable, notices at render', async () => {
    const { callbacks } = await show(servedAd());
    expect(callbacks.onRender).toHaveBeenCalledTimes(1);
    expect(fired).toEqual(['https://partner.example/win?p=1']);
    FakeIntersectionObserver.last().show(1);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([
      'https://partner.example/win?p=1',
      'https://ads.example/track/imp?t=abc',
    ]);
    expect(callbacks.onImpression).toHaveBeenCalledTimes(1);
  });

  it('renders each style from the answer, the creative text as text', async () => {
    const cases: [number, Partial<ServedAd>, string][] = [
      [AdStyleType.text, { title: '<img src=x onerror=alert(1)>' }, '.s-text'],
      [AdStyleType.imageOnly, { image: asset('a.png') }, '.s-image img'],
      [AdStyleType.smallImage, { icon: asset('i.png') }, '.s-small img.thumb'],
      [AdStyleType.bigImage, { image: asset('b.png') }, '.s-big img.full'],
      [
        AdStyleType.threeImages,
        { images: [asset('1'), asset('2'), asset('3')] },
        '.s-three img.third',
      ],
      [AdStyleType.video, { video: { ...asset('v.mp4'), duration_ms: 15000 } }, '.s-video video'],
    ];
    for (const [style, fields, selector] of cases) {
      document.body.innerHTML = '';
      const { root } = await show(servedAd({ style_type: style, ...fields }));
      expect(root?.querySelector(selector), `style ${style}`).not.toBeNull();
    }
    document.body.innerHTML = '';
    const { root } = await show(servedAd({ title: '<img src=x onerror=alert(1)>' }));
    expect(root?.querySelector('.t')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root?.querySelector('.t img')).toBeNull();
  });

  it('links through the signed click URL in a new window and tells the page', async () => {
    const { root, callbacks } = await show(servedAd());
    const link = root?.querySelector<HTMLAnchorElement>('a.ad');
    expect(link?.href).toBe('https://ads.example/track/clk?t=abc');
    expect(link?.target).toBe('_blank');
    link?.addEventListener('click', (event) => event.preventDefault());
    link?.click();
    expect(callbacks.onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a banner in place and a feed ad as a card', async () => {
    const banner = await show(servedAd());
    expect(banner.element.contains(banner.host)).toBe(true);
    document.body.innerHTML = '';
    const feed = await show(servedAd({ ad_form: AdForm.feed }));
    expect(feed.root?.querySelector('.card a.ad')).not.toBeNull();
  });

  it('shows an interstitial over the page until closed', async () => {
    const { element, host, root, callbacks } = await show(
      servedAd({ ad_form: AdForm.interstitial }),
    );
    expect(element.contains(host)).toBe(false);
    expect(host?.getAttribute('data-adloom-overlay')).toBe('interstitial');
    root?.querySelector<HTMLButtonElement>('button.x')?.click();
    expect(document.querySelector('[data-adloom-ad]')).toBeNull();
    expect(callbacks.onClose).toHaveBeenCalledTimes(1);
  });

  it('counts a splash down and closes it by itself', async () => {
    const { root, callbacks } = await show(servedAd({ ad_form: AdForm.splash }));
    expect(root?.querySelector('button.x')?.textContent).toBe('Skip 5');
    vi.advanceTimersByTime(2000);
    expect(root?.querySelector('button.x')?.textContent).toBe('Skip 3');
    vi.advanceTimersByTime(3000);
    expect(document.querySelector('[data-adloom-ad]')).toBeNull();
    expect(callbacks.onClose).toHaveBeenCalledTimes(1);
  });

  it('rewards a rewarded video at its end; skipping comes after five seconds, without reward', async () => {
    const video = { ...asset('v.mp4'), duration_ms: 15000 };
    const first = await show(
      servedAd({ ad_form: AdForm.rewardedVideo, style_type: AdStyleType.video, video }),
    );
    const close = first.root?.querySelector<HTMLButtonElement>('button.x');
    expect(close?.hidden).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(close?.hidden).toBe(false);
    close?.click();
    expect(first.callbacks.onReward).not.toHaveBeenCalled();
    expect(first.callbacks.onClose).toHaveBeenCalledTimes(1);

    const second = await show(
      servedAd({ ad_form: AdForm.rewardedVideo, style_type: AdStyleType.video, video }),
    );
    second.root?.querySelector('video')?.dispatchEvent(new Event('ended'));
    expect(second.callbacks.onReward).toHaveBeenCalledTimes(1);
  });

  it("puts a partner's markup in a sandboxed iframe without the page's origin", async () => {
    const { root } = await show(
      servedAd({
        source: 'partner',
        adm: '<script>parent.document.body.remove()</script>',
        click_url: '',
      }),
    );
    const frame = root?.querySelector('iframe');
    const sandbox = frame?.getAttribute('sandbox') ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(frame?.getAttribute('srcdoc')).toContain('<script>');
  });
});
