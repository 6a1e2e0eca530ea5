/** SQL over users for the user module (and the proxy check). */
import { eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
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

/**
 * The ownership subtree of `ownerId` (its descendants, not itself) as a subquery of user
 * ids, walking down parent_id: THE one recursive ownership query (proxy checks and account
 * reach both use it). Depth-capped so a corrupted cycle cannot loop forever.
 */
export function ownedSubtree(ownerId: number): SQL {
  return sql`(
    with recursive subtree (id, depth) as (
      select id, 1 from ${users} where parent_id = ${ownerId}
      union all
      select u.id, subtree.depth + 1
      from ${users} u join subtree on u.parent_id = subtree.id
      where subtree.depth < 64
    )
    select id from subtree
  )`;
}

/** True when `ownerId` is an ancestor of `userId` in the ownership tree (parent_id). */
export async function isOwnedBy(db: Database, userId: number, ownerId: number): Promise<boolean> {
  const [row] = await selectRows<{ owned: boolean }>(
    db,
    sql`select ${userId}::integer in ${ownedSubtree(ownerId)} as owned`,
  );
  return row?.owned === true;
}
