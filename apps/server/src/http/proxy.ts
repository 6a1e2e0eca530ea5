/**
 * Acting by proxy (spec §1, DESIGN §3): `?user=<id>` makes another user the acting user.
 * Only a caller holding the userAgent or system role may proxy at all; the target must be in
 * the caller's ownership subtree unless the caller holds systemManage. Anything else is
 * refused with -110 and nothing is done. A target in reach that is disabled is refused with
 * -111 (proxyTargetDisabled), for reads as for writes (docs/decisions/accounts.md).
 */
import {
  Ability,
  AppError,
  PROXY_QUERY_PARAM,
  SimpleStatus,
  deriveRoles,
  hasAbility,
} from '@adloom/domain';
import type { Database } from '../db/client.js';
import { findAccountById, isOwnedBy, type Account } from '../modules/user/repo.js';

/** The `user=` value as a user id, undefined when absent. */
export function readProxyParam(query: unknown): number | undefined {
  const raw = (query as Record<string, unknown> | undefined)?.[PROXY_QUERY_PARAM];
  if (raw === undefined || raw === '') return undefined;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const id = typeof text === 'string' && /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw AppError.field(PROXY_QUERY_PARAM, 'input.userId');
  }
  return id;
}

export async function resolveActingUser(
  db: Database,
  caller: Account,
  targetId: number | undefined,
): Promise<Account> {
  if (targetId === undefined || targetId === caller.id) return caller;
  const roles = deriveRoles(caller.ability);
  if (!roles.includes('userAgent') && !roles.includes('system')) throw new AppError('noAuthority');
  const allowed =
    hasAbility(caller.ability, Ability.systemManage) || (await isOwnedBy(db, targetId, caller.id));
  const target = allowed ? await findAccountById(db, targetId) : undefined;
  if (!target) throw new AppError('noAuthority');
  // Checked on every request, reads and writes alike: a disabled account is not operated.
  if (target.status !== SimpleStatus.active) throw new AppError('proxyTargetDisabled');
  return target;
}
