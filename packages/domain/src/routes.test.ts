import { describe, expect, it } from 'vitest';
import { Ability, deriveRoles } from './abilities.js';
import { CONSOLE_ROUTES, canAccess, flattenRoutes, matchRoute, menuFor } from './routes.js';

const SPEC_PATHS = [
  '/login',
  '/404',
  '/401',
  '/dashboard',
  '/ad',
  '/ad/plan',
  '/ad/plan/:id',
  '/ad/idea',
  '/ad/resource',
  '/ad/exam',
  '/ssp',
  '/ssp/media',
  '/ssp/slot',
  '/ssp/dsp',
  '/report',
  '/report/index',
  '/report/countryReport',
  '/sspReport/index',
  '/user/manage',
  '/user/index',
  '/user/password',
  '/system',
  '/system/human',
  '/system/style',
  '/system/adType',
  '/system/brand',
  '/system/brand/:id',
  '/system/country',
];

const paths = (routes: { path: string; children?: readonly { path: string }[] }[]) =>
  routes.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => c.path)]);

describe('route table', () => {
  it('holds every route of docs/product/console.md#screens', () => {
    const all = flattenRoutes().map((r) => r.path);
    for (const path of SPEC_PATHS) expect(all, path).toContain(path);
  });

  it('hides the edit, model, login and error routes', () => {
    const hidden = flattenRoutes()
      .filter((r) => r.hidden)
      .map((r) => r.path);
    expect(hidden.sort()).toEqual(['/401', '/404', '/ad/plan/:id', '/login', '/system/brand/:id']);
  });

  it('matches concrete paths, parameters included', () => {
    expect(matchRoute('/ad/plan/42')?.titleKey).toBe('menu.planEdit');
    expect(matchRoute('/system/brand/7/')?.path).toBe('/system/brand/:id');
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('lets the public in only where public', () => {
    expect(canAccess('public', null)).toBe(true);
    expect(canAccess('login', null)).toBe(false);
    expect(canAccess(['system'], deriveRoles(Ability.login | Ability.adManage))).toBe(false);
  });
});

describe('menu by role', () => {
  it('shows an advertiser the dashboard, ad work, reports and own pages only', () => {
    const menu = menuFor(deriveRoles(Ability.login | Ability.adManage));
    expect(paths(menu)).toEqual([
      '/dashboard',
      '/ad',
      '/ad/plan',
      '/ad/idea',
      '/ad/resource',
      '/report',
      '/report/index',
      '/report/countryReport',
      '/delivery',
      '/delivery/diagnosis',
      '/user',
      '/user/index',
      '/user/password',
    ]);
  });

  it('shows an auditor only the audit screen of the ad group', () => {
    const menu = menuFor(deriveRoles(Ability.login | Ability.exam));
    expect(paths(menu)).toEqual([
      '/dashboard',
      '/ad',
      '/ad/exam',
      '/user',
      '/user/index',
      '/user/password',
    ]);
  });

  it('shows a slot operator media and slots but not demand partners', () => {
    const menu = menuFor(deriveRoles(Ability.login | Ability.slot));
    expect(paths(menu)).toContain('/ssp/slot');
    expect(paths(menu)).not.toContain('/ssp/dsp');
  });

  it('never shows hidden routes, even to the administrator', () => {
    const menu = paths(
      menuFor(deriveRoles(Ability.login | Ability.systemManage | Ability.adManage)),
    );
    expect(menu).not.toContain('/ad/plan/:id');
    expect(menu).not.toContain('/system/brand/:id');
    expect(menu).toContain('/system/country');
    expect(menu).toContain('/sspReport/index');
  });

  it('keeps the table itself intact', () => {
    expect(CONSOLE_ROUTES.length).toBeGreaterThan(5);
  });
});
