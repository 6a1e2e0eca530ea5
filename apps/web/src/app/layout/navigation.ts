/** Where the current path sits in the menu: the selected entry, its group, the page trail. */
import { CONSOLE_ROUTES, matchRoute, type ConsoleRoute } from '@adloom/domain';

function isPrefix(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The menu entry to highlight: the deepest visible leaf whose path starts the pathname. */
export function selectedMenuKey(
  menu: readonly ConsoleRoute[],
  pathname: string,
): string | undefined {
  let best: string | undefined;
  for (const route of menu) {
    const candidate = route.children
      ? selectedMenuKey(route.children, pathname)
      : isPrefix(route.path, pathname)
        ? route.path
        : undefined;
    if (candidate && (!best || candidate.length > best.length)) best = candidate;
  }
  return best;
}

/** The group holding a path, if any. */
export function groupOf(path: string, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES) {
  return routes.find((route) => route.children?.some((child) => isPrefix(child.path, path)));
}

/** Pages that share a route with another title: the new-plan form is not "Edit plan". */
const TITLE_BY_PATH: Readonly<Record<string, string>> = { '/ad/plan/new': 'menu.planNew' };

/** The title key of the page at `pathname` (undefined off the route table). */
export function titleKeyOf(pathname: string): string | undefined {
  return TITLE_BY_PATH[pathname.replace(/\/+$/, '')] ?? matchRoute(pathname)?.titleKey;
}

/** Title keys from the group down to the page: ['menu.ad', 'menu.plans']. */
export function trailOf(pathname: string): string[] {
  const route = matchRoute(pathname);
  const title = titleKeyOf(pathname);
  if (!route || !title) return [];
  const group = route.children ? undefined : groupOf(route.path);
  return group ? [group.titleKey, title] : [title];
}
