import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, PROXY_QUERY_PARAM, decodeCredential, type CurrentUser } from '@adloom/domain';
import {
  PROXY_STORAGE_KEY,
  SIGNED_IN_STORAGE_KEY,
  TIMED_OUT_STORAGE_KEY,
  readTokens,
  storeTokens,
} from '../../lib/session';
import { hasSession, signIn } from './api';
import { setupSignInTexts } from './texts';

const user: CurrentUser = {
  id: 1,
  username: 'admin',
  nickname: 'Administrator',
  avatar: '',
  introduction: '',
  ability: 1,
  parentId: null,
  realUser: null,
};

function envelope(code: number | undefined, data: unknown, msg = 'ok', msgCode?: string) {
  return new Response(JSON.stringify({ code, msg, msgCode, data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

type Answer = (init: RequestInit) => Response;

let answers: Record<string, Answer>;
let calls: { url: string; init: RequestInit }[];

// The sign-in page's own texts: what its entry has, not the console's catalogue.
beforeAll(async () => {
  await setupSignInTexts('en');
});

beforeEach(() => {
  calls = [];
  answers = {
    '/user/login': () =>
      envelope(200, { token: 'admin-t', id: 1, expiresAt: '2099-01-01T00:00:00Z' }),
    '/svc/sys/user/login': () =>
      envelope(200, { access_token: 'svc-t', id: 1, expiresAt: '2099-01-01T00:00:00Z' }),
    '/svc/sys/user/currentUser': () => envelope(200, user),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers[url.split('?')[0] ?? url];
      if (!answer) throw new TypeError(`unexpected ${url}`);
      return answer(init);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signIn', () => {
  it('signs in to both services with encoded credentials, keeps both tokens, loads the user', async () => {
    await expect(signIn({ username: ' admin ', password: 'adloom123' }, 'en')).resolves.toBe(
      undefined,
    );
    expect(calls.map((call) => call.url)).toEqual([
      '/user/login',
      '/svc/sys/user/login',
      '/svc/sys/user/currentUser',
    ]);
    for (const call of calls.slice(0, 2)) {
      expect(call.init.method).toBe('POST');
      const form = call.init.body as FormData;
      expect(decodeCredential(String(form.get('username')))).toBe('admin');
      expect(decodeCredential(String(form.get('password')))).toBe('adloom123');
    }
    expect(readTokens()).toEqual({ adminToken: 'admin-t', serviceToken: 'svc-t' });
    const headers = new Headers(calls[2]?.init.headers);
    expect(headers.get('X-Token')).toBe('admin-t');
    expect(headers.get('Authorization')).toBe('Bearer svc-t');
    // The console reloads the setting lists when it next starts (app/session.tsx).
    expect(window.sessionStorage.getItem(SIGNED_IN_STORAGE_KEY)).toBe('1');
  });

  it('loads the acting user in a proxy window, signing in as the person', async () => {
    window.sessionStorage.setItem(PROXY_STORAGE_KEY, '12');
    await signIn({ username: 'admin', password: 'adloom123' }, 'en');
    expect(calls.map((call) => call.url)).toEqual([
      '/user/login',
      '/svc/sys/user/login',
      `/svc/sys/user/currentUser?${PROXY_QUERY_PARAM}=12`,
    ]);
  });

  it('forgets the tokens when the user cannot be loaded', async () => {
    answers['/svc/sys/user/currentUser'] = () => envelope(-500, null, 'boom');
    await expect(signIn({ username: 'admin', password: 'adloom123' }, 'en')).rejects.toMatchObject({
      code: -500,
      msg: 'boom',
    });
    expect(document.cookie).not.toContain(COOKIES.adminToken);
    expect(readTokens()).toEqual({ adminToken: undefined, serviceToken: undefined });
    expect(window.sessionStorage.getItem(SIGNED_IN_STORAGE_KEY)).toBeNull();
  });

  it('rejects a wrong password with its code and text, in the language asked', async () => {
    answers['/user/login'] = () =>
      envelope(-120, null, 'Wrong username or password.', 'password.wrongCredentials');
    await expect(signIn({ username: 'admin', password: 'wrong-one' }, 'zh')).rejects.toMatchObject({
      code: -120,
      msg: 'Wrong username or password.',
      message: '用户名或密码错误。',
    });
    expect(calls).toHaveLength(1);
    expect(readTokens().adminToken).toBeUndefined();
  });

  it('rejects an answer without its token as the server failing', async () => {
    answers['/svc/sys/user/login'] = () => envelope(200, { id: 1 });
    await expect(signIn({ username: 'admin', password: 'adloom123' }, 'en')).rejects.toMatchObject({
      code: -500,
    });
    expect(readTokens()).toEqual({ adminToken: undefined, serviceToken: undefined });
  });

  it('a body that is not an envelope, or no answer, is the network error', async () => {
    answers['/user/login'] = () => new Response('<html>proxy error</html>', { status: 502 });
    await expect(signIn({ username: 'admin', password: 'adloom123' }, 'en')).rejects.toMatchObject({
      code: 0,
    });
    answers['/user/login'] = () => envelope(undefined, null);
    await expect(signIn({ username: 'admin', password: 'adloom123' }, 'en')).rejects.toMatchObject({
      code: 0,
    });
    answers['/user/login'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(signIn({ username: 'admin', password: 'adloom123' }, 'zh')).rejects.toMatchObject({
      code: 0,
      message: '网络错误，请检查网络；若一直出错请联系管理员。',
    });
  });
});

describe('hasSession', () => {
  it('says yes when the tokens open a session', async () => {
    storeTokens({ adminToken: 'admin-t', serviceToken: 'svc-t' });
    await expect(hasSession('en')).resolves.toBe(true);
    expect(new Headers(calls[0]?.init.headers).get('X-Token')).toBe('admin-t');
  });

  it('forgets a lost session and says it timed out', async () => {
    storeTokens({ adminToken: 'old-t' });
    answers['/svc/sys/user/currentUser'] = () =>
      envelope(-100, null, 'Log in timeout, please resign.');
    await expect(hasSession('en')).resolves.toBe(false);
    expect(readTokens().adminToken).toBeUndefined();
    expect(window.sessionStorage.getItem(TIMED_OUT_STORAGE_KEY)).toBe('1');
  });

  it('keeps the tokens when the server could not say', async () => {
    storeTokens({ adminToken: 'admin-t' });
    answers['/svc/sys/user/currentUser'] = () => envelope(-500, null, 'boom');
    await expect(hasSession('en')).resolves.toBe(false);
    expect(readTokens().adminToken).toBe('admin-t');
    expect(window.sessionStorage.getItem(TIMED_OUT_STORAGE_KEY)).toBeNull();
  });
});
