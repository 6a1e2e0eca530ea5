import { expect, type Page } from '@playwright/test';
import { ABILITY_ALL, deriveRoles, menuFor, type ConsoleRoute } from '@adloom/domain';
import { LAYOUT_TEXT, escapeRegExp, titleOf, type Lang } from './texts';

const ADMIN_MENU = menuFor(deriveRoles(ABILITY_ALL));

const leaves = (routes: readonly ConsoleRoute[]): ConsoleRoute[] =>
  routes.flatMap((route) => (route.children ? leaves(route.children) : [route]));

/** Every page of the console menu, as the administrator (who may open all of them) sees it. */
export const ADMIN_PAGES = leaves(ADMIN_MENU);

/** Opens a console page and waits until it has rendered and loaded its data. */
export async function openConsolePage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#main-content')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
}

/**
 * Counts the page's requests in flight from now on, so a test can wait for the data of a page
 * the console opened without reloading (the load state stays that of the first load).
 */
export function trackRequests(page: Page): { quiet(): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    /** Resolves once nothing has been in flight for 300 ms, as Playwright's networkidle. */
    async quiet() {
      await expect
        .poll(() => inFlight <= 0 && Date.now() - lastChange >= 300, { intervals: [100] })
        .toBe(true);
    },
  };
}

/**
 * Opens a console page from the side menu as a person does — on a phone from the menu drawer
 * of the top bar — opening the page's group when it is closed, without
 * reloading the console; waits until the page has rendered and its requests are done.
 */
export async function openFromMenu(
  page: Page,
  route: ConsoleRoute,
  lang: Lang,
  requests: ReturnType<typeof trackRequests>,
): Promise<void> {
  const nav = page.getByRole('navigation', { name: LAYOUT_TEXT[lang].mainMenu });
  // A phone's menu is a closed drawer: the top bar's button opens it.
  if (!(await nav.isVisible())) {
    await page.getByRole('button', { name: LAYOUT_TEXT[lang].expandMenu }).click();
  }
  const link = nav.getByRole('link', { name: titleOf(route, lang), exact: true });
  const group = ADMIN_MENU.find((item) => item.children?.some((child) => child === route));
  if (group && !(await link.isVisible())) {
    await nav.getByRole('menuitem', { name: titleOf(group, lang), exact: true }).click();
  }
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(route.path)}$`));
  await expect(page.locator('#main-content')).not.toBeEmpty();
  await requests.quiet();
}
