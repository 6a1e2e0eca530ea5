/** A text in both interface languages. Every user-visible label in the domain has both. */
export interface Label {
  en: string;
  zh: string;
}

export const INTERFACE_LANGUAGES = ['en', 'zh'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const DEFAULT_INTERFACE_LANGUAGE: InterfaceLanguage = 'en';
/** Cookie that keeps the interface language (docs/product/console.md#languages). */
export const LANGUAGE_COOKIE = 'language';

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}
