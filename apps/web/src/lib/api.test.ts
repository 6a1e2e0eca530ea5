import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIES,
  ERROR_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  PROXY_QUERY_PARAM,
  accountLogin,
  currentUser,
  dashboardSummary,
  fieldIssue,
  logout,
  updateProfile,
  type CurrentUser,
  type InterfaceLanguage,
} from '@adloom/domain';
import { ApiError, NETWORK_ERROR_CODE, call, configureApi } from './api';
import { setupI18n } from './i18n';
import { PROXY_STORAGE_KEY } from './session';

const user: CurrentUser = {
  id: 7,
  username: 'adv_alpha',
  nickname: 'Alpha',
  avatar: '',
  introduction: '',
  ability: 129,
  parentId: 2,
  realUser: null,
};

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
let env: {
  notifyError: ReturnType<typeof vi.fn<(text: string) => void>>;
  goToDenied: ReturnType<typeof vi.fn<() => void>>;
  goToLogin: ReturnType<typeof vi.fn<() => void>>;
};
let lang: InterfaceLanguage;

function lastRequest(): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init };
}

// The console's texts: message codes are shown through i18next (lib/messages.ts).
beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  env = {
    notifyError: vi.fn<(text: string) => void>(),
    goToDenied: vi.fn<() => void>(),
    goToLogin: vi.fn<() => void>(),
  };
  lang = 'en';
  configureApi({ ...env, language: () => lang });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call: envelope', () => {
  it('resolves with data on code 200, checked against the endpoint schema', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'ok', data: user }));
    await expect(call(currentUser)).resolves.toEqual(user);
    expect(env.notifyError).not.toHaveBeenCalled();
  });

  it('rejects an answer that breaks the contract', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'ok', data: { id: 'x' } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(call(currentUser)).rejects.toBeInstanceOf(ApiError);
    expect(env.notifyError).toHaveBeenCalledTimes(1);
  });

  it('-110 goes to /401 without a toast', async () => {
    fetchMock.mockResolvedValue(
      answer({ code: -110, msg: 'Access deni, check again.', data: null }, 403),
    );
    await expect(call(dashboardSummary)).rejects.toMatchObject({ code: -110 });
    expect(env.goToDenied).toHaveBeenCalledTimes(1);
    expect(env.notifyError).not.toHaveBeenCalled();
  });

  it('-100 clears the tokens and goes to /login once', async () => {
    document.cookie = `${COOKIES.adminToken}=a; path=/`;
    document.cookie = `${COOKIES.serviceToken}=s; path=/`;
    fetchMock.mockImplementation(async () =>
      answer({ code: -100, msg: 'Log in timeout, please resign.', data: null }, 401),
    );
    await expect(call(dashboardSummary)).rejects.toMatchObject({ code: -100 });
    await expect(call(currentUser)).rejects.toMatchObject({ code: -100 });
    expect(document.cookie).not.toContain(COOKIES.adminToken);
    expect(document.cookie).not.toContain(COOKIES.serviceToken);
    expect(env.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('-100 on a public endpoint (signing in) is an ordinary error', async () => {
    fetchMock.mockResolvedValue(answer({ code: -100, msg: 'nope', data: null }, 401));
    await expect(
      call(accountLogin, { body: { username: 'a', password: 'b' } }),
    ).rejects.toMatchObject({ code: -100, msg: 'nope' });
    expect(env.goToLogin).not.toHaveBeenCalled();
    expect(env.notifyError).toHaveBeenCalledWith('nope');
  });

  it('any other code shows the server message and rejects with code, msg and fields', async () => {
    // A field issue as the server sends it: a code, its parameters and the English text.
    const fields = [fieldIssue('nickname', 'input.tooLong', { max: 20 })];
    fetchMock.mockResolvedValue(
      answer({ code: -120, msg: 'nickname: At most 20 characters', data: { fields } }, 400),
    );
    const error = await call(updateProfile, {
      body: { nickname: 'x', avatar: '', introduction: '' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: -120,
      msg: 'nickname: At most 20 characters',
      fields,
      type: 'validation',
    });
    expect(env.notifyError).toHaveBeenCalledWith('nickname: At most 20 characters');
  });

  it('shows the Chinese catalogue text for a known code in zh, the server text otherwise', async () => {
    lang = 'zh';
    fetchMock.mockResolvedValueOnce(
      answer({ code: -140, msg: "Exists, don't duplicate.", data: null }, 409),
    );
    await expect(call(dashboardSummary)).rejects.toMatchObject({
      message: ERROR_MESSAGES.existent.zh,
    });
    fetchMock.mockResolvedValueOnce(answer({ code: -999, msg: 'Strange', data: null }, 500));
    await expect(call(dashboardSummary)).rejects.toMatchObject({ message: 'Strange' });
    expect(env.notifyError.mock.calls).toEqual([[ERROR_MESSAGES.existent.zh], ['Strange']]);
  });

  it('says when to retry a throttled attempt, in the interface language', async () => {
    const throttled = {
      code: -170,
      msg: 'Too many failed attempts. Try again in 8 seconds.',
      data: { retryAfterSeconds: 8 },
    };
    fetchMock.mockResolvedValueOnce(answer(throttled, 429));
    await expect(call(dashboardSummary)).rejects.toMatchObject({
      code: -170,
      retryAfterSeconds: 8,
      message: 'Too many failed attempts. Try again in 8 seconds.',
    });
    lang = 'zh';
    fetchMock.mockResolvedValueOnce(
      answer({ ...throttled, data: { retryAfterSeconds: 300 } }, 429),
    );
    await expect(call(dashboardSummary)).rejects.toMatchObject({
      message: '失败次数过多，请 5 分钟后重试。',
    });
    // Without a wait (the per-minute rate limit) the catalogue text stays.
    fetchMock.mockResolvedValueOnce(answer({ code: -170, msg: 'Slow down', data: null }, 429));
    await expect(call(dashboardSummary)).rejects.toMatchObject({
      message: ERROR_MESSAGES.tooManyRequests.zh,
    });
  });

  it('a silent call throws without a toast', async () => {
    fetchMock.mockResolvedValue(answer({ code: -500, msg: 'boom', data: null }, 500));
    await expect(call(dashboardSummary, { silent: true })).rejects.toMatchObject({ code: -500 });
    expect(env.notifyError).not.toHaveBeenCalled();
  });

  it('no answer gives the network error text of the interface language', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(dashboardSummary)).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      message: NETWORK_ERROR_MESSAGE.en,
    });
    lang = 'zh';
    await expect(call(dashboardSummary)).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE.zh,
    });
    expect(env.notifyError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE.en);
  });

  it('a timeout is a network error', async () => {
    fetchMock.mockRejectedValue(new DOMException('timed out', 'TimeoutError'));
    await expect(call(dashboardSummary)).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
  });

  it('a body that is not an envelope is a network error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(dashboardSummary)).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
  });

  it('a request the caller cancels rejects without a toast', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(call(dashboardSummary, { signal: controller.signal })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(env.notifyError).not.toHaveBeenCalled();
  });
});

describe('call: request', () => {
  it('sends both tokens and a timeout signal', async () => {
    document.cookie = `${COOKIES.adminToken}=admin-token; path=/`;
    document.cookie = `${COOKIES.serviceToken}=service-token; path=/`;
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'ok', data: user }));
    await call(currentUser);
    const { url, init } = lastRequest();
    expect(url).toBe('/svc/sys/user/currentUser');
    expect(init.method).toBe('GET');
    const headers = new Headers(init.headers);
    expect(headers.get('X-Token')).toBe('admin-token');
    expect(headers.get('Authorization')).toBe('Bearer service-token');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.body).toBeUndefined();
  });

  it('sends no auth headers without tokens', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'ok', data: null }));
    await call(logout);
    const headers = new Headers(lastRequest().init.headers);
    expect(headers.has('X-Token')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('appends the acting user in a proxy window, except when signing in', async () => {
    window.sessionStorage.setItem(PROXY_STORAGE_KEY, '12');
    fetchMock.mockImplementation(async () => answer({ code: 200, msg: 'ok', data: user }));
    await call(currentUser);
    expect(lastRequest().url).toBe(`/svc/sys/user/currentUser?${PROXY_QUERY_PARAM}=12`);
    fetchMock.mockResolvedValue(
      answer({ code: 200, msg: 'ok', data: { token: 't', id: 1, expiresAt: '2030-01-01' } }),
    );
    await call(accountLogin, { body: { username: 'u', password: 'p' } });
    expect(lastRequest().url).toBe('/user/login');
  });

  it('posts multipart endpoints as form data', async () => {
    fetchMock.mockResolvedValue(
      answer({ code: 200, msg: 'ok', data: { token: 't', id: 1, expiresAt: '2030-01-01' } }),
    );
    await call(accountLogin, { body: { username: 'b64:dQ==', password: 'b64:cA==' } });
    const { init } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect(form.get('username')).toBe('b64:dQ==');
    expect(form.get('password')).toBe('b64:cA==');
    // The browser sets the multipart boundary itself.
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('posts other endpoints as JSON', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, msg: 'ok', data: null }));
    await call(logout, { body: { note: 'bye' } });
    const { init } = lastRequest();
    expect(init.body).toBe(JSON.stringify({ note: 'bye' }));
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });
});
