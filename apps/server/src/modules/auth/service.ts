/**
 * Sign-in, sessions and sign-out. Credentials arrive encoded (docs/product/console.md#sign-in, credentials.ts); a
 * wrong password and an unknown user answer alike and take the same time; failures slow the
 * next attempts of the same username from the same address, and of the address, with
 * growing delays (throttle.ts, docs/product/design.md#reliability-and-security): no stranger can lock anyone out.
 */
import {
  Ability,
  AppError,
  SIGN_IN_IP_THROTTLE,
  SIGN_IN_THROTTLE,
  SimpleStatus,
  ZLoginForm,
  decodeCredential,
  hasAbility,
  normalizeUsername,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { SessionKind } from '../../db/schema.js';
import { parseOrThrow } from '../../validation.js';
import type { Account } from '../user/repo.js';
import { verifyDummyPassword, verifyPassword } from './password.js';
import * as repo from './repo.js';
import {
  claimAttempt,
  clientAddressKey,
  purgeForgotten,
  settleSuccess,
  type ThrottleKey,
} from './throttle.js';
import { createToken, hashToken } from './token.js';

/** Decodes one encoded credential field, or fails validation naming the field. */
export function decodeField(field: string, value: string): string {
  try {
    return decodeCredential(value);
  } catch {
    throw AppError.field(field, 'password.encoded');
  }
}

export interface LoginResult {
  token: string;
  id: number;
  expiresAt: string;
}

export interface SignInContext {
  /** The client's address (request.ip). */
  ip: string;
  /** Failures of one address answered without delay (LOGIN_IP_FREE_FAILURES). */
  ipFreeFailures: number;
  sessionTtlHours: number;
}

/** The keys a sign-in attempt counts against: the username from this address, the address. */
export function signInKeys(normalizedUsername: string, ip: string, ipFreeFailures: number) {
  const address = clientAddressKey(ip);
  return [
    { scope: 'signIn', username: normalizedUsername, ip: address, policy: SIGN_IN_THROTTLE },
    {
      scope: 'signInIp',
      username: '',
      ip: address,
      policy: { ...SIGN_IN_IP_THROTTLE, freeFailures: ipFreeFailures },
    },
  ] satisfies ThrottleKey[];
}

export async function login(
  db: Database,
  body: { username: string; password: string },
  kind: SessionKind,
  context: SignInContext,
): Promise<LoginResult> {
  const form = parseOrThrow(ZLoginForm, {
    username: decodeField('username', body.username),
    password: decodeField('password', body.password),
  });
  const username = normalizeUsername(form.username);
  // Counted before anything is looked up, for known and unknown usernames alike.
  const attempt = await claimAttempt(db, signInKeys(username, context.ip, context.ipFreeFailures));
  if (!attempt.allowed) throw AppError.retryLater(attempt.retryAfterSeconds);

  const user = await repo.findLoginCandidate(db, username);
  const passwordRight = user
    ? await verifyPassword(form.password, user.passwordHash)
    : await verifyDummyPassword(form.password).then(() => false);
  await purgeForgotten(db);
  if (!user || !passwordRight) throw new AppError('validation', 'password.wrongCredentials');

  await settleSuccess(db, attempt.claims);
  // Told only to someone who knows the password.
  if (user.status !== SimpleStatus.active) throw new AppError('validation', 'password.disabled');
  if (!hasAbility(user.ability, Ability.login)) {
    throw new AppError('validation', 'password.noLoginAbility');
  }

  const { token, tokenHash } = createToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + context.sessionTtlHours * 3_600_000);
  await repo.insertSession(db, { tokenHash, kind, userId: user.id, expiresAt });
  return { token, id: user.id, expiresAt: expiresAt.toISOString() };
}

/** The signed-in user of the first live token; undefined when none is (or may sign in). */
export async function authenticate(
  db: Database,
  tokens: readonly string[],
): Promise<Account | undefined> {
  const account = await repo.findSessionAccount(db, tokens.map(hashToken), new Date());
  if (!account) return undefined;
  if (account.status !== SimpleStatus.active || !hasAbility(account.ability, Ability.login)) {
    return undefined;
  }
  return account;
}

export async function logout(db: Database, tokens: readonly string[]): Promise<void> {
  await repo.revokeSessions(db, tokens.map(hashToken));
}

/** After a password change: every other session of the user ends. */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  keepTokens: readonly string[],
): Promise<void> {
  await repo.revokeOtherSessions(db, userId, keepTokens.map(hashToken));
}
