/**
 * An account's reach (docs/decisions/accounts.md): system, user managers and fund managers
 * reach every account; everyone else the accounts in their ownership subtree.
 */
import { Ability, AppError, hasAbility } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { isOwnedBy } from '../user/repo.js';

/** True when the ability sees every account: system, user managers, fund managers. */
export function reachesEveryone(ability: number): boolean {
  return (
    hasAbility(ability, Ability.systemManage) ||
    hasAbility(ability, Ability.userManage) ||
    hasAbility(ability, Ability.charger)
  );
}

/** Refuses (-110) an account outside the acting user's reach. */
export async function assertInReach(db: Database, auth: AuthContext, id: number): Promise<void> {
  const acting = auth.actingUser;
  if (reachesEveryone(acting.ability)) return;
  if (!(await isOwnedBy(db, id, acting.id))) throw new AppError('noAuthority');
}
