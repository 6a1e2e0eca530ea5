/** SQL over users for the user module (the ownership tree is access/ownership.ts). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';

/** Every user column but the password hash: what leaves the repo for the rest of the app. */
export const accountColumns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  avatar: users.avatar,
  introduction: users.introduction,
  ability: users.ability,
  parentId: users.parentId,
  revenueShare: users.revenueShare,
  status: users.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type Account = Omit<UserRow, 'passwordHash'>;

export async function findAccountById(db: Database, id: number): Promise<Account | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findPasswordHash(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  return row?.passwordHash;
}

export interface ProfileValues {
  nickname: string;
  avatar: string;
  introduction: string;
}

export async function updateProfile(
  db: Database,
  id: number,
  values: ProfileValues,
): Promise<Account | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(accountColumns);
  return row;
}

export async function updatePasswordHash(
  db: Database,
  id: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}
