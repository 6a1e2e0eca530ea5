/**
 * What signing in needs, without zod: the sign-in page has a first load of its own that
 * carries no zod (docs/PERFORMANCE.md, "/login first load"). The limits and the username's
 * characters are ZLoginForm's own (contracts/auth.ts builds it from them), and
 * `loginFieldProblem` gives the message ZLoginForm gives; sign-in.test.ts holds the two equal
 * on the same inputs. The three calls' method, path and access are the contract's
 * (contracts/auth.ts and user.ts spread them into their endpoints).
 */
import type { CodedMessage } from './messages.js';
import { ERROR_MESSAGES, INPUT_MESSAGES } from './messages/errors.js';
import { PASSWORD_MESSAGES } from './messages/accounts.js';
import { prefixed } from './messages/prefixed.js';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const PASSWORD_MAX_LENGTH = 128;
/** The characters of a username. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

/** The sign-in form as typed. */
export interface LoginValues {
  username: string;
  password: string;
}
export type LoginField = keyof LoginValues;
export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

/** A text's length as zod measures it: in code points (an unpaired surrogate counts as one). */
function codePoints(text: string): number {
  return [...text].length;
}

/**
 * The first problem ZLoginForm finds with `field`, as the code and parameters `issueMessage`
 * reads from its zod issue: the username is trimmed, then checked for its length and its
 * characters; the password is only required (one set under an earlier, shorter rule must
 * still sign in) and bounded.
 */
export function loginFieldProblem(
  field: LoginField,
  values: LoginValues,
): CodedMessage | undefined {
  if (field === 'password') {
    const length = codePoints(values.password);
    if (length < 1) return { code: 'input.required', params: { min: 1 } };
    if (length > PASSWORD_MAX_LENGTH) {
      return { code: 'input.tooLong', params: { max: PASSWORD_MAX_LENGTH } };
    }
    return undefined;
  }
  const username = values.username.trim();
  const length = codePoints(username);
  if (length < USERNAME_MIN_LENGTH) {
    return { code: 'input.tooShort', params: { min: USERNAME_MIN_LENGTH } };
  }
  if (length > USERNAME_MAX_LENGTH) {
    return { code: 'input.tooLong', params: { max: USERNAME_MAX_LENGTH } };
  }
  if (!USERNAME_PATTERN.test(username)) return { code: 'password.usernameChars' };
  return undefined;
}

/** Whether the form requires `field`: its empty value is refused (as `isRequiredField` reads a schema). */
export function isLoginFieldRequired(field: LoginField): boolean {
  return loginFieldProblem(field, { username: '', password: '' }) !== undefined;
}

/** What ZLoginForm makes of a valid form: the username trimmed. */
export function loginFormOutput(values: LoginValues): LoginValues {
  return { username: values.username.trim(), password: values.password };
}

/** The two sign-ins and the current user, as their endpoints declare them. */
export const SIGN_IN_CALLS = {
  accountLogin: { method: 'POST', path: '/user/login', access: 'public', multipart: true },
  serviceLogin: { method: 'POST', path: '/svc/sys/user/login', access: 'public', multipart: true },
  currentUser: { method: 'GET', path: '/svc/sys/user/currentUser', access: 'login' },
} as const;

/**
 * The catalogue's groups holding every text the sign-in page can meet: the response codes'
 * (and the throttle's waits), the passwords' and sign-in's, and the input checks' (the form
 * check's), instead of the whole catalogue.
 */
export const SIGN_IN_MESSAGES = {
  ...prefixed('error', ERROR_MESSAGES),
  ...prefixed('input', INPUT_MESSAGES),
  ...prefixed('password', PASSWORD_MESSAGES),
};
