/**
 * The one place the console turns a message code into text (docs/decisions/messages-as-codes.md):
 * server field issues and error envelopes carry a code and its parameters, the shared
 * schemas' zod issues carry a code as their message (`messageErrorMap`), and this shows the
 * code's text in the interface language through i18next. A text that is no code (an older
 * server, a message typed by a person) is shown as it came.
 */
import type { z } from 'zod';
import {
  INTERFACE_LANGUAGES,
  MESSAGES,
  isMessageCode,
  issueMessage,
  type InterfaceLanguage,
  type MessageParams,
} from '@adloom/domain';
import { i18n } from './i18n';

/** The i18next namespace of the catalogue; its keys are the codes themselves. */
export const MESSAGES_NAMESPACE = 'messages';

/** Adds the catalogue to i18next in both languages (the codes hold dots: no key separator). */
export function registerMessages(): void {
  for (const lang of INTERFACE_LANGUAGES) {
    if (i18n.hasResourceBundle(lang, MESSAGES_NAMESPACE)) continue;
    const texts = Object.fromEntries(
      Object.entries(MESSAGES).map(([code, label]) => [code, label[lang]]),
    );
    i18n.addResourceBundle(lang, MESSAGES_NAMESPACE, texts, true, true);
  }
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
  if (!isMessageCode(code)) return fallback;
  return i18n.t(code, {
    ns: MESSAGES_NAMESPACE,
    keySeparator: false,
    nsSeparator: false,
    ...(lang ? { lng: lang } : {}),
    ...params,
  });
}

/** The text of one zod issue of a shared schema, in the interface language. */
export function issueText(issue: z.core.$ZodIssue): string {
  return messageText(issueMessage(issue));
}
