/**
 * The sign-in page's texts in its own entry: the login and common namespaces and its title in
 * both languages, and the catalogue's texts it can meet (SIGN_IN_MESSAGES), instead of the
 * console's whole catalogue (docs/PERFORMANCE.md, "/login first load"). Both languages come
 * with the page, so switching loads nothing.
 */
import { SIGN_IN_MESSAGES, type InterfaceLanguage } from '@adloom/domain';
import { common as enCommon } from '../../locales/en/common';
import { login as enLogin } from '../../locales/en/login';
import { menu as enMenu } from '../../locales/en/menu';
import { common as zhCommon } from '../../locales/zh/common';
import { login as zhLogin } from '../../locales/zh/login';
import { menu as zhMenu } from '../../locales/zh/menu';
import { initLanguage, languageFromCookie, startLanguage } from '../../lib/language';
import { addMessages } from '../../lib/messages';

export const SIGN_IN_TEXTS = {
  en: { common: enCommon, login: enLogin, menu: { login: enMenu.login } },
  zh: { common: zhCommon, login: zhLogin, menu: { login: zhMenu.login } },
};

/** Starts i18next with the sign-in page's texts, in the cookie's language. */
export async function setupSignInTexts(
  lang: InterfaceLanguage = languageFromCookie(),
): Promise<void> {
  await initLanguage(
    { en: { translation: SIGN_IN_TEXTS.en }, zh: { translation: SIGN_IN_TEXTS.zh } },
    async () => undefined,
  );
  addMessages(SIGN_IN_MESSAGES);
  await startLanguage(lang);
}
