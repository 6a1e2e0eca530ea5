/**
 * The page registry: route path → lazily loaded page. Every page is its own chunk (a page
 * imported statically anywhere would not be split), so /login loads neither the shell nor
 * any console page. Each can be fetched ahead of its render (`preload`): the console's boot
 * asks for the shell and the page of the address while the session loads
 * (docs/decisions/dashboard-first-load.md).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoute } from '@adloom/domain';
import { loadAllTexts } from '../lib/i18n';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts fetching the page's chunk; its render then waits for nothing else. */
  preload(): void;
  /**
   * The page's first screen is plain markup and its antd parts bring their own theme
   * (`lazyWithAntd`): the routes put no antd provider around it, so it paints before antd
   * has loaded. Every other page renders inside `AntdProvider`.
   */
  plain: boolean;
};

/**
 * A lazy component whose chunk can be fetched before it renders. A page other than a plain
 * one also waits for the texts the entry leaves out.
 */
function page(
  loadPage: () => Promise<{ default: ComponentType }>,
  { plain = false }: { plain?: boolean } = {},
): LazyPage {
  const load = plain
    ? loadPage
    : () => Promise.all([loadPage(), loadAllTexts()]).then(([module]) => module);
  // A failed preload is not an error: the render asks again and shows the failure.
  return Object.assign(lazy(load), {
    preload: () => {
      void load().catch(() => undefined);
      if (!plain) preloadAntdProvider();
    },
    plain,
  });
}

const loadAntdProvider = () => import('./AntdProvider').then((m) => ({ default: m.AntdProvider }));

/** antd's theme, locale and toasts around a page that uses antd (its own chunk, with antd). */
export const AntdProvider = lazy(loadAntdProvider);

function preloadAntdProvider(): void {
  void loadAntdProvider().catch(() => undefined);
}

export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/login': page(() =>
    import('../features/auth/pages/ConsoleLoginPage').then((m) => ({
      default: m.ConsoleLoginPage,
    })),
  ),
  '/404': page(() =>
    import('../features/errors/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
  ),
  '/401': page(() =>
    import('../features/errors/pages/DeniedPage').then((m) => ({ default: m.DeniedPage })),
  ),
  '/dashboard': page(
    () =>
      import('../features/dashboard/pages/DashboardPage').then((m) => ({
        default: m.DashboardPage,
      })),
    { plain: true },
  ),
  '/user/index': page(() =>
    import('../features/user/pages/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  ),
  '/user/password': page(() =>
    import('../features/user/pages/PasswordPage').then((m) => ({ default: m.PasswordPage })),
  ),
  '/ad/plan': page(() =>
    import('../features/plan/pages/PlansPage').then((m) => ({ default: m.PlansPage })),
  ),
  '/ad/plan/:id': page(() =>
    import('../features/plan/pages/PlanEditPage').then((m) => ({ default: m.PlanEditPage })),
  ),
  '/ad/idea': page(() =>
    import('../features/creative/pages/CreativesPage').then((m) => ({ default: m.CreativesPage })),
  ),
  '/ad/resource': page(() =>
    import('../features/material/pages/MaterialsPage').then((m) => ({ default: m.MaterialsPage })),
  ),
  '/ad/exam': page(() =>
    import('../features/creative/pages/AuditPage').then((m) => ({ default: m.AuditPage })),
  ),
  '/ssp/media': page(() =>
    import('../features/media/pages/MediaPage').then((m) => ({ default: m.MediaPage })),
  ),
  '/ssp/slot': page(() =>
    import('../features/media/pages/SlotsPage').then((m) => ({ default: m.SlotsPage })),
  ),
  '/ssp/dsp': page(() =>
    import('../features/dsp/pages/DspPage').then((m) => ({ default: m.DspPage })),
  ),
  '/report/index': page(() =>
    import('../features/report/pages/AccountReportPage').then((m) => ({
      default: m.AccountReportPage,
    })),
  ),
  '/report/countryReport': page(() =>
    import('../features/report/pages/CountryReportPage').then((m) => ({
      default: m.CountryReportPage,
    })),
  ),
  '/sspReport/index': page(() =>
    import('../features/report/pages/SspReportPage').then((m) => ({ default: m.SspReportPage })),
  ),
  '/delivery/diagnosis': page(() =>
    import('../features/delivery/pages/DiagnosisPage').then((m) => ({
      default: m.DiagnosisPage,
    })),
  ),
  '/user/manage': page(() =>
    import('../features/account/pages/AccountsPage').then((m) => ({ default: m.AccountsPage })),
  ),
  '/system/human': page(() =>
    import('../features/settings/pages/HumanPage').then((m) => ({ default: m.HumanPage })),
  ),
  '/system/style': page(() =>
    import('../features/settings/pages/StylePage').then((m) => ({ default: m.StylePage })),
  ),
  '/system/adType': page(() =>
    import('../features/settings/pages/AdTypePage').then((m) => ({ default: m.AdTypePage })),
  ),
  '/system/brand': page(() =>
    import('../features/settings/pages/BrandPage').then((m) => ({ default: m.BrandPage })),
  ),
  '/system/brand/:id': page(() =>
    import('../features/settings/pages/BrandModelsPage').then((m) => ({
      default: m.BrandModelsPage,
    })),
  ),
  '/system/country': page(() =>
    import('../features/settings/pages/CountryPage').then((m) => ({ default: m.CountryPage })),
  ),
  '/system/currency': page(() =>
    import('../features/settings/pages/CurrencyPage').then((m) => ({ default: m.CurrencyPage })),
  ),
  '/system/parameter': page(() =>
    import('../features/settings/pages/SystemParametersPage').then((m) => ({
      default: m.SystemParametersPage,
    })),
  ),
};

/** The console shell (menu, top bar, footer): its own chunk, never part of /login. */
export const ConsoleLayout = page(
  () => import('./layout/ConsoleLayout').then((m) => ({ default: m.ConsoleLayout })),
  { plain: true },
);

/**
 * Fetches the shell and the page of `pathname` (when it names one) at once, instead of one
 * after the other once the session has loaded.
 */
export function preloadConsolePage(pathname: string): void {
  ConsoleLayout.preload();
  const route = matchRoute(pathname === '/' ? '/dashboard' : pathname);
  if (route && route.access !== 'public') PAGES[route.path]?.preload();
}
