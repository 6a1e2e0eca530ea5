/**
 * Who reaches whom (docs/decisions/access.md): THE reach rule of every module. An object
 * belongs to an owner (a user); the acting user reaches it when one of its roles reaches
 * everyone in that realm, or when the owner lies in its ownership subtree (or is itself,
 * where the realm says so). Roles come from `deriveRoles` (packages/domain abilities.ts),
 * never from raw ability bits, so a change to what a role means changes every check.
 */
import { AppError, deriveRoles, hasAnyRole, type Role } from '@adloom/domain';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { isOwnedBy, ownedSubtree, ownedUserIds } from './ownership.js';

/** The acting user (never the real one behind a proxy): only its id and abilities matter. */
export interface Actor {
  id: number;
  ability: number;
}

interface RealmRule {
  /** Holding any one of these roles reaches every owner. */
  everyone: readonly Role[];
  /** Whether the actor reaches what it owns itself (else only its subtree's). */
  self: boolean;
}

/** The realms of ownership and their rules (docs/product/roles-and-access.md#ownership). */
export const REALMS = {
  /**
   * Plans, strategies, creatives, materials: the owner, its owners up the tree (an agent
   * reaches its users'), and global ad managers (examAdvanced or systemManage).
   */
  ads: { everyone: ['adGlobalManager'], self: true },
  /** Creatives to audit: exam reviews its users' (not its own), examAdvanced everyone's. */
  audit: { everyone: ['adGlobalManager'], self: false },
  /** Media and their slots: ssp and system manage all; a slot user what it owns down the tree. */
  supply: { everyone: ['ssp', 'system'], self: true },
  /** Accounts and their funds: system, user and fund managers reach all; others their subtree. */
  accounts: { everyone: ['system', 'userAllVisitor'], self: false },
  /** Proxy targets (`user=`): the system acts for anyone, an agent for its subtree. */
  proxy: { everyone: ['system'], self: false },
} as const satisfies Record<string, RealmRule>;
export type Realm = keyof typeof REALMS;

/** True when the actor reaches every owner of the realm. */
export function reachesEveryone(actor: Actor, realm: Realm): boolean {
  return hasAnyRole(deriveRoles(actor.ability), REALMS[realm].everyone);
}

/** True when the actor reaches objects owned by `ownerId`. */
export async function reaches(
  db: Database,
  actor: Actor,
  ownerId: number,
  realm: Realm,
): Promise<boolean> {
  if (REALMS[realm].self && ownerId === actor.id) return true;
  if (reachesEveryone(actor, realm)) return true;
  return isOwnedBy(db, ownerId, actor.id);
}

/** Refuses (-110) an object whose owner is out of the actor's reach. */
export async function assertReaches(
  db: Database,
  actor: Actor,
  ownerId: number,
  realm: Realm,
): Promise<void> {
  if (!(await reaches(db, actor, ownerId, realm))) throw new AppError('noAuthority');
}

/** The SQL condition "owner column within reach"; undefined when everything is. */
export function reachCondition(actor: Actor, column: PgColumn, realm: Realm): SQL | undefined {
  if (reachesEveryone(actor, realm)) return undefined;
  const subtree = sql`${column} in ${ownedSubtree(actor.id)}`;
  return REALMS[realm].self ? or(eq(column, actor.id), subtree) : subtree;
}

/**
 * A list's owner condition: `ownerId` narrows to one owner (a list's owner filter), which
 * must itself be in reach (-110 otherwise); without it, everything within reach.
 */
export async function ownerScope(
  db: Database,
  actor: Actor,
  column: PgColumn,
  realm: Realm,
  ownerId?: number,
): Promise<SQL | undefined> {
  if (ownerId === undefined) return reachCondition(actor, column, realm);
  await assertReaches(db, actor, ownerId, realm);
  return eq(column, ownerId);
}

/**
 * The owners the actor reaches through the tree: itself (where the realm says so) and its
 * subtree. Callers check `reachesEveryone` first; this does not.
 */
export async function reachedOwnerIds(db: Database, actor: Actor, realm: Realm): Promise<number[]> {
  const owned = await ownedUserIds(db, actor.id);
  return REALMS[realm].self ? [actor.id, ...owned] : owned;
}
