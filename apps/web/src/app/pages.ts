/**
 * The page registry: route path → lazily loaded page. Every page is its own chunk (a page
 * imported statically anywhere would not be split), so /login loads neither the shell nor
 * any console page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType>;

export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/login': lazy(() =>
    import('../features/auth/pages/ConsoleLoginPage').then((m) => ({
      default: m.ConsoleLoginPage,
    })),
  ),
  '/404': lazy(() =>
    import('../features/errors/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
  ),
  '/401': lazy(() =>
    import('../features/errors/pages/DeniedPage').then((m) => ({ default: m.DeniedPage })),
  ),
  '/dashboard': lazy(() =>
    import('../features/dashboard/pages/DashboardPage').then((m) => ({
      default: m.DashboardPage,
    })),
  ),
  '/user/index': lazy(() =>
    import('../features/user/pages/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  ),
  '/user/password': lazy(() =>
    import('../features/user/pages/PasswordPage').then((m) => ({ default: m.PasswordPage })),
  ),
  '/ad/plan': lazy(() =>
    import('../features/plan/pages/PlansPage').then((m) => ({ default: m.PlansPage })),
  ),
  '/ad/plan/:id': lazy(() =>
    import('../features/plan/pages/PlanEditPage').then((m) => ({ default: m.PlanEditPage })),
  ),
  '/ad/idea': lazy(() =>
    import('../features/creative/pages/CreativesPage').then((m) => ({ default: m.CreativesPage })),
  ),
  '/ad/resource': lazy(() =>
    import('../features/material/pages/MaterialsPage').then((m) => ({ default: m.MaterialsPage })),
  ),
  '/ad/exam': lazy(() =>
    import('../features/creative/pages/AuditPage').then((m) => ({ default: m.AuditPage })),
  ),
  '/ssp/media': lazy(() =>
    import('../features/media/pages/MediaPage').then((m) => ({ default: m.MediaPage })),
  ),
  '/ssp/slot': lazy(() =>
    import('../features/media/pages/SlotsPage').then((m) => ({ default: m.SlotsPage })),
  ),
  '/ssp/dsp': lazy(() =>
    import('../features/dsp/pages/DspPage').then((m) => ({ default: m.DspPage })),
  ),
  '/report/index': lazy(() =>
    import('../features/report/pages/AccountReportPage').then((m) => ({
      default: m.AccountReportPage,
    })),
  ),
  '/report/countryReport': lazy(() =>
    import('../features/report/pages/CountryReportPage').then((m) => ({
      default: m.CountryReportPage,
    })),
  ),
  '/sspReport/index': lazy(() =>
    import('../features/report/pages/SspReportPage').then((m) => ({ default: m.SspReportPage })),
  ),
  '/delivery/diagnosis': lazy(() =>
    import('../features/delivery/pages/DiagnosisPage').then((m) => ({
      default: m.DiagnosisPage,
    })),
  ),
  '/user/manage': lazy(() =>
    import('../features/account/pages/AccountsPage').then((m) => ({ default: m.AccountsPage })),
  ),
  '/system/human': lazy(() =>
    import('../features/settings/pages/HumanPage').then((m) => ({ default: m.HumanPage })),
  ),
  '/system/style': lazy(() =>
    import('../features/settings/pages/StylePage').then((m) => ({ default: m.StylePage })),
  ),
  '/system/adType': lazy(() =>
    import('../features/settings/pages/AdTypePage').then((m) => ({ default: m.AdTypePage })),
  ),
  '/system/brand': lazy(() =>
    import('../features/settings/pages/BrandPage').then((m) => ({ default: m.BrandPage })),
  ),
  '/system/brand/:id': lazy(() =>
    import('../features/settings/pages/BrandModelsPage').then((m) => ({
      default: m.BrandModelsPage,
    })),
  ),
  '/system/country': lazy(() =>
    import('../features/settings/pages/CountryPage').then((m) => ({ default: m.CountryPage })),
  ),
  '/system/currency': lazy(() =>
    import('../features/settings/pages/CurrencyPage').then((m) => ({ default: m.CurrencyPage })),
  ),
  '/system/parameter': lazy(() =>
    import('../features/settings/pages/SystemParametersPage').then((m) => ({
      default: m.SystemParametersPage,
    })),
  ),
};

/** The console shell (menu, top bar, footer): its own chunk, never part of /login. */
export const ConsoleLayout = lazy(() =>
  import('./layout/ConsoleLayout').then((m) => ({ default: m.ConsoleLayout })),
);
