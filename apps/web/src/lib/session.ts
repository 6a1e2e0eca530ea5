/**
 * What the browser keeps of a session (docs/product/constants.md#storage): the admin and service tokens in
 * cookies, the acting user of a proxy window in sessionStorage, and the post-sign-in
 * redirect, sanitised so that it can only lead to a path of this console.
 */
import Cookies from 'js-cookie';
import { COOKIES, PROXY_QUERY_PARAM } from '@adloom/domain';

/**
 * The token cookies' attributes (docs/decisions/urls-and-cookies.md). The spec keeps the
 * tokens in cookies the console's script reads, and the server reads them only from request
 * headers, so the cookies never authenticate anything by themselves (no CSRF): Strict keeps
 * them off every cross-site request all the same, and Secure whenever the console itself
 * came over https, so they never travel in clear.
 */
export function tokenCookieOptions(protocol: string = window.location.protocol) {
  return {
    sameSite: 'strict',
    path: '/',
    ...(protocol === 'https:' ? { secure: true } : {}),
  } as const;
}

export interface Tokens {
  adminToken: string | undefined;
  serviceToken: string | undefined;
}

export function readTokens(): Tokens {
  return {
    adminToken: Cookies.get(COOKIES.adminToken) || undefined,
    serviceToken: Cookies.get(COOKIES.serviceToken) || undefined,
  };
}

export function hasToken(): boolean {
  const { adminToken, serviceToken } = readTokens();
  return Boolean(adminToken || serviceToken);
}

/** Stores the tokens of a sign-in; they live as long as the browser session or `expiresAt`. */
export function storeTokens(
  tokens: { adminToken?: string; serviceToken?: string },
  expiresAt?: string,
) {
  const expires = expiresAt ? new Date(expiresAt) : undefined;
  const base = tokenCookieOptions();
  const options = expires && !Number.isNaN(expires.getTime()) ? { ...base, expires } : base;
  if (tokens.adminToken) Cookies.set(COOKIES.adminToken, tokens.adminToken, options);
  if (tokens.serviceToken) Cookies.set(COOKIES.serviceToken, tokens.serviceToken, options);
}

export function clearTokens(): void {
  Cookies.remove(COOKIES.adminToken, tokenCookieOptions());
  Cookies.remove(COOKIES.serviceToken, tokenCookieOptions());
}

/** sessionStorage key that says the last session ended by timing out (-100). */
export const TIMED_OUT_STORAGE_KEY = 'adloom.sessionTimedOut';

/** Remembers, for the sign-in page this window goes to next, that the session timed out. */
export function noteSessionTimedOut(): void {
  try {
    window.sessionStorage.setItem(TIMED_OUT_STORAGE_KEY, '1');
  } catch {
    // Storage refused (private mode): the sign-in page then shows no reason.
  }
}

/** Whether the session timed out before this sign-in page. */
export function sessionTimedOut(): boolean {
  try {
    return window.sessionStorage.getItem(TIMED_OUT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets the timeout once the sign-in page has shown it (a reload then shows no reason). */
export function forgetSessionTimedOut(): void {
  try {
    window.sessionStorage.removeItem(TIMED_OUT_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** sessionStorage key that says this window has just signed in. */
export const SIGNED_IN_STORAGE_KEY = 'adloom.signedIn';

/**
 * Remembers a sign-in for the console this window shows next, which then reloads the setting
 * lists (the sign-in page leaves for the console with a full navigation).
 */
export function noteSignedIn(): void {
  try {
    window.sessionStorage.setItem(SIGNED_IN_STORAGE_KEY, '1');
  } catch {
    // Storage refused: the lists then load when a screen first needs them.
  }
}

/** Whether this window has just signed in; forgets it. */
export function takeSignedIn(): boolean {
  try {
    const signedIn = window.sessionStorage.getItem(SIGNED_IN_STORAGE_KEY) === '1';
    window.sessionStorage.removeItem(SIGNED_IN_STORAGE_KEY);
    return signedIn;
  } catch {
    return false;
  }
}

/** sessionStorage key of the acting user: per window, so only the proxy window acts by proxy. */
export const PROXY_STORAGE_KEY = 'adloom.proxyUser';

/**
 * Reads `?user=` from the address at start-up and keeps it for this window, so a reload and
 * in-app navigation (which drops the query) keep acting as that user. Returns the acting user.
 */
export function captureProxyUser(search: string = window.location.search): string | undefined {
  const fromAddress = new URLSearchParams(search).get(PROXY_QUERY_PARAM)?.trim();
  if (fromAddress) {
    window.sessionStorage.setItem(PROXY_STORAGE_KEY, fromAddress);
    return fromAddress;
  }
  return proxyUser();
}

/** The user this window acts as, if it is a proxy window. */
export function proxyUser(): string | undefined {
  return window.sessionStorage.getItem(PROXY_STORAGE_KEY) || undefined;
}

export function endProxy(): void {
  window.sessionStorage.removeItem(PROXY_STORAGE_KEY);
}

/**
 * The `redirect` parameter as a safe in-app target: a path of this origin starting with a
 * single '/', never '//' or '/\' (protocol-relative), never a scheme, never /login itself.
 * Anything else gives `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  // Browsers drop tabs and newlines in URLs, which can turn "/\t/evil" into "//evil".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  if (url.pathname === '/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect=<path+search>` for a wanted location; /login itself keeps its query. */
export function loginPathFor(pathname: string, search = ''): string {
  if (pathname === '/login') return `/login${search}`;
  const wanted = `${pathname}${search}`;
  if (wanted === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}
