/**
 * The ownership tree (users.parent_id): who owns whom, at any depth. THE one recursive
 * ownership query; the reach rules of reach.ts and the proxy check are built on it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client.js';
import { users } from '../db/schema.js';

/**
 * The ownership subtree of `ownerId` (its descendants, not itself) as a subquery of user
 * ids, walking down parent_id. Depth-capped so a corrupted cycle cannot loop forever.
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

/** True when `ownerId` is an ancestor of `userId` in the ownership tree. */
export async function isOwnedBy(db: Database, userId: number, ownerId: number): Promise<boolean> {
  const [row] = await selectRows<{ owned: boolean }>(
    db,
    sql`select ${userId}::integer in ${ownedSubtree(ownerId)} as owned`,
  );
  return row?.owned === true;
}

/** The ids of the users the owner owns, at any depth (not the owner itself). */
export async function ownedUserIds(db: Database, ownerId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from ${ownedSubtree(ownerId)} as owned`,
  );
  return rows.map((row) => Number(row.id));
}
