import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { USERNAME_MIN_LENGTH, currentUser } from '@adloom/domain';
import { SessionProvider } from '../../../app/session';
import { call, configureApi } from '../../../lib/api';
import { changeLanguage, setupI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query';
import { LoginPage } from './LoginPage';

function renderLogin() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <LoginPage />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await setupI18n('en');
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

    const first = render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </QueryClientProvider>,
    );
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
