import { describe, expect, it } from 'vitest';
import {
  PROXY_STORAGE_KEY,
  captureProxyUser,
  loginPathFor,
  proxyUser,
  readTokens,
  safeRedirect,
  storeTokens,
  clearTokens,
} from './session';

describe('safeRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/ad/plan/12?tab=strategies#top', '/ad/plan/12?tab=strategies#top'],
    ['/user/index?user=5', '/user/index?user=5'],
    ['/a/../dashboard', '/dashboard'],
  ])('keeps the in-app path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    [' /dashboard'],
    ['/login'],
    ['/login?redirect=/x'],
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//x', '/dashboard')).toBe('/dashboard');
  });
});

describe('loginPathFor', () => {
  it('carries the wanted path and search', () => {
    expect(loginPathFor('/ad/plan', '?page=2')).toBe('/login?redirect=%2Fad%2Fplan%3Fpage%3D2');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login', '?redirect=%2Fx')).toBe('/login?redirect=%2Fx');
  });
});

describe('proxy user', () => {
  it('is taken from the address and kept for the window', () => {
    expect(captureProxyUser('?user=12&x=1')).toBe('12');
    expect(window.sessionStorage.getItem(PROXY_STORAGE_KEY)).toBe('12');
    // Later navigation without the parameter keeps acting as that user.
    expect(captureProxyUser('')).toBe('12');
    expect(proxyUser()).toBe('12');
  });

  it('is absent in an ordinary window', () => {
    expect(captureProxyUser('?page=1')).toBeUndefined();
    expect(proxyUser()).toBeUndefined();
  });
});

describe('tokens', () => {
  it('are stored in and cleared from their cookies', () => {
    storeTokens({ adminToken: 'a' }, '2099-01-01T00:00:00Z');
    storeTokens({ serviceToken: 's' });
    expect(readTokens()).toEqual({ adminToken: 'a', serviceToken: 's' });
    clearTokens();
    expect(readTokens()).toEqual({ adminToken: undefined, serviceToken: undefined });
  });
});
