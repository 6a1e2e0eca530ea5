import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { USERNAME_MIN_LENGTH, currentUser } from '@adloom/domain';
import { call, configureApi } from '../../../lib/api';
import { changeLanguage } from '../../../lib/language';
import { readTokens } from '../../../lib/session';
import { setupSignInTexts } from '../texts';
import { LoginPage } from './LoginPage';

let onSignedIn = vi.fn<() => void>();

function renderLogin() {
  onSignedIn = vi.fn<() => void>();
  return render(<LoginPage onSignedIn={onSignedIn} />);
}

// The page with its own entry's texts (features/auth/texts.ts), as a direct load of /login has
// them; routes.test.tsx shows it inside the console.
beforeAll(async () => {
  await setupSignInTexts('en');
  configureApi({ notifyError: () => undefined });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('LoginPage', () => {
  it('puts the focus on the user field and marks both fields required', () => {
    renderLogin();
    const username = screen.getByLabelText('Username');
    expect(document.activeElement).toBe(username);
    for (const name of ['Username', 'Password']) {
      const label = screen.getByText(name, { selector: 'label' });
      expect(label.className).toMatch(/labelRequired/);
      expect(screen.getByLabelText(name).getAttribute('aria-required')).toBe('true');
    }
  });

  it('shows the brand and the three selling lines', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Adloom' })).toBeTruthy();
    for (const line of [
      'Rich channel resources',
      'Strong technical advantage',
      'Intelligent data analysis',
    ]) {
      expect(screen.getByText(line)).toBeTruthy();
    }
  });

  it('asks for both fields, then gives the too-short hint of the shared schema', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your username')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    expect(screen.getByText(`At least ${USERNAME_MIN_LENGTH} characters`)).toBeTruthy();
    // Signing in only requires a password: one set under an older, shorter rule still works.
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives the schema's hints in Chinese, and names the field's problem to assistive technology", async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    await screen.findByRole('button', { name: '登录' });
    const username = screen.getByLabelText('用户名');
    fireEvent.change(username, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText(`至少 ${USERNAME_MIN_LENGTH} 个字符`)).toBeTruthy();
    fireEvent.change(username, { target: { value: 'a b c' } });
    const problem = screen.getByText('只能包含字母、数字和 _ . @ -');
    expect(username.getAttribute('aria-describedby')).toBe(problem.id);
    expect(document.activeElement).toBe(username);
  });

  it('signs in, keeps its pending state and hands over to the caller once', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        const data = url.endsWith('/currentUser')
          ? { id: 1 }
          : { token: 'admin-t', access_token: 'svc-t', id: 1, expiresAt: '2099-01-01T00:00:00Z' };
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
      }),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'adloom123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(requests).toEqual(['/user/login', '/svc/sys/user/login', '/svc/sys/user/currentUser']);
    expect(readTokens()).toEqual({ adminToken: 'admin-t', serviceToken: 'svc-t' });
    // The page stays busy while the caller leaves for the console.
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's answer to a wrong password, in Chinese too", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: -120, msg: 'Wrong username or password.', data: null }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not-the-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    expect(await screen.findByText('用户名或密码错误。')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says when a throttled sign-in may retry, in Chinese too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: -170,
              msg: 'Too many failed attempts. Try again in 4 seconds.',
              data: { retryAfterSeconds: 4 },
            }),
            { status: 429, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not-the-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed attempts. Try again in 4 seconds.',
    );
    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    expect(await screen.findByText('失败次数过多，请 4 秒后重试。')).toBeTruthy();
  });

  it('says the session timed out after a -100 sent the user here, once, in Chinese too', async () => {
    const goToLogin = vi.fn();
    configureApi({ notifyError: () => undefined, goToLogin });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: -100, msg: 'Log in timeout, please resign.', data: null }),
            {
              status: 401,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      ),
    );
    await expect(call(currentUser, { silent: true })).rejects.toThrow();
    expect(goToLogin).toHaveBeenCalledTimes(1);
    configureApi({ notifyError: () => undefined });

    const first = renderLogin();
    expect(screen.getByRole('status').textContent).toBe('Log in timeout, please resign.');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    expect((await screen.findByRole('status')).textContent).toBe('登录超时，请重新登录。');
    first.unmount();

    // Shown once: coming back to the sign-in page later gives no reason.
    renderLogin();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives no timeout reason to a user who never had a session', () => {
    renderLogin();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
