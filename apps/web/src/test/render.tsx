/** Test helpers: a signed-in session with a mocked server, around a page. */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Ability, COOKIES, type CurrentUser } from '@adloom/domain';
import { SessionProvider } from '../app/session';
import { createQueryClient } from '../lib/query';

export function envelope(code: number, data: unknown, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

export function systemUser(ability = Ability.login | Ability.systemManage): CurrentUser {
  return {
    id: 1,
    username: 'root',
    nickname: 'Root',
    avatar: '',
    introduction: '',
    ability,
    parentId: null,
    realUser: null,
  };
}

export interface Request {
  method: string;
  url: string;
  body: FormData | string | null;
}

/**
 * Renders `children` signed in; `answer` gives the data of every call but currentUser
 * (return a Response for anything other than success). Resolves the requests seen.
 */
export function renderSignedIn(
  children: ReactNode,
  answer: (url: string, init: RequestInit) => unknown,
  { ability, path = '/' }: { ability?: number; path?: string } = {},
) {
  document.cookie = `${COOKIES.adminToken}=t; path=/`;
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({
        method: init.method ?? 'GET',
        url,
        body: (init.body as FormData | string | undefined) ?? null,
      });
      if (url.startsWith('/svc/sys/user/currentUser')) return envelope(200, systemUser(ability));
      const data = answer(url, init);
      return data instanceof Response ? data : envelope(200, data);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return requests;
}
