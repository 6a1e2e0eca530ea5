/** Passwords and sign-in, funds and accounts. */
import type { Label } from '../labels.js';

/**
 * The password policy (docs/decisions/sign-in.md), sign-in and the password forms: at least
 * PASSWORD_MIN_LENGTH characters and not common or easy to guess (judged by zxcvbn-ts).
 */
export const PASSWORD_MESSAGES = {
  common: {
    en: 'Too common: this password is on the lists attackers try first',
    zh: '过于常见：该密码在攻击者优先尝试的常用密码列表中',
  },
  guessable: {
    en: 'Too easy to guess: make it longer and avoid names, words, dates and keyboard patterns',
    zh: '过于容易猜到：请加长密码，避免使用姓名、单词、日期和键盘序列',
  },
  mismatch: { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  unchanged: {
    en: 'The new password must differ from the old one',
    zh: '新密码不能与原密码相同',
  },
  wrongOld: { en: 'The old password is wrong.', zh: '原密码不正确。' },
  usernameChars: { en: 'Only letters, digits and _ . @ -', zh: '只能包含字母、数字和 _ . @ -' },
  wrongCredentials: { en: 'Wrong username or password.', zh: '用户名或密码错误。' },
  disabled: { en: 'This account is disabled.', zh: '该账户已停用。' },
  noLoginAbility: { en: 'This account may not sign in.', zh: '该账户不允许登录。' },
  encoded: {
    en: 'Must be encoded before sending (b64: followed by base64).',
    zh: '发送前须编码（b64: 加 base64）。',
  },
} as const satisfies Record<string, Label>;

/** Funds and accounts. */
export const FUND_MESSAGES = {
  amountFormat: {
    en: 'Write an amount such as 125.50 (at most 2 decimals)',
    zh: '请填写金额，例如 125.50（最多 2 位小数）',
  },
  amountTooLarge: { en: 'At most 100,000,000 at a time', zh: '单次最多 100,000,000' },
  amountPositive: { en: 'Must be more than 0', zh: '必须大于 0' },
  amountNonZero: { en: 'Must not be 0', zh: '不能为 0' },
  belowZero: { en: 'The balance would fall below zero', zh: '余额将低于零' },
  loginRequired: { en: 'Must include login (1)', zh: '必须包含登录权限 (1)' },
  revenueShare: {
    en: 'Only a channel or the system sets the revenue share',
    zh: '只有渠道或系统可以设置分成比例',
  },
  notYoursToGrant: {
    en: 'Not yours to grant: {{abilities}}',
    zh: '无权授予：{{abilities}}',
  },
} as const satisfies Record<string, Label>;
