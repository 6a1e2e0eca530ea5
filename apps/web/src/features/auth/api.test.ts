import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  COOKIES,
  decodeCredential,
  listAllCountries,
  listLanguages,
  listStyles,
  type CurrentUser,
} from '@adloom/domain';
import { configureApi } from '../../lib/api';
import { readTokens } from '../../lib/session';
import { signIn } from './api';

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

function envelope(code: number, data: unknown, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

type Answer = (init: RequestInit) => Response;

let answers: Record<string, Answer>;
let calls: { url: string; init: RequestInit }[];
const notifyError = vi.fn<(text: string) => void>();

beforeEach(() => {
  calls = [];
  answers = {
    '/user/login': () =>
      envelope(200, { token: 'admin-t', id: 1, expiresAt: '2099-01-01T00:00:00Z' }),
    '/svc/sys/user/login': () =>
      envelope(200, { access_token: 'svc-t', id: 1, expiresAt: '2099-01-01T00:00:00Z' }),
    '/svc/sys/user/currentUser': () => envelope(200, user),
    [listLanguages.path]: () => envelope(200, []),
    [listAllCountries.path]: () => envelope(200, []),
    [listStyles.path]: () => envelope(200, []),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers[url];
      if (!answer) throw new TypeError(`unexpected ${url}`);
      return answer(init);
    }),
  );
  notifyError.mockReset();
  configureApi({ notifyError });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signIn', () => {
  it('signs in to both services with encoded credentials, keeps both tokens, loads the user', async () => {
    const queryClient = new QueryClient();
    await expect(
      signIn({ username: ' admin ', password: 'adloom123' }, queryClient),
    ).resolves.toEqual(user);
    expect(calls.slice(0, 3).map((call) => call.url)).toEqual([
      '/user/login',
      '/svc/sys/user/login',
      '/svc/sys/user/currentUser',
    ]);
    for (const call of calls.slice(0, 2)) {
      const form = call.init.body as FormData;
      expect(decodeCredential(String(form.get('username')))).toBe('admin');
      expect(decodeCredential(String(form.get('password')))).toBe('adloom123');
    }
    expect(readTokens()).toEqual({ adminToken: 'admin-t', serviceToken: 'svc-t' });
    const headers = new Headers(calls[2]?.init.headers);
    expect(headers.get('X-Token')).toBe('admin-t');
    expect(headers.get('Authorization')).toBe('Bearer svc-t');
    // The setting lists are reloaded in the background.
    await vi.waitFor(() => expect(calls).toHaveLength(6));
    expect(
      calls
        .slice(3)
        .map((call) => call.url)
        .sort(),
    ).toEqual([listLanguages.path, listAllCountries.path, listStyles.path].sort());
  });

  it('reloads the setting lists silently', async () => {
    answers[listStyles.path] = () => envelope(-500, null, 'boom');
    await signIn({ username: 'admin', password: 'adloom123' }, new QueryClient());
    await vi.waitFor(() => expect(calls).toHaveLength(6));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('forgets the tokens when the user cannot be loaded', async () => {
    answers['/svc/sys/user/currentUser'] = () => envelope(-500, null, 'boom');
    await expect(
      signIn({ username: 'admin', password: 'adloom123' }, new QueryClient()),
    ).rejects.toMatchObject({ code: -500 });
    expect(document.cookie).not.toContain(COOKIES.adminToken);
    expect(readTokens()).toEqual({ adminToken: undefined, serviceToken: undefined });
  });

  it('rejects a wrong password without a toast (the page shows it)', async () => {
    answers['/user/login'] = () => envelope(-120, null, 'Wrong username or password.');
    await expect(
      signIn({ username: 'admin', password: 'wrong-one' }, new QueryClient()),
    ).rejects.toMatchObject({ code: -120, msg: 'Wrong username or password.' });
    expect(calls).toHaveLength(1);
    expect(notifyError).not.toHaveBeenCalled();
    expect(readTokens().adminToken).toBeUndefined();
  });
});
