/**
 * Who reaches an advertiser object (plans, strategies, creatives, materials): its owner, the
 * owner's owners up the tree (an agent reaches its users'), and global ad managers
 * (examAdvanced or systemManage) reach all. Auditors with `exam` review their users'
 * creatives (spec §6). THE one rule for every advertising module; docs/decisions/advertising.md.
 */
import { Ability, AppError, hasAbility } from '@adloom/domain';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { isOwnedBy, ownedSubtree } from '../user/repo.js';

/** True when the ability reaches every advertiser's objects. */
export function reachesAllAds(ability: number): boolean {
  return hasAbility(ability, Ability.examAdvanced) || hasAbility(ability, Ability.systemManage);
}

/**
 * The SQL condition "owner column within reach" for a list; undefined when everything is.
 * `ownerId` narrows to one owner (the list's owner filter), which must itself be in reach.
 */
export async function ownerScope(
  db: Database,
  auth: AuthContext,
  column: PgColumn,
  ownerId?: number,
): Promise<SQL | undefined> {
  if (ownerId !== undefined) {
    await assertAdOwner(db, auth, ownerId);
    return eq(column, ownerId);
  }
  const acting = auth.actingUser;
  if (reachesAllAds(acting.ability)) return undefined;
  return or(eq(column, acting.id), sql`${column} in ${ownedSubtree(acting.id)}`);
}

/** Refuses (-110) an object whose owner is out of the acting user's reach. */
export async function assertAdOwner(
  db: Database,
  auth: AuthContext,
  ownerId: number,
): Promise<void> {
  const acting = auth.actingUser;
  if (ownerId === acting.id || reachesAllAds(acting.ability)) return;
  if (!(await isOwnedBy(db, ownerId, acting.id))) throw new AppError('noAuthority');
}

/** Auditors: examAdvanced reviews everyone's creatives, exam its own users' (spec §6). */
export function auditScope(auth: AuthContext, column: PgColumn): SQL | undefined {
  const acting = auth.actingUser;
  if (reachesAllAds(acting.ability)) return undefined;
  return sql`${column} in ${ownedSubtree(acting.id)}`;
}
