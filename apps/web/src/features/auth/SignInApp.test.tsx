import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { COOKIES } from '@adloom/domain';
import { documentTitleOf } from '../../app/AppRoot';
import { changeLanguage, i18n } from '../../lib/language';
import { readTokens } from '../../lib/session';
import { SignInApp } from './SignInApp';
import { setupSignInTexts } from './texts';

const TOKENS = {
  token: 'admin-t',
  access_token: 'svc-t',
  id: 1,
  expiresAt: '2099-01-01T00:00:00Z',
};

/** Answers the three sign-in calls; the current user with `userCode`. */
function serve(userCode = 200) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const user = url.startsWith('/svc/sys/user/currentUser');
      const code = user ? userCode : 200;
      const msg = code === -100 ? 'Log in timeout, please resign.' : 'ok';
      return new Response(JSON.stringify({ code, msg, data: user ? { id: 1 } : TOKENS }));
    }),
  );
  return requests;
}

function renderAt(search: string) {
  const leave = vi.fn<(path: string) => void>();
  render(<SignInApp search={search} leave={leave} />);
  return leave;
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'adloom123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeAll(async () => {
  await setupSignInTexts('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the sign-in entry', () => {
  it('leaves for the redirect target after signing in', async () => {
    serve();
    const leave = renderAt('?redirect=%2Fad%2Fplan%3Fpage%3D2');
    await signIn();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/ad/plan?page=2'));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(readTokens()).toEqual({ adminToken: 'admin-t', serviceToken: 'svc-t' });
  });

  it('leaves for / without a target', async () => {
    serve();
    const leave = renderAt('');
    await signIn();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/'));
  });

  it.each([
    ['%2F%2Fevil.example'],
    ['%2F%5Cevil.example'],
    ['https%3A%2F%2Fevil.example%2F'],
    ['%2F%09%2Fevil.example'],
    ['javascript%3Aalert(1)'],
    ['%2Flogin'],
  ])('never follows the target %s off the console', async (redirect) => {
    serve();
    const leave = renderAt(`?redirect=${redirect}`);
    await signIn();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/'));
  });

  it('sends a signed-in visitor on to the target without showing the form', async () => {
    document.cookie = `${COOKIES.adminToken}=admin-t; path=/`;
    const requests = serve();
    const leave = renderAt('?redirect=%2Fuser%2Fpassword');
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/user/password'));
    expect(requests).toEqual(['/svc/sys/user/currentUser']);
    expect(screen.queryByLabelText('Username')).toBeNull();
  });

  it('sends a signed-in visitor home rather than off the site', async () => {
    document.cookie = `${COOKIES.adminToken}=admin-t; path=/`;
    serve();
    const leave = renderAt('?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/'));
  });

  it('asks a visitor whose session was lost to sign in again, and says why', async () => {
    document.cookie = `${COOKIES.adminToken}=old-t; path=/`;
    serve(-100);
    const leave = renderAt('?redirect=%2Fdashboard');
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Log in timeout, please resign.');
    expect(readTokens().adminToken).toBeUndefined();
    expect(leave).not.toHaveBeenCalled();
  });

  it('titles the page as the console titles /login, in the chosen language', async () => {
    serve();
    renderAt('');
    await screen.findByLabelText('Username');
    expect(document.title).toBe('Sign in - Adloom');
    expect(document.title).toBe(documentTitleOf('/login', (key) => i18n.t(key)));
    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    await waitFor(() => expect(document.title).toBe('登录 - Adloom'));
  });
});
