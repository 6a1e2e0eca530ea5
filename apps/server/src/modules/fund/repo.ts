/** SQL over ledger_entries: the row lock, the latest balance, appends and the ledger page. */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EnumValue, LedgerKind } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { fundRequests, ledgerEntries, users } from '../../db/schema.js';
import type { PageWindow } from '../../db/sql.js';

export type LedgerKindValue = EnumValue<typeof LedgerKind>;
export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** Locks the user row until the transaction ends (SELECT … FOR UPDATE); false when absent. */
export async function lockUser(tx: Database, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows.length > 0;
}

export async function userExists(db: Database, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}

/** The balance after the user's latest entry; 0 without entries. */
export async function latestBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.balance ?? 0;
}

export async function insertEntry(
  tx: Database,
  values: typeof ledgerEntries.$inferInsert,
): Promise<LedgerRow> {
  const [row] = await tx.insert(ledgerEntries).values(values).returning();
  if (!row) throw new Error('insertEntry: nothing returned');
  return row;
}

const actor = alias(users, 'actor');
const actingUser = alias(users, 'acting_user');
const approver = alias(users, 'approver');

const entryColumns = {
  id: ledgerEntries.id,
  userId: ledgerEntries.userId,
  kind: ledgerEntries.kind,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  note: ledgerEntries.note,
  createdAt: ledgerEntries.createdAt,
  actorId: actor.id,
  actorUsername: actor.username,
  actorNickname: actor.nickname,
  actingId: actingUser.id,
  actingUsername: actingUser.username,
  actingNickname: actingUser.nickname,
  approverId: approver.id,
  approverUsername: approver.username,
  approverNickname: approver.nickname,
};

export interface LedgerFilter {
  userId: number;
  kind?: LedgerKindValue | undefined;
  /** Inclusive lower bound. */
  from?: Date | undefined;
  /** Exclusive upper bound. */
  before?: Date | undefined;
}

function whereOf(filter: LedgerFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.userId, filter.userId),
    filter.kind === undefined ? undefined : eq(ledgerEntries.kind, filter.kind),
    filter.from === undefined ? undefined : gte(ledgerEntries.createdAt, filter.from),
    filter.before === undefined ? undefined : lt(ledgerEntries.createdAt, filter.before),
  );
}

const sumOf = (kind: LedgerKindValue) =>
  sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${kind}), 0)`.mapWith(
    Number,
  );

function selectEntries(db: Database) {
  return (
    db
      .select(entryColumns)
      .from(ledgerEntries)
      .leftJoin(actor, eq(actor.id, ledgerEntries.actorId))
      .leftJoin(actingUser, eq(actingUser.id, ledgerEntries.actingUserId))
      // An entry posted by approving a fund request: who approved it.
      .leftJoin(fundRequests, eq(fundRequests.ledgerEntryId, ledgerEntries.id))
      .leftJoin(approver, eq(approver.id, fundRequests.decidedBy))
  );
}
export type LedgerEntryView = Awaited<ReturnType<typeof selectEntries>>[number];

export async function findEntryView(
  db: Database,
  id: number,
): Promise<LedgerEntryView | undefined> {
  const [row] = await selectEntries(db).where(eq(ledgerEntries.id, id));
  return row;
}

/** A page of entries, newest first, with the count and the sums per kind over the filter. */
export async function listEntries(db: Database, filter: LedgerFilter, window: PageWindow) {
  const where = whereOf(filter);
  const [rows, [totals]] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({
        total: count(),
        topUp: sumOf('topUp'),
        spend: sumOf('spend'),
        adjustment: sumOf('adjustment'),
      })
      .from(ledgerEntries)
      .where(where),
  ]);
  return {
    rows,
    total: totals?.total ?? 0,
    sums: {
      topUp: totals?.topUp ?? 0,
      spend: totals?.spend ?? 0,
      adjustment: totals?.adjustment ?? 0,
    },
  };
}
