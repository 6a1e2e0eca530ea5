/**
 * The console's route table (docs/product/console.md#screens): one entry per route with its roles and hidden flag.
 * The web builds its router and menu from it; the e2e suite walks it.
 */
import type { Role } from './abilities.js';

/** `public`: reachable without signing in; `login`: any signed-in user; else any of the roles. */
export type RouteAccess = 'public' | 'login' | readonly Role[];

export interface ConsoleRoute {
  path: string;
  /** i18n key of the page title, e.g. `menu.plans`. */
  titleKey: string;
  access: RouteAccess;
  hidden?: boolean;
  /** A group's default child. */
  redirect?: string;
  children?: readonly ConsoleRoute[];
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: '/login', titleKey: 'menu.login', access: 'public', hidden: true },
  { path: '/404', titleKey: 'menu.notFound', access: 'public', hidden: true },
  { path: '/401', titleKey: 'menu.denied', access: 'public', hidden: true },
  { path: '/dashboard', titleKey: 'menu.dashboard', access: 'login' },
  {
    path: '/ad',
    titleKey: 'menu.ad',
    access: ['adController', 'adExam'],
    redirect: '/ad/plan',
    children: [
      { path: '/ad/plan', titleKey: 'menu.plans', access: ['adController'] },
      { path: '/ad/plan/:id', titleKey: 'menu.planEdit', access: ['adController'], hidden: true },
      { path: '/ad/idea', titleKey: 'menu.ideas', access: ['adController'] },
      { path: '/ad/resource', titleKey: 'menu.resources', access: ['adController'] },
      { path: '/ad/exam', titleKey: 'menu.exam', access: ['adExam'] },
    ],
  },
  {
    path: '/ssp',
    titleKey: 'menu.ssp',
    access: ['system', 'ssp', 'slot'],
    redirect: '/ssp/dsp',
    children: [
      { path: '/ssp/media', titleKey: 'menu.media', access: ['system', 'ssp', 'slot'] },
      { path: '/ssp/slot', titleKey: 'menu.slots', access: ['system', 'ssp', 'slot'] },
      { path: '/ssp/dsp', titleKey: 'menu.dsp', access: ['system', 'ssp'] },
    ],
  },
  {
    path: '/report',
    titleKey: 'menu.report',
    access: ['adController'],
    redirect: '/report/index',
    children: [
      { path: '/report/index', titleKey: 'menu.accountReport', access: ['adController'] },
      { path: '/report/countryReport', titleKey: 'menu.countryReport', access: ['adController'] },
    ],
  },
  {
    path: '/sspReport',
    titleKey: 'menu.sspReportGroup',
    access: ['system'],
    redirect: '/sspReport/index',
    children: [{ path: '/sspReport/index', titleKey: 'menu.sspReport', access: ['system'] }],
  },
  {
    // Not in the spec's route table: the delivery engine's diagnosis tool (issue 7).
    path: '/delivery',
    titleKey: 'menu.delivery',
    access: ['system', 'ssp', 'adController'],
    redirect: '/delivery/diagnosis',
    children: [
      {
        path: '/delivery/diagnosis',
        titleKey: 'menu.diagnosis',
        access: ['system', 'ssp', 'adController'],
      },
    ],
  },
  {
    path: '/user',
    titleKey: 'menu.user',
    access: 'login',
    redirect: '/user/index',
    children: [
      // docs/product/console.md#screens names userAgent; fund managers and user managers (userAllVisitor) need the
      // same list to top up and unlock accounts (docs/decisions/accounts.md).
      {
        path: '/user/manage',
        titleKey: 'menu.userManage',
        access: ['userAgent', 'userAllVisitor'],
      },
      { path: '/user/index', titleKey: 'menu.userInfo', access: 'login' },
      { path: '/user/password', titleKey: 'menu.password', access: 'login' },
    ],
  },
  {
    path: '/system',
    titleKey: 'menu.system',
    access: ['system'],
    redirect: '/system/human',
    children: [
      { path: '/system/human', titleKey: 'menu.human', access: ['system'] },
      { path: '/system/style', titleKey: 'menu.style', access: ['system'] },
      { path: '/system/adType', titleKey: 'menu.adType', access: ['system'] },
      { path: '/system/brand', titleKey: 'menu.brand', access: ['system'] },
      { path: '/system/brand/:id', titleKey: 'menu.models', access: ['system'], hidden: true },
      { path: '/system/country', titleKey: 'menu.country', access: ['system'] },
      { path: '/system/parameter', titleKey: 'menu.parameter', access: ['system'] },
      { path: '/system/currency', titleKey: 'menu.currency', access: ['system'] },
    ],
  },
];

/** Routes flattened, groups included, in table order. */
export function flattenRoutes(routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): ConsoleRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

export function canAccess(access: RouteAccess, roles: readonly Role[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null) return false;
  if (access === 'login') return roles.includes('login');
  return access.some((role) => roles.includes(role));
}

/** The menu a user sees: permitted, not hidden; a group keeps only its permitted children. */
export function menuFor(
  roles: readonly Role[],
  routes: readonly ConsoleRoute[] = CONSOLE_ROUTES,
): ConsoleRoute[] {
  return routes.flatMap((route) => {
    if (route.hidden || !canAccess(route.access, roles)) return [];
    if (!route.children) return [route];
    const children = menuFor(roles, route.children);
    return children.length > 0 ? [{ ...route, children }] : [];
  });
}

/** Finds the table entry for a concrete path, matching `:param` segments. */
export function matchRoute(pathname: string): ConsoleRoute | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  return flattenRoutes().find((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])
    );
  });
}
