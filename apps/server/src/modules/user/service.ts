/** The signed-in user's own account: profile, password, and unlocking by a user manager. */
import {
  AppError,
  PASSWORD_CHANGE_THROTTLE,
  ZPassword,
  changedFields,
  pickFields,
  type CurrentUser,
  type ProfileForm,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { parseOrThrow } from '../../validation.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { decodeField, revokeOtherSessions } from '../auth/service.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { claimAttempt, clearUserThrottles, settleSuccess } from '../auth/throttle.js';
import { recordChange } from '../changes/service.js';
import * as repo from './repo.js';
import type { Account } from './repo.js';

export function presentCurrentUser(user: Account, realUser: Account | null): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    introduction: user.introduction,
    ability: user.ability,
    parentId: user.parentId,
    realUser: realUser
      ? { id: realUser.id, username: realUser.username, nickname: realUser.nickname }
      : null,
  };
}

export function currentUserOf(auth: AuthContext): CurrentUser {
  return presentCurrentUser(auth.actingUser, auth.proxied ? auth.realUser : null);
}

const profileOf = (user: Account) => ({
  nickname: user.nickname,
  avatar: user.avatar,
  introduction: user.introduction,
});

/** Edits the acting user's profile; a write that changes nothing is refused (docs/product/api-conventions.md#change-notes). */
export async function updateProfile(
  db: Database,
  auth: AuthContext,
  form: ProfileForm,
): Promise<CurrentUser> {
  const before = profileOf(auth.actingUser);
  const after = { nickname: form.nickname, avatar: form.avatar, introduction: form.introduction };
  const keys = changedFields(before, after);
  if (keys.length === 0) throw new AppError('noneUpdate');
  const updated = await db.transaction(async (tx) => {
    const row = await repo.updateProfile(tx, auth.actingUser.id, after);
    if (!row) throw new AppError('notFound');
    await recordChange(tx, {
      targetType: 'user',
      targetId: row.id,
      method: 'modify',
      before: pickFields(before, keys),
      after: pickFields(after, keys),
      auth,
    });
    return row;
  });
  return presentCurrentUser(updated, auth.proxied ? auth.realUser : null);
}

/**
 * Changes the acting user's password after checking the old one; every other session of the
 * user ends, the one making the change stays. Wrong old passwords are throttled per account
 * like sign-ins (from any session, or by proxy), so the old password cannot be guessed here.
 */
export async function changePassword(
  db: Database,
  auth: AuthContext,
  body: { oldPassword: string; newPassword: string },
): Promise<void> {
  const oldPassword = decodeField('oldPassword', body.oldPassword);
  const newPassword = parseOrThrow(ZPassword, decodeField('newPassword', body.newPassword), [
    'newPassword',
  ]);
  if (newPassword === oldPassword) throw AppError.field('newPassword', 'password.unchanged');
  const user = auth.actingUser;
  await assertPasswordAllowed('newPassword', newPassword, [user.username, user.nickname]);

  const attempt = await claimAttempt(db, [
    { scope: 'passwordChange', username: user.username, ip: '', policy: PASSWORD_CHANGE_THROTTLE },
  ]);
  if (!attempt.allowed) throw AppError.retryLater(attempt.retryAfterSeconds);
  const storedHash = await repo.findPasswordHash(db, user.id);
  if (!storedHash || !(await verifyPassword(oldPassword, storedHash))) {
    throw AppError.field('oldPassword', 'password.wrongOld');
  }
  await settleSuccess(db, attempt.claims);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await revokeOtherSessions(tx, user.id, auth.tokens);
    await recordChange(tx, {
      targetType: 'user',
      targetId: user.id,
      method: 'password',
      before: null,
      after: null,
      auth,
    });
  });
}

/**
 * Clears every sign-in and password-change throttle of a user, from every address (user
 * managers only, checked by the route's access).
 */
export async function unlockUser(db: Database, auth: AuthContext, id: number): Promise<void> {
  const target = await repo.findAccountById(db, id);
  if (!target) throw new AppError('notFound', 'error.userNotFound', undefined, { id });
  await db.transaction(async (tx) => {
    await clearUserThrottles(tx, target.username);
    await recordChange(tx, {
      targetType: 'user',
      targetId: id,
      method: 'unlock',
      before: null,
      after: null,
      auth,
    });
  });
}
