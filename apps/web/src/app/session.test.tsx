import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  COOKIES,
  listAllCountries,
  listLanguages,
  listStyles,
  type CurrentUser,
} from '@adloom/domain';
import { configureApi } from '../lib/api';
import { setupI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query';
import { SIGNED_IN_STORAGE_KEY, noteSignedIn } from '../lib/session';
import { SessionProvider, useSession } from './session';

const USER: CurrentUser = {
  id: 1,
  username: 'admin',
  nickname: 'Administrator',
  avatar: '',
  introduction: '',
  ability: 1,
  parentId: null,
  realUser: null,
};
const LISTS = [listLanguages.path, listAllCountries.path, listStyles.path].sort();

function serve(listAnswer: () => Response = () => envelope(200, [])) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      return url.startsWith('/svc/sys/user/currentUser') ? envelope(200, USER) : listAnswer();
    }),
  );
  return requests;
}

function envelope(code: number, data: unknown) {
  return new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'boom', data }));
}

function Status() {
  return <p>{useSession().status}</p>;
}

function renderSession() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <Status />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const notifyError = vi.fn<(text: string) => void>();

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifyError.mockReset();
});

describe('the session after a sign-in', () => {
  it('reloads the setting lists silently once the console has the user', async () => {
    configureApi({ notifyError });
    document.cookie = `${COOKIES.adminToken}=admin-t; path=/`;
    document.cookie = `${COOKIES.serviceToken}=svc-t; path=/`;
    noteSignedIn();
    const requests = serve(() => envelope(-500, null));
    renderSession();
    expect(await screen.findByText('authenticated')).toBeTruthy();
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests.slice(1).sort()).toEqual(LISTS);
    expect(notifyError).not.toHaveBeenCalled();
    // Once: the next start of the console is no sign-in.
    expect(window.sessionStorage.getItem(SIGNED_IN_STORAGE_KEY)).toBeNull();
  });

  it('loads no list when the console merely starts with a session', async () => {
    document.cookie = `${COOKIES.adminToken}=admin-t; path=/`;
    document.cookie = `${COOKIES.serviceToken}=svc-t; path=/`;
    const requests = serve();
    renderSession();
    expect(await screen.findByText('authenticated')).toBeTruthy();
    await new Promise((done) => setTimeout(done, 50));
    expect(requests).toEqual(['/svc/sys/user/currentUser']);
  });

  it('loads no list without the service token', async () => {
    document.cookie = `${COOKIES.adminToken}=admin-t; path=/`;
    noteSignedIn();
    const requests = serve();
    renderSession();
    expect(await screen.findByText('authenticated')).toBeTruthy();
    await new Promise((done) => setTimeout(done, 50));
    expect(requests).toEqual(['/svc/sys/user/currentUser']);
  });
});
