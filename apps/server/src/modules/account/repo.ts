/** SQL over users as platform accounts: the reach-filtered list, one account, writes. */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { ledgerEntries, loginThrottles, users } from '../../db/schema.js';
import { keywordMatch, statusMatch, type PageWindow } from '../../db/sql.js';
import { accountColumns } from '../user/repo.js';

const parent = alias(users, 'parent');

/** The balance after the user's latest ledger entry (0 without entries), per row. */
const balance = sql<number>`coalesce((
  select ${ledgerEntries.balanceAfter} from ${ledgerEntries}
  where ${ledgerEntries.userId} = ${users.id}
  order by ${ledgerEntries.id} desc limit 1
), 0)`.mapWith(Number);

/**
 * Until when the account's own sign-in keys (its username from some address, its password
 * changes) make attempts wait; null when none does. Shown with the unlock action.
 */
const lockedUntil = sql<Date | null>`(
  select max(${loginThrottles.blockedUntil}) from ${loginThrottles}
  where ${loginThrottles.username} = ${users.username}
    and ${loginThrottles.scope} <> 'signInIp'
    and ${loginThrottles.blockedUntil} > now()
)`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

const viewColumns = {
  ...accountColumns,
  lockedUntil,
  balance,
  parentUsername: parent.username,
  parentNickname: parent.nickname,
};

/** An account with its owner's names and its balance. */
export interface AccountView {
  id: number;
  username: string;
  nickname: string;
  ability: number;
  parentId: number | null;
  parentUsername: string | null;
  parentNickname: string | null;
  revenueShare: number;
  status: number;
  balance: number;
  lockedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const SORT_COLUMNS = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  status: users.status,
  balance,
  created_at: users.createdAt,
} as const;
export type AccountSort = keyof typeof SORT_COLUMNS;

/** The column an account's reach is a condition on: the account's own id. */
export const accountIdColumn = users.id;

export interface AccountFilter {
  /** The caller's reach (access/reach.ts over `accountIdColumn`); undefined = everyone. */
  reach?: SQL | undefined;
  keyword?: string | undefined;
  status?: number | undefined;
  /** Accounts holding every bit of the mask. */
  ability?: number | undefined;
  parentId?: number | undefined;
  sort?: AccountSort | undefined;
  order: 'asc' | 'desc';
}

function whereOf(filter: AccountFilter): SQL | undefined {
  return and(
    filter.reach,
    keywordMatch(filter.keyword, [users.username, users.nickname]),
    statusMatch(users.status, filter.status),
    filter.ability ? sql`(${users.ability} & ${filter.ability}) = ${filter.ability}` : undefined,
    filter.parentId === undefined ? undefined : eq(users.parentId, filter.parentId),
  );
}

/** A page of accounts with balances and owners, in one query (plus the count). */
export async function listAccounts(db: Database, filter: AccountFilter, window: PageWindow) {
  const where = whereOf(filter);
  const direction = filter.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(users)
      .leftJoin(parent, eq(parent.id, users.parentId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[filter.sort ?? 'id']), direction(users.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows: rows as AccountView[], total: total?.value ?? 0 };
}

export async function findAccountView(db: Database, id: number): Promise<AccountView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(users)
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(eq(users.id, id));
  return row as AccountView | undefined;
}

export interface AccountInsert {
  username: string;
  passwordHash: string;
  nickname: string;
  ability: number;
  revenueShare: number;
  parentId: number;
}

export async function insertAccount(db: Database, values: AccountInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insertAccount: nothing returned');
  return row.id;
}

export interface AccountChanges {
  nickname?: string | undefined;
  ability?: number | undefined;
  revenueShare?: number | undefined;
  status?: 0 | 1 | undefined;
}

/** Writes the given columns; false when the account does not exist. */
export async function updateAccount(
  db: Database,
  id: number,
  changes: AccountChanges,
): Promise<boolean> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as AccountChanges;
  const rows = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A new password hash (the service clears the sign-in throttle with it). */
export async function resetPassword(db: Database, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}
