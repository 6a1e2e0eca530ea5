/**
 * The console's texts (docs/product/console.md#languages): the English texts of the first
 * screen (shell, dashboard, errors) ship with the first load, the rest of English in a lazy
 * chunk that every other page and every antd part waits for (`loadAllTexts`); the Chinese
 * pack (texts, Ant Design, dayjs and zod locales) is one lazy chunk loaded when needed. The language itself (cookie, switch, `<html lang>`) is lib/language.ts, which the
 * sign-in page shares.
 */
import { config as zodConfig } from 'zod';
import { MESSAGES, messageErrorMap, type InterfaceLanguage } from '@adloom/domain';
import type { Locale } from 'antd/es/locale';
import { bootMessages } from '../locales/en/boot';
import type { LanguagePack } from './languagePacks/types';
import { currentLanguage, i18n, initLanguage, languageFromCookie, startLanguage } from './language';
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
  // Merged into what is there: English may hold only the first screen's texts.
  i18n.addResourceBundle(lang, 'translation', pack.messages, true, true);
  pack.apply();
  antdLocales.set(lang, pack.antd);
}

let englishPack: Promise<LanguagePack> | undefined;

/**
 * Every text of the interface language: in English, the namespaces the entry leaves out
 * (fetched once); a Chinese interface has its whole pack from the start.
 */
export async function loadAllTexts(): Promise<void> {
  const lang = i18n.isInitialized ? currentLanguage() : languageFromCookie();
  if (lang !== 'en') return;
  // A failed fetch is asked again by the next page that needs the texts.
  englishPack ??= packs.en().catch((error: unknown) => {
    englishPack = undefined;
    throw error;
  });
  const pack = await englishPack;
  if (i18n.isInitialized) i18n.addResourceBundle('en', 'translation', pack.messages, true, true);
}

/**
 * Starts i18next in the cookie's language; resolves once its texts are loaded: all of them,
 * or with `allTexts: false` (the console's boot) those of the first screen.
 */
export async function setupI18n(
  lang: InterfaceLanguage = languageFromCookie(),
  { allTexts = true }: { allTexts?: boolean } = {},
): Promise<void> {
  await initLanguage({ en: { translation: bootMessages } }, applyPack);
  addMessages(MESSAGES);
  await startLanguage(lang);
  if (allTexts) await loadAllTexts();
}
