/**
 * The password policy's messages (docs/decisions/sign-in.md): at least PASSWORD_MIN_LENGTH
 * characters (ZPassword) and not common or easy to guess, which the server judges with
 * zxcvbn-ts. The server answers the English as a field message; the console shows either
 * through `passwordMessageText`.
 */
import type { InterfaceLanguage, Label } from './labels.js';

export const PASSWORD_MESSAGES = {
  common: {
    en: 'Too common: this password is on the lists attackers try first',
    zh: '过于常见：该密码在攻击者优先尝试的常用密码列表中',
  },
  guessable: {
    en: 'Too easy to guess: make it longer and avoid names, words, dates and keyboard patterns',
    zh: '过于容易猜到：请加长密码，避免使用姓名、单词、日期和键盘序列',
  },
} as const satisfies Record<string, Label>;

/** The lowest zxcvbn score (0–4) a new password may have: 2 resists online guessing. */
export const PASSWORD_MIN_SCORE = 2;

const byEnglish = new Map<string, Label>(
  Object.values(PASSWORD_MESSAGES).map((label) => [label.en, label]),
);

/** A password-policy message in `lang`; undefined when `message` is not one of them. */
export function passwordMessageText(message: string, lang: InterfaceLanguage): string | undefined {
  return byEnglish.get(message)?.[lang];
}
