/**
 * The console's texts (docs/product/console.md#languages): English ships with the first load;
 * the Chinese pack (texts, Ant Design, dayjs and zod locales) is one lazy chunk loaded when
 * needed. The language itself (cookie, switch, `<html lang>`) is lib/language.ts, which the
 * sign-in page shares.
 */
import { config as zodConfig } from 'zod';
import { MESSAGES, messageErrorMap, type InterfaceLanguage } from '@adloom/domain';
import type { Locale } from 'antd/es/locale';
import { messages as en } from '../locales/en';
import type { LanguagePack } from './languagePacks/types';
import { i18n, initLanguage, languageFromCookie, startLanguage } from './language';
import { addMessages } from './messages';

export { changeLanguage, currentLanguage, htmlLangOf, i18n, languageFromCookie } from './language';

// zod's own messages become catalogue codes, shown through lib/messages.ts in either language.
zodConfig({ customError: messageErrorMap });

const packs: Record<InterfaceLanguage, () => Promise<LanguagePack>> = {
  en: () => import('./languagePacks/en').then((module) => module.pack),
  zh: () => import('./languagePacks/zh').then((module) => module.pack),
};

/** The Ant Design locale of each loaded language (English is Ant Design's default). */
const antdLocales = new Map<InterfaceLanguage, Locale | undefined>([['en', undefined]]);

export function antdLocaleOf(lang: InterfaceLanguage): Locale | undefined {
  return antdLocales.get(lang);
}

async function applyPack(lang: InterfaceLanguage): Promise<void> {
  const pack = await packs[lang]();
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', pack.messages, true, true);
  }
  pack.apply();
  antdLocales.set(lang, pack.antd);
}

/** Starts i18next in the cookie's language; resolves once its texts are loaded. */
export async function setupI18n(lang: InterfaceLanguage = languageFromCookie()): Promise<void> {
  await initLanguage({ en: { translation: en } }, applyPack);
  addMessages(MESSAGES);
  await startLanguage(lang);
}
