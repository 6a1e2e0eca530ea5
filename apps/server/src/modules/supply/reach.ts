/**
 * Who reaches a media and its slots (spec §6): ssp and system manage the whole supply
 * side; a slot-role user manages the media it owns or owns through its users (ownership
 * tree). Demand partners and SSP strategies are ssp/system only (their routes say so).
 */
import { Ability, AppError, hasAbility } from '@adloom/domain';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { isOwnedBy, ownedSubtree } from '../user/repo.js';

/** True when the ability manages every media and slot. */
export function reachesAllSupply(ability: number): boolean {
  return hasAbility(ability, Ability.ssp) || hasAbility(ability, Ability.systemManage);
}

/** The condition "media owner within reach" for a list; undefined when everything is. */
export async function mediaOwnerScope(
  db: Database,
  auth: AuthContext,
  column: PgColumn,
  ownerId?: number,
): Promise<SQL | undefined> {
  if (ownerId !== undefined) {
    await assertMediaOwner(db, auth, ownerId);
    return eq(column, ownerId);
  }
  const acting = auth.actingUser;
  if (reachesAllSupply(acting.ability)) return undefined;
  return or(eq(column, acting.id), sql`${column} in ${ownedSubtree(acting.id)}`);
}

/** Refuses (-110) a media whose owner is out of the acting user's reach. */
export async function assertMediaOwner(
  db: Database,
  auth: AuthContext,
  ownerId: number,
): Promise<void> {
  const acting = auth.actingUser;
  if (ownerId === acting.id || reachesAllSupply(acting.ability)) return;
  if (!(await isOwnedBy(db, ownerId, acting.id))) throw new AppError('noAuthority');
}
