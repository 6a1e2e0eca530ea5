/**
 * Country and language names in the interface language (docs/decisions/place-names.md).
 * Settings store a name and an ISO code; the console shows Intl.DisplayNames' name of the
 * code unless the code is not ISO or an operator wrote a name of their own.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isInterfaceLanguage, type InterfaceLanguage } from '@adloom/domain';
import { currentLanguage, htmlLangOf } from './i18n';

export type PlaceKind = 'region' | 'language';

const namers = new Map<string, Intl.DisplayNames>();

/** Intl's name of an ISO code, or undefined when the code is none. */
function isoName(kind: PlaceKind, code: string, lang: InterfaceLanguage): string | undefined {
  const key = `${kind}:${lang}`;
  let namer = namers.get(key);
  if (!namer) {
    namer = new Intl.DisplayNames([htmlLangOf(lang)], { type: kind, fallback: 'none' });
    namers.set(key, namer);
  }
  try {
    const name = namer.of(kind === 'region' ? code.toUpperCase() : code);
    // 'ZZ' and other reserved codes are named "Unknown Region": that is no country name.
    return name && !(kind === 'region' && /^(ZZ|Q[M-Z]|X[A-Z])$/i.test(code)) ? name : undefined;
  } catch {
    return undefined; // a malformed code (RangeError)
  }
}

/**
 * The name to show for a stored country (`region`) or language: Intl's name in `lang`
 * when the stored name is empty or is the code's English name; the stored name otherwise
 * (an operator's own name, or a code that is not ISO).
 */
export function placeName(
  kind: PlaceKind,
  code: string | null | undefined,
  storedName: string | null | undefined,
  lang: InterfaceLanguage = currentLanguage(),
): string {
  const stored = storedName?.trim() ?? '';
  if (!code) return stored;
  const english = isoName(kind, code, 'en');
  if (!english) return stored || code;
  if (stored && stored.toLowerCase() !== english.toLowerCase()) return stored;
  return isoName(kind, code, lang) ?? english;
}

/** A picker's label: the shown name with its code, "美国 (US)". */
export function placeLabel(
  kind: PlaceKind,
  code: string,
  storedName: string | null | undefined,
  lang: InterfaceLanguage = currentLanguage(),
): string {
  return `${placeName(kind, code, storedName, lang)} (${code})`;
}

/** `placeName` and `placeLabel` in the current interface language; re-render on a switch. */
export function usePlaceNames() {
  const { i18n } = useTranslation();
  const lang: InterfaceLanguage = isInterfaceLanguage(i18n.language) ? i18n.language : 'en';
  return useMemo(
    () => ({
      name: (kind: PlaceKind, code: string | null | undefined, storedName?: string | null) =>
        placeName(kind, code, storedName, lang),
      label: (kind: PlaceKind, code: string, storedName?: string | null) =>
        placeLabel(kind, code, storedName, lang),
    }),
    [lang],
  );
}
