/** SQL over fund_requests: credits waiting for a second fund manager, and their decisions. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EnumValue, FundRequestStatus } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { fundRequests, users } from '../../db/schema.js';
import type { PageWindow } from '../../db/sql.js';

export type FundRequestRow = typeof fundRequests.$inferSelect;
export type FundRequestStatusValue = EnumValue<typeof FundRequestStatus>;

export async function insertRequest(
  db: Database,
  values: typeof fundRequests.$inferInsert,
): Promise<FundRequestRow> {
  const [row] = await db.insert(fundRequests).values(values).returning();
  if (!row) throw new Error('insertRequest: nothing returned');
  return row;
}

/** The request with its row locked until the transaction ends: decisions serialise on it. */
export async function lockRequest(tx: Database, id: number): Promise<FundRequestRow | undefined> {
  const [row] = await tx.select().from(fundRequests).where(eq(fundRequests.id, id)).for('update');
  return row;
}

export interface Decision {
  status: Exclude<FundRequestStatusValue, 'pending'>;
  decidedBy: number;
  decidedActingId: number;
  decisionNote: string | null;
  ledgerEntryId: number | null;
}

/** Decides a pending request; false when it was no longer pending (nothing changed). */
export async function decideRequest(tx: Database, id: number, decision: Decision) {
  const rows = await tx
    .update(fundRequests)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(fundRequests.id, id), eq(fundRequests.status, 'pending')))
    .returning({ id: fundRequests.id });
  return rows.length > 0;
}

const account = alias(users, 'account');
const requester = alias(users, 'requester');
const requestedFor = alias(users, 'requested_for');
const decider = alias(users, 'decider');

function selectRequests(db: Database) {
  return db
    .select({
      request: fundRequests,
      account: { id: account.id, username: account.username, nickname: account.nickname },
      requester: { id: requester.id, username: requester.username, nickname: requester.nickname },
      requestedFor: {
        id: requestedFor.id,
        username: requestedFor.username,
        nickname: requestedFor.nickname,
      },
      decider: { id: decider.id, username: decider.username, nickname: decider.nickname },
    })
    .from(fundRequests)
    .innerJoin(account, eq(account.id, fundRequests.userId))
    .innerJoin(requester, eq(requester.id, fundRequests.requestedBy))
    .leftJoin(requestedFor, eq(requestedFor.id, fundRequests.requestedActingId))
    .leftJoin(decider, eq(decider.id, fundRequests.decidedBy));
}
export type FundRequestView = Awaited<ReturnType<typeof selectRequests>>[number];

export async function findRequestView(
  db: Database,
  id: number,
): Promise<FundRequestView | undefined> {
  const [row] = await selectRequests(db).where(eq(fundRequests.id, id));
  return row;
}

export interface RequestFilter {
  status?: FundRequestStatusValue | undefined;
  userId?: number | undefined;
}

function whereOf(filter: RequestFilter): SQL | undefined {
  return and(
    filter.status === undefined ? undefined : eq(fundRequests.status, filter.status),
    filter.userId === undefined ? undefined : eq(fundRequests.userId, filter.userId),
  );
}

/** A page of requests, newest first, with the count over the filter. */
export async function listRequests(db: Database, filter: RequestFilter, window: PageWindow) {
  const where = whereOf(filter);
  const [rows, [totals]] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(desc(fundRequests.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(fundRequests).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
