/**
 * The router's route objects, built from the domain route table (CONSOLE_ROUTES) and the
 * page registry. Public routes stand alone; every other route lives inside the console
 * shell behind RequireAuth and its own role check.
 */
import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CONSOLE_ROUTES, flattenRoutes, type ConsoleRoute } from '@adloom/domain';
import { AppRoot } from './AppRoot';
import { GroupRedirect, PublicOnly, RequireAccess, RequireAuth } from './guards';
import { Loading } from './Loading';
import { AntdProvider, ConsoleLayout, PAGES, type LazyPage } from './pages';
import { RouteError } from './RouteError';

function pageOf(path: string): LazyPage {
  const page = PAGES[path];
  if (!page) throw new Error(`No page registered for ${path}`);
  return page;
}

function standalone(route: ConsoleRoute): RouteObject {
  const Page = pageOf(route.path);
  const element = (
    <Suspense fallback={<Loading fullPage />}>
      <Page />
    </Suspense>
  );
  return {
    path: route.path,
    element: route.path === '/login' ? <PublicOnly>{element}</PublicOnly> : element,
  };
}

function inShell(route: ConsoleRoute): RouteObject {
  if (route.children) {
    return {
      path: route.path,
      element: (
        <RequireAccess access={route.access}>
          <GroupRedirect group={route} />
        </RequireAccess>
      ),
    };
  }
  const Page = pageOf(route.path);
  // The shell wraps its outlet in Suspense, so the menu stays while a page loads. It is plain
  // markup: a page that uses antd gets antd's provider here.
  return {
    path: route.path,
    element: (
      <RequireAccess access={route.access}>
        {Page.plain ? (
          <Page />
        ) : (
          <AntdProvider>
            <Page />
          </AntdProvider>
        )}
      </RequireAccess>
    ),
  };
}

export function buildRoutes(routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): RouteObject[] {
  const all = flattenRoutes(routes);
  return [
    {
      element: <AppRoot />,
      errorElement: <RouteError />,
      children: [
        ...all.filter((route) => route.access === 'public').map(standalone),
        {
          element: (
            <RequireAuth>
              <Suspense fallback={<Loading fullPage />}>
                <ConsoleLayout />
              </Suspense>
            </RequireAuth>
          ),
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            ...all.filter((route) => route.access !== 'public').map(inShell),
          ],
        },
        // docs/product/console.md#access-rules: an anonymous visitor reaches only /login (and the error pages), so an
        // unknown path asks for sign-in first and shows /404 afterwards.
        {
          path: '*',
          element: (
            <RequireAuth>
              <Navigate to="/404" replace />
            </RequireAuth>
          ),
        },
      ],
    },
  ];
}
