/**
 * Sign-in, sessions and sign-out. Credentials arrive encoded (spec §5, credentials.ts); a
 * wrong password and an unknown user answer alike and take the same time; repeated failures
 * lock the account for a while (DESIGN §8).
 */
import {
  Ability,
  AppError,
  ERROR_MESSAGES,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
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
import { createToken, hashToken } from './token.js';

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong username or password.';
export const DISABLED_MESSAGE = 'This account is disabled.';
export const NO_LOGIN_ABILITY_MESSAGE = 'This account may not sign in.';

/** Decodes one encoded credential field, or fails validation naming the field. */
export function decodeField(field: string, value: string): string {
  try {
    return decodeCredential(value);
  } catch {
    throw AppError.field(field, 'Must be encoded before sending (b64: followed by base64).');
  }
}

export function lockedError(lockedUntil: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new AppError(
    'locked',
    `${ERROR_MESSAGES.locked.en} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, ` +
      'or ask a user manager to unlock it.',
  );
}

export interface LoginResult {
  token: string;
  id: number;
  expiresAt: string;
}

export async function login(
  db: Database,
  body: { username: string; password: string },
  kind: SessionKind,
  sessionTtlHours: number,
): Promise<LoginResult> {
  const form = parseOrThrow(ZLoginForm, {
    username: decodeField('username', body.username),
    password: decodeField('password', body.password),
  });
  const now = new Date();
  const user = await repo.findLoginCandidate(db, normalizeUsername(form.username));
  if (!user) {
    await verifyDummyPassword(form.password);
    throw new AppError('validation', WRONG_CREDENTIALS_MESSAGE);
  }
  if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);

  if (!(await verifyPassword(form.password, user.passwordHash))) {
    const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000);
    const locked = await repo.recordLoginFailure(db, user.id, LOGIN_MAX_FAILURES, lockUntil);
    if (locked) throw lockedError(locked, now);
    throw new AppError('validation', WRONG_CREDENTIALS_MESSAGE);
  }
  // Told only to someone who knows the password.
  if (user.status !== SimpleStatus.active) throw new AppError('validation', DISABLED_MESSAGE);
  if (!hasAbility(user.ability, Ability.login)) {
    throw new AppError('validation', NO_LOGIN_ABILITY_MESSAGE);
  }

  await repo.resetLoginFailures(db, user.id);
  const { token, tokenHash } = createToken();
  const expiresAt = new Date(now.getTime() + sessionTtlHours * 3_600_000);
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
