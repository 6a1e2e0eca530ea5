/**
 * Acting by proxy (docs/product/roles-and-access.md#proxy): `?user=<id>` makes another user the acting user.
 * The one place the parameter is read: `readProxyParam` for the access hook (before
 * validation), `ZProxyQuery` for the routes' query schemas and the OpenAPI document.
 * Only a caller holding the userAgent or system role may proxy at all; the target must be in
 * the caller's proxy reach (reach.ts). Anything else is refused with -110 and nothing is
 * done. A target in reach that is disabled is refused with -111 (proxyTargetDisabled), for
 * reads as for writes (docs/decisions/accounts.md).
 */
import {
  AppError,
  PROXY_QUERY_PARAM,
  SimpleStatus,
  ZId,
  deriveRoles,
  hasAnyRole,
} from '@adloom/domain';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { findAccountById, type Account } from '../modules/user/repo.js';
import { reaches } from './reach.js';

/** The proxy parameter as a query field, added to every signed-in route's schema. */
export const ZProxyQuery = z.object({
  [PROXY_QUERY_PARAM]: ZId.optional().describe(
    'Act for this user (proxy): only for users in your ownership subtree',
  ),
});

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
  if (!hasAnyRole(deriveRoles(caller.ability), ['userAgent', 'system'])) {
    throw new AppError('noAuthority');
  }
  const allowed = await reaches(db, caller, targetId, 'proxy');
  const target = allowed ? await findAccountById(db, targetId) : undefined;
  if (!target) throw new AppError('noAuthority');
  // Checked on every request, reads and writes alike: a disabled account is not operated.
  if (target.status !== SimpleStatus.active) throw new AppError('proxyTargetDisabled');
  return target;
}
