/**
 * Interface language (docs/product/console.md#languages, docs/product/constants.md#storage): English or Chinese, kept in the `language` cookie,
 * English by default. English ships with the first load; the Chinese pack (texts, Ant
 * Design, dayjs and zod locales) is one lazy chunk loaded when needed.
 */
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { config as zodConfig } from 'zod';
import {
  DEFAULT_INTERFACE_LANGUAGE,
  messageErrorMap,
  LANGUAGE_COOKIE,
  isInterfaceLanguage,
  type InterfaceLanguage,
} from '@adloom/domain';
import type { Locale } from 'antd/es/locale';
import { messages as en } from '../locales/en';
import type { LanguagePack } from './languagePacks/types';
import { registerMessages } from './messages';

export { i18next as i18n };

// zod's own messages become catalogue codes, shown through lib/messages.ts in either language.
zodConfig({ customError: messageErrorMap });

const packs: Record<InterfaceLanguage, () => Promise<LanguagePack>> = {
  en: () => import('./languagePacks/en').then((module) => module.pack),
  zh: () => import('./languagePacks/zh').then((module) => module.pack),
};

/** The Ant Design locale of each loaded language (English is Ant Design's default). */
const antdLocales = new Map<InterfaceLanguage, Locale | undefined>([['en', undefined]]);

export function languageFromCookie(): InterfaceLanguage {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return isInterfaceLanguage(value) ? value : DEFAULT_INTERFACE_LANGUAGE;
}

/** The current interface language. */
export function currentLanguage(): InterfaceLanguage {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isInterfaceLanguage(lang) ? lang : DEFAULT_INTERFACE_LANGUAGE;
}

export function antdLocaleOf(lang: InterfaceLanguage): Locale | undefined {
  return antdLocales.get(lang);
}

/** The value of `<html lang>` for a language. */
export function htmlLangOf(lang: InterfaceLanguage): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

async function applyPack(lang: InterfaceLanguage): Promise<void> {
  const pack = await packs[lang]();
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', pack.messages, true, true);
  }
  pack.apply();
  antdLocales.set(lang, pack.antd);
}

/** Starts i18next in the cookie's language; resolves once its texts are loaded. */
export async function setupI18n(lang: InterfaceLanguage = languageFromCookie()): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  registerMessages();
  if (lang !== 'en') await applyPack(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = htmlLangOf(lang);
}

/** Switches the interface language: loads its pack, keeps it in the cookie, relabels `<html>`. */
export async function changeLanguage(lang: InterfaceLanguage): Promise<void> {
  await applyPack(lang);
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'lax', path: '/' });
  await i18next.changeLanguage(lang);
  document.documentElement.lang = htmlLangOf(lang);
}
