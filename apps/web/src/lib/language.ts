/**
 * The interface language as both entries share it (docs/product/console.md#languages,
 * docs/product/constants.md#storage): English or Chinese, kept in the `language` cookie,
 * English by default, its texts in i18next. Each entry says how a language's texts arrive:
 * the console loads its lazy language pack (lib/i18n.ts), the sign-in page brings its own few
 * texts (features/auth/texts.ts).
 */
import i18next, { type Resource } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_INTERFACE_LANGUAGE,
  LANGUAGE_COOKIE,
  isInterfaceLanguage,
  type InterfaceLanguage,
} from '@adloom/domain';

export { i18next as i18n };

type TextsLoader = (lang: InterfaceLanguage) => Promise<void>;

let loadTexts: TextsLoader = async () => undefined;

export function languageFromCookie(): InterfaceLanguage {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return isInterfaceLanguage(value) ? value : DEFAULT_INTERFACE_LANGUAGE;
}

/** The current interface language. */
export function currentLanguage(): InterfaceLanguage {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isInterfaceLanguage(lang) ? lang : DEFAULT_INTERFACE_LANGUAGE;
}

/** The value of `<html lang>` for a language. */
export function htmlLangOf(lang: InterfaceLanguage): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

/** Starts i18next with the texts at hand; `load` adds a language's texts when it is chosen. */
export async function initLanguage(resources: Resource, load: TextsLoader): Promise<void> {
  loadTexts = load;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
}

async function show(lang: InterfaceLanguage): Promise<void> {
  await i18next.changeLanguage(lang);
  document.documentElement.lang = htmlLangOf(lang);
}

/** Shows `lang` at start, loading its texts unless they came with the entry. */
export async function startLanguage(lang: InterfaceLanguage): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) await loadTexts(lang);
  await show(lang);
}

/** Switches the interface language: loads its texts, keeps it in the cookie, relabels `<html>`. */
export async function changeLanguage(lang: InterfaceLanguage): Promise<void> {
  await loadTexts(lang);
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'lax', path: '/' });
  await show(lang);
}
