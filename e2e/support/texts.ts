/**
 * The console's own texts, imported rather than retyped, so a test follows a wording change.
 */
import { PRODUCT_TITLE, type ConsoleRoute } from '@adloom/domain';
import { menu as menuEn } from '../../apps/web/src/locales/en/menu';
import { menu as menuZh } from '../../apps/web/src/locales/zh/menu';
import { layout as layoutEn } from '../../apps/web/src/locales/en/layout';
import { layout as layoutZh } from '../../apps/web/src/locales/zh/layout';

export const MENU_TEXT = { en: menuEn, zh: menuZh } as const;
/** The console shell's texts: the main menu, the top bar's buttons. */
export const LAYOUT_TEXT = { en: layoutEn, zh: layoutZh } as const;
export type Lang = keyof typeof MENU_TEXT;

/** The visible title of a route, e.g. `menu.plans` → 'Plans'. */
export function titleOf(route: ConsoleRoute, lang: Lang): string {
  const key = route.titleKey.replace(/^menu\./, '') as keyof typeof menuEn;
  return MENU_TEXT[lang][key];
}

/** The document title the console sets (docs/product/console.md#access-rules: page, dash, product). */
export function documentTitleOf(route: ConsoleRoute, lang: Lang): string {
  return `${titleOf(route, lang)} - ${PRODUCT_TITLE}`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
