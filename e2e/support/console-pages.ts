import { expect, type Page } from '@playwright/test';
import { ABILITY_ALL, deriveRoles, menuFor, type ConsoleRoute } from '@adloom/domain';

const leaves = (routes: readonly ConsoleRoute[]): ConsoleRoute[] =>
  routes.flatMap((route) => (route.children ? leaves(route.children) : [route]));

/** Every page of the console menu, as the administrator (who may open all of them) sees it. */
export const ADMIN_PAGES = leaves(menuFor(deriveRoles(ABILITY_ALL)));

/** Opens a console page and waits until it has rendered and loaded its data. */
export async function openConsolePage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#main-content')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
}
