/**
 * Platform accounts (docs/product/roles-and-access.md#proxy, docs/product/roles-and-access.md#ownership). Reach: the acting user sees and acts on every
 * account when it holds systemManage, userManage or charger, else only its ownership subtree
 * (descendants, not itself); anything else answers -110 and nothing is done. Writes go
 * through the noted helpers (change_log with actor and acting user).
 */
import {
  ABILITY_ALL,
  Ability,
  AppError,
  SimpleStatus,
  ZPassword,
  abilityNames,
  grantableAbility,
  hasAbility,
  maySetRevenueShare,
  normalizeUsername,
  type Account,
  type ChangeNote,
} from '@adloom/domain';
import { assertReaches, reachCondition } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { parseOrThrow } from '../../validation.js';
import { hashPassword } from '../auth/password.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { clearUserThrottles } from '../auth/throttle.js';
import { decodeField, revokeOtherSessions } from '../auth/service.js';
import { recordChange } from '../changes/service.js';
import {
  createNoted,
  modifyNoted,
  notFound,
  splitModifyBody,
  switchNoted,
  type SettingEntity,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { isoTimes, pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import * as repo from './repo.js';
import type { AccountSort, AccountView } from './repo.js';

/** Loads an account in reach: -110 outside it, not found when it does not exist. */
async function loadInReach(db: Database, auth: AuthContext, id: number): Promise<AccountView> {
  await assertReaches(db, auth.actingUser, id, 'accounts');
  const row = await repo.findAccountView(db, id);
  if (!row) throw notFound('Account', id);
  return row;
}

/** This endpoint family never acts on the caller itself (the profile endpoints do). */
function refuseSelf(auth: AuthContext, id: number): void {
  if (id === auth.actingUser.id || id === auth.realUser.id) throw new AppError('noAuthority');
}

export const presentAccount = (row: AccountView): Account => ({
  id: row.id,
  username: row.username,
  nickname: row.nickname,
  ability: row.ability,
  parent:
    row.parentId === null
      ? null
      : {
          id: row.parentId,
          username: row.parentUsername ?? '',
          nickname: row.parentNickname ?? '',
        },
  revenue_share: row.revenueShare,
  status: row.status,
  balance: row.balance,
  locked_until: row.lockedUntil?.toISOString() ?? null,
  ...isoTimes(row),
});

interface AccountFields extends Record<string, unknown> {
  username: string;
  nickname: string;
  ability: number;
  revenue_share: number;
  parent_id: number | null;
  status: number;
}

export const accountEntity: SettingEntity<AccountView, AccountFields> = {
  targetType: 'user',
  label: 'Account',
  find: repo.findAccountView,
  fieldsOf: (row) => ({
    username: row.username,
    nickname: row.nickname,
    ability: row.ability,
    revenue_share: row.revenueShare,
    parent_id: row.parentId,
    status: row.status,
  }),
};

/** Names the bits of `bits`, with any unknown remainder as a number. */
function describeBits(bits: number): string {
  const names: string[] = abilityNames(bits);
  const unknown = bits & ~ABILITY_ALL;
  if (unknown) names.push(String(unknown));
  return names.join(', ');
}

/** Refuses a change of any bit the acting user may not grant. */
function checkGrant(auth: AuthContext, from: number, to: number): void {
  const foreign = (from ^ to) & ~grantableAbility(auth.actingUser.ability);
  if (foreign)
    throw AppError.field('ability', 'fund.notYoursToGrant', { abilities: describeBits(foreign) });
}

function checkRevenueShare(auth: AuthContext, from: number, to: number): void {
  if (from !== to && !maySetRevenueShare(auth.actingUser.ability)) {
    throw AppError.field('revenue_share', 'fund.revenueShare');
  }
}

export interface AccountQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: AccountSort | undefined;
  order: 'asc' | 'desc';
  status?: number | undefined;
  ability?: number | undefined;
  parent_id?: number | undefined;
}

export async function listAccounts(db: Database, auth: AuthContext, query: AccountQuery) {
  const acting = auth.actingUser;
  const { rows, total } = await repo.listAccounts(
    db,
    {
      reach: reachCondition(acting, repo.accountIdColumn, 'accounts'),
      keyword: query.keyword,
      status: query.status,
      ability: query.ability,
      parentId: query.parent_id,
      sort: query.sort,
      order: query.order,
    },
    windowOf(query.page, query.size),
  );
  return pageOf(rows.map(presentAccount), total, query);
}

export async function getAccount(db: Database, auth: AuthContext, id: number): Promise<Account> {
  return presentAccount(await loadInReach(db, auth, id));
}

export interface CreateAccountBody {
  username: string;
  nickname: string;
  password: string;
  ability: number;
  revenue_share: number;
}

/** Creates an account owned by the acting user, with abilities it may grant. */
export async function createAccount(writer: Writer, body: CreateAccountBody): Promise<Account> {
  const { auth } = writer;
  const password = parseOrThrow(ZPassword, decodeField('password', body.password), ['password']);
  await assertPasswordAllowed('password', password, [body.username, body.nickname]);
  checkGrant(auth, 0, body.ability);
  if (!hasAbility(body.ability, Ability.login)) {
    throw AppError.field('ability', 'fund.loginRequired');
  }
  checkRevenueShare(auth, 0, body.revenue_share);
  const passwordHash = await hashPassword(password);
  const row = await createNoted(accountEntity, writer, async (tx) => {
    const id = await repo.insertAccount(tx, {
      username: normalizeUsername(body.username),
      passwordHash,
      nickname: body.nickname,
      ability: body.ability,
      revenueShare: body.revenue_share,
      parentId: auth.actingUser.id,
    });
    const created = await repo.findAccountView(tx, id);
    if (!created) throw notFound('Account', id);
    return created;
  });
  return presentAccount(row);
}

export interface ModifyAccountBody {
  id: number;
  nickname?: string | undefined;
  ability?: number | undefined;
  revenue_share?: number | undefined;
  note?: ChangeNote | undefined;
}

interface EditableFields extends Record<string, unknown> {
  nickname: string;
  ability: number;
  revenue_share: number;
}

const editableOf = (row: AccountView): EditableFields => ({
  nickname: row.nickname,
  ability: row.ability,
  revenue_share: row.revenueShare,
});

async function reload(tx: Database, id: number): Promise<AccountView | undefined> {
  return repo.findAccountView(tx, id);
}

export async function modifyAccount(writer: Writer, body: ModifyAccountBody): Promise<Account> {
  const { auth, db } = writer;
  const { id, note, patch } = splitModifyBody(body);
  refuseSelf(auth, id);
  await loadInReach(db, auth, id);
  const row = await modifyNoted(
    accountEntity,
    { ...writer, note },
    {
      id,
      patch,
      view: editableOf,
      validate: (merged, current) => {
        checkGrant(auth, current.ability, merged.ability);
        checkRevenueShare(auth, current.revenueShare, merged.revenue_share);
      },
      update: async (tx, accountId, changes) => {
        const found = await repo.updateAccount(tx, accountId, {
          nickname: changes.nickname,
          ability: changes.ability,
          revenueShare: changes.revenue_share,
        });
        return found ? reload(tx, accountId) : undefined;
      },
    },
  );
  return presentAccount(row);
}

/** Enables (0) or disables (1) an account; disabling ends every session of it. */
export async function switchAccount(writer: Writer, body: SwitchBody): Promise<Account> {
  const { auth, db } = writer;
  refuseSelf(auth, body.id);
  await loadInReach(db, auth, body.id);
  const row = await switchNoted(accountEntity, writer, body, async (tx, id, status) => {
    const found = await repo.updateAccount(tx, id, { status: status as 0 | 1 });
    if (!found) return undefined;
    if (status === SimpleStatus.inactive) await revokeOtherSessions(tx, id, []);
    return reload(tx, id);
  });
  return presentAccount(row);
}

/** Sets an account's password (user managers): clears the sign-in throttle and ends its sessions. */
export async function resetAccountPassword(
  writer: Writer,
  body: { id: number; password: string; note?: ChangeNote | undefined },
): Promise<void> {
  const { auth, db } = writer;
  refuseSelf(auth, body.id);
  const target = await loadInReach(db, auth, body.id);
  const password = parseOrThrow(ZPassword, decodeField('password', body.password), ['password']);
  await assertPasswordAllowed('password', password, [target.username, target.nickname]);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.resetPassword(tx, body.id, passwordHash);
    await clearUserThrottles(tx, target.username);
    await revokeOtherSessions(tx, body.id, []);
    await recordChange(tx, {
      targetType: 'user',
      targetId: body.id,
      method: 'password',
      before: null,
      after: null,
      note: body.note,
      auth,
    });
  });
}
