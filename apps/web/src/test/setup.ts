import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { trimInjectedCss } from './observableCss';

// What jsdom lacks and antd or the app touch.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// antd's CSS-in-JS keeps only what a test can observe (observableCss.ts: most of a page
// test's time went into jsdom matching ~1,800 rules per getComputedStyle).
trimInjectedCss();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
