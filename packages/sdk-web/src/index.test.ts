import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSdk } from './index.js';
import { installFakeObserver } from './test-helpers.js';

afterEach(() => vi.unstubAllGlobals());

describe('the declarative form', () => {
  it('fills each <div data-adloom-slot> once, its data-adloom-* attributes as parameters, and tells the page by events', async () => {
    installFakeObserver();
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ fill: false, request_id: 'r', reason: 'noCandidate' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML =
      '<div id="a" data-adloom-slot="3" data-adloom-country="GB" data-adloom-app-version="2.1"></div>';
    const nofill = new Promise((resolve) =>
      document
        .getElementById('a')
        ?.addEventListener('adloom:nofill', (event) => resolve((event as CustomEvent).detail)),
    );
    const sdk = installSdk();
    sdk.scan();
    sdk.scan();
    expect(await nofill).toBe('noCandidate');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(url.searchParams.get('slot_id')).toBe('3');
    expect(url.searchParams.get('country')).toBe('GB');
    expect(url.searchParams.get('app_version')).toBe('2.1');
    expect(url.origin).toBe(location.origin);
  });
});
