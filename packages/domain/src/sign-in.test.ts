import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZLoginForm } from './contracts/auth.js';
import { MESSAGES, issueMessage } from './messages.js';
import {
  LOGIN_FIELDS,
  PASSWORD_MAX_LENGTH,
  SIGN_IN_MESSAGES,
  USERNAME_MAX_LENGTH,
  isLoginFieldRequired,
  loginFieldProblem,
  loginFormOutput,
  type LoginField,
  type LoginValues,
} from './sign-in.js';

/** ZLoginForm's first issue on `field`, as the console shows it (lib/zodRule.ts fieldProblem). */
function schemaProblem(field: LoginField, values: LoginValues) {
  const result = ZLoginForm.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  return issue ? issueMessage(issue) : undefined;
}

// What trim() takes away, and what it leaves.
const SPACE = fc.constantFrom(
  '',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u2028',
  '\u200b',
);
const CHAR = fc.constantFrom(...'aZ09_.@-', ...' !#$%+/:é中😀\u0000\u200b');
/** Mostly plausible usernames around every limit, with spaces about them and odd characters in. */
const USERNAME = fc.oneof(
  fc
    .tuple(
      fc.array(SPACE, { maxLength: 3 }),
      fc.array(CHAR, { maxLength: USERNAME_MAX_LENGTH + 4 }),
      fc.array(SPACE, { maxLength: 3 }),
    )
    .map(([before, chars, after]) => [...before, ...chars, ...after].join('')),
  fc.string({ unit: 'grapheme-ascii', maxLength: USERNAME_MAX_LENGTH + 4 }),
  fc.string({ unit: 'binary', maxLength: USERNAME_MAX_LENGTH + 4 }),
);
const PASSWORD = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: 'grapheme-ascii',
    minLength: PASSWORD_MAX_LENGTH - 3,
    maxLength: PASSWORD_MAX_LENGTH + 3,
  }),
  fc.string({ unit: 'binary', maxLength: PASSWORD_MAX_LENGTH + 8 }),
);
const FORM = fc.record({ username: USERNAME, password: PASSWORD });

describe('the sign-in check without zod', () => {
  it('gives the message ZLoginForm gives, field by field, on the same inputs', () => {
    fc.assert(
      fc.property(FORM, (values) => {
        for (const field of LOGIN_FIELDS) {
          expect(loginFieldProblem(field, values), field).toEqual(schemaProblem(field, values));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('makes of a valid form what ZLoginForm makes of it', () => {
    fc.assert(
      fc.property(FORM, (values) => {
        const result = ZLoginForm.safeParse(values);
        if (result.success) expect(loginFormOutput(values)).toEqual(result.data);
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees on the edges', () => {
    const cases: LoginValues[] = [
      { username: '', password: '' },
      { username: '  ab ', password: 'x' },
      { username: ' abc ', password: 'x'.repeat(PASSWORD_MAX_LENGTH) },
      { username: 'a'.repeat(USERNAME_MAX_LENGTH), password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) },
      { username: 'a'.repeat(USERNAME_MAX_LENGTH + 1), password: 'p' },
      { username: 'a b', password: 'p' },
      { username: 'a!', password: 'p' },
      { username: 'admin@example.com', password: ' ' },
      // zod counts code points: an astral character is one, an unpaired surrogate one too.
      { username: '\u0000\u{10000}', password: '\u{1f600}' },
      { username: `${'a'.repeat(USERNAME_MAX_LENGTH - 1)}\u{1f600}`, password: 'p' },
      { username: 'ab\ud800', password: '\u{1f600}'.repeat(PASSWORD_MAX_LENGTH) },
    ];
    for (const values of cases) {
      for (const field of LOGIN_FIELDS) {
        expect(loginFieldProblem(field, values), `${field} of ${JSON.stringify(values)}`).toEqual(
          schemaProblem(field, values),
        );
      }
    }
  });

  it('requires both fields', () => {
    expect(isLoginFieldRequired('username')).toBe(true);
    expect(isLoginFieldRequired('password')).toBe(true);
  });
});

describe('the sign-in messages', () => {
  it("are the catalogue's texts under the catalogue's codes", () => {
    for (const [code, label] of Object.entries(SIGN_IN_MESSAGES)) {
      expect(MESSAGES[code as keyof typeof MESSAGES], code).toEqual(label);
    }
  });

  it('hold every message the check gives and the sign-in service answers', () => {
    fc.assert(
      fc.property(FORM, (values) => {
        for (const field of LOGIN_FIELDS) {
          const problem = loginFieldProblem(field, values);
          if (problem) expect(SIGN_IN_MESSAGES).toHaveProperty([problem.code]);
        }
      }),
    );
    // modules/auth/service.ts and the throttle (errors.ts retryLaterMessage).
    for (const code of [
      'password.wrongCredentials',
      'password.disabled',
      'password.noLoginAbility',
      'password.encoded',
      'error.retryOneSecond',
      'error.retrySeconds',
      'error.retryMinutes',
      'error.retryAfter',
    ]) {
      expect(SIGN_IN_MESSAGES).toHaveProperty([code]);
    }
  });
});
