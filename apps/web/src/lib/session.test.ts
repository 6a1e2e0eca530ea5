import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIES } from '@adloom/domain';
import {
  PROXY_STORAGE_KEY,
  captureProxyUser,
  loginPathFor,
  proxyUser,
  readTokens,
  safeRedirect,
  storeTokens,
  clearTokens,
  tokenCookieOptions,
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
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are kept in Strict same-site cookies, not Secure on a plain http page', () => {
    const set = vi.spyOn(Cookies, 'set');
    storeTokens({ adminToken: 'a', serviceToken: 's' }, '2099-01-01T00:00:00Z');
    expect(window.location.protocol).toBe('http:');
    expect(set).toHaveBeenCalledTimes(2);
    for (const [name, , attributes] of set.mock.calls) {
      expect([COOKIES.adminToken, COOKIES.serviceToken]).toContain(name);
      expect(attributes).toEqual({
        sameSite: 'strict',
        path: '/',
        expires: new Date('2099-01-01T00:00:00Z'),
      });
    }
  });

  it('are Secure when the console is served over https', () => {
    expect(tokenCookieOptions('https:')).toEqual({ sameSite: 'strict', path: '/', secure: true });
    expect(tokenCookieOptions('http:')).toEqual({ sameSite: 'strict', path: '/' });
  });

  it('are stored in and cleared from their cookies', () => {
    storeTokens({ adminToken: 'a' }, '2099-01-01T00:00:00Z');
    storeTokens({ serviceToken: 's' });
    expect(readTokens()).toEqual({ adminToken: 'a', serviceToken: 's' });
    clearTokens();
    expect(readTokens()).toEqual({ adminToken: undefined, serviceToken: undefined });
  });
});
