/**
 * The one place the console turns a message code into text (docs/decisions/messages-as-codes.md):
 * server field issues and error envelopes carry a code and its parameters, the shared
 * schemas' zod issues carry a code as their message (`messageErrorMap`), and this shows the
 * code's text in the interface language through i18next. A text that is no code (an older
 * server, a message typed by a person) is shown as it came. The console adds the whole
 * catalogue, the sign-in page only the texts it can meet (SIGN_IN_MESSAGES).
 */
import {
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
  type Label,
  type MessageParams,
} from '@adloom/domain';
import { i18n } from './language';

/** The i18next namespace of the catalogue; its keys are the codes themselves. */
export const MESSAGES_NAMESPACE = 'messages';

const CODE_OPTIONS = { ns: MESSAGES_NAMESPACE, keySeparator: false, nsSeparator: false } as const;

/** Adds catalogue texts to i18next in both languages (the codes hold dots: no key separator). */
export function addMessages(catalogue: Readonly<Record<string, Label>>): void {
  for (const lang of INTERFACE_LANGUAGES) {
    if (i18n.hasResourceBundle(lang, MESSAGES_NAMESPACE)) continue;
    const texts = Object.fromEntries(
      Object.entries(catalogue).map(([code, label]) => [code, label[lang]]),
    );
    i18n.addResourceBundle(lang, MESSAGES_NAMESPACE, texts, true, true);
  }
}

/** Whether `code` is a message code whose text this page holds. */
export function hasMessage(code: unknown): code is string {
  return typeof code === 'string' && i18n.exists(code, CODE_OPTIONS);
}

/** A message as it reaches the console: a code, or an issue or envelope naming one. */
export type MessageLike =
  string | { code?: unknown; params?: MessageParams | undefined; message?: string | undefined };

/** The text of `message` in the interface language (or in `lang`). */
export function messageText(message: MessageLike, lang?: InterfaceLanguage): string {
  const { code, params, fallback } =
    typeof message === 'string'
      ? { code: message, params: undefined, fallback: message }
      : { code: message.code, params: message.params, fallback: message.message ?? '' };
  if (!hasMessage(code)) return fallback;
  return i18n.t(code, { ...CODE_OPTIONS, ...(lang ? { lng: lang } : {}), ...params });
}
