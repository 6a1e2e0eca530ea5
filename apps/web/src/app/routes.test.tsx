import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import {
  Ability,
  ABILITY_ALL,
  COOKIES,
  CONSOLE_ROUTES,
  deriveRoles,
  flattenRoutes,
  listAllCountries,
  listLanguages,
  listStyles,
  menuFor,
  type CurrentUser,
  type DashboardSummary,
} from '@adloom/domain';
import { configureApi } from '../lib/api';
import { setupI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query';
import { App } from './App';
import { groupTarget } from './guards';
import { groupOf, selectedMenuKey, trailOf } from './layout/navigation';
import { PAGES } from './pages';
import { buildRoutes } from './routes';
import { documentTitleOf } from './AppRoot';

const ADVERTISER = Ability.login | Ability.adManage;
const AUDITOR = Ability.login | Ability.examAdvanced;

function userWith(ability: number): CurrentUser {
  return {
    id: 3,
    username: 'someone',
    nickname: 'Someone',
    avatar: '',
    introduction: '',
    ability,
    parentId: null,
    realUser: null,
  };
}

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An advertiser's empty dashboard, as the contract has it (the client checks each answer). */
const SUMMARY: DashboardSummary = {
  balance: 0,
  spendToday: 0,
  costThisMonth: 0,
  incomeToday: null,
  incomeYesterday: null,
  incomeThisMonth: null,
  incomeLastMonth: null,
  incomeScope: null,
  livePlans: null,
  shortBalancePlans: null,
  creativesUnderAudit: null,
  creativesFailed: null,
  trend: [],
  clients: null,
  supply: null,
  finance: null,
};

/** Renders the app at `path`, signed in with `ability` (or anonymous). */
function renderAt(path: string, ability?: number) {
  if (ability !== undefined) {
    document.cookie = `${COOKIES.adminToken}=token; path=/`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(url.startsWith('/svc/dashboard') ? SUMMARY : userWith(ability)),
      ),
    );
  }
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<App router={router} queryClient={createQueryClient()} />);
  return router;
}

beforeAll(async () => {
  await setupI18n('en');
  // The shell and its pages are loaded on first use: give them time. In the full web run on
  // the shared two-core machine, /404 and the /login → / → /dashboard hop took over 5 s (both
  // pass in ~2 s alone); a page that never shows still fails after 10 s.
  configure({ asyncUtilTimeout: 10_000 });
});

beforeEach(() => {
  configureApi({ notifyError: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page registry', () => {
  it('has a lazy page for every route of the domain table that is not a group', () => {
    for (const route of flattenRoutes(CONSOLE_ROUTES)) {
      if (route.children) expect(PAGES[route.path], route.path).toBeUndefined();
      else expect(PAGES[route.path], route.path).toBeDefined();
    }
  });
});

describe('access rules', () => {
  it('sends an anonymous visitor to /login with the wanted path', async () => {
    const router = renderAt('/ad/plan?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fad%2Fplan%3Fpage%3D2');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('asks an anonymous visitor of an unknown path to sign in first', async () => {
    const router = renderAt('/somewhere/unknown');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fsomewhere%2Funknown');
  });

  it('lets an anonymous visitor see /404 and /401', async () => {
    const router = renderAt('/404');
    await waitFor(() => expect(screen.getByRole('heading', { name: '404' })).toBeTruthy());
    expect(router.state.location.pathname).toBe('/404');
  });

  it('signs in at /login inside the console and goes on to the redirect target', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        if (url.endsWith('/login')) {
          return envelope({ token: 't', access_token: 's', id: 3, expiresAt: '2099-01-01' });
        }
        return envelope(url.startsWith('/svc/sys/user/currentUser') ? userWith(ADVERTISER) : []);
      }),
    );
    const router = renderAt('/user/password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'someone' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/password'));
    // The session loads the user through the console's checked client; the lists reload.
    const lists: string[] = [listLanguages.path, listAllCountries.path, listStyles.path];
    await waitFor(() => expect(requests.filter((url) => lists.includes(url))).toHaveLength(3));
    expect(requests.slice(0, 3)).toEqual([
      '/user/login',
      '/svc/sys/user/login',
      '/svc/sys/user/currentUser',
    ]);
  });

  it('sends a signed-in visitor of an unknown path to /404', async () => {
    const router = renderAt('/somewhere/unknown', ADVERTISER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('sends a signed-in visitor of /login on to the redirect target', async () => {
    const router = renderAt('/login?redirect=%2Fuser%2Fpassword', ADVERTISER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/password'));
  });

  it('never follows a redirect target off the site', async () => {
    const router = renderAt('/login?redirect=%2F%2Fevil.example', ADVERTISER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends / to /dashboard', async () => {
    const router = renderAt('/', ADVERTISER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a missing role to /401 with the no-go-back flag', async () => {
    const router = renderAt('/system/country', ADVERTISER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    expect(router.state.location.state).toEqual({ noGoBack: true });
    expect(await screen.findByRole('button', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
  });

  it('sends a group to its default child, or the first permitted one', async () => {
    const router = renderAt('/ad', AUDITOR);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ad/exam'));
  });

  it('shows only the menu entries the roles permit, and titles the page', async () => {
    renderAt('/dashboard', ADVERTISER);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const name of ['Dashboard', 'Advertising', 'Reports', 'My account']) {
      expect(within(nav).getByText(name)).toBeTruthy();
    }
    expect(within(nav).queryByText('Supply side')).toBeNull();
    expect(within(nav).queryByText('System settings')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Dashboard - Adloom'));
    expect(await screen.findByRole('button', { name: 'Publish new ad' })).toBeTruthy();
  });
});

describe('navigation helpers', () => {
  const everything = menuFor(deriveRoles(ABILITY_ALL));

  it('highlights the menu entry of a hidden page', () => {
    expect(selectedMenuKey(everything, '/ad/plan/12')).toBe('/ad/plan');
    expect(selectedMenuKey(everything, '/system/brand/3')).toBe('/system/brand');
    expect(selectedMenuKey(everything, '/dashboard')).toBe('/dashboard');
    expect(groupOf('/ad/plan')?.path).toBe('/ad');
  });

  it('builds the page trail and the document title', () => {
    expect(trailOf('/ad/plan/12')).toEqual(['menu.ad', 'menu.planEdit']);
    // The new-plan form shares the route but is not an edit.
    expect(trailOf('/ad/plan/new')).toEqual(['menu.ad', 'menu.planNew']);
    expect(documentTitleOf('/ad/plan/new', (key) => `<${key}>`)).toBe('<menu.planNew> - Adloom');
    expect(trailOf('/dashboard')).toEqual(['menu.dashboard']);
    expect(documentTitleOf('/user/password', (key) => `<${key}>`)).toBe('<menu.password> - Adloom');
    expect(documentTitleOf('/nowhere', (key) => key)).toBe('Adloom');
  });

  it('picks the default child of a group when permitted', () => {
    const ad = CONSOLE_ROUTES.find((route) => route.path === '/ad');
    if (!ad) throw new Error('no /ad');
    expect(groupTarget(ad, deriveRoles(ADVERTISER))).toBe('/ad/plan');
    expect(groupTarget(ad, deriveRoles(AUDITOR))).toBe('/ad/exam');
    expect(groupTarget(ad, deriveRoles(Ability.login))).toBeUndefined();
  });
});
