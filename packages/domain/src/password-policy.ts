/**
 * The password policy (docs/decisions/sign-in.md): at least PASSWORD_MIN_LENGTH characters
 * (ZPassword) and not common or easy to guess, which the server judges with zxcvbn-ts; its
 * messages are `password.common` and `password.guessable` of the catalogue (messages.ts).
 */

/** The lowest zxcvbn score (0–4) a new password may have: 2 resists online guessing. */
export const PASSWORD_MIN_SCORE = 2;
