/**
 * Funds (role balanceCharge): every balance change is an appended ledger entry carrying the
 * balance after it, written only by postLedgerEntry under a lock on the user row, so
 * parallel top-ups and spends never lose an update and never take a balance below zero.
 * A fund manager never posts to their own account, and a credit above the approval threshold
 * waits as a request for a second fund manager (docs/decisions/fund-approvals.md).
 */
import {
  AppError,
  MESSAGES,
  mayDecide,
  needsSecondApprover,
  type FundPosting,
  type FundRequest,
  type LedgerEntry,
} from '@adloom/domain';
import { assertReaches } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { recordChange } from '../changes/service.js';
import { notFound } from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import { fundApprovalThreshold } from '../settings/system/service.js';
import * as repo from './repo.js';
import * as requests from './request-repo.js';
import type { LedgerEntryView, LedgerKindValue, LedgerRow } from './repo.js';

export const BELOW_ZERO_MESSAGE = MESSAGES['fund.belowZero'].en;

export interface LedgerPosting {
  userId: number;
  kind: LedgerKindValue;
  /** Signed micros. */
  amount: number;
  note: string;
  actorId: number | null;
  actingUserId: number | null;
}

/**
 * Appends one entry in a transaction holding the user row's lock; answers undefined (and
 * writes nothing) when the entry would take the balance below zero.
 */
async function appendEntry(db: Database, posting: LedgerPosting): Promise<LedgerRow | undefined> {
  return db.transaction((tx) => appendInTransaction(tx, posting));
}

/** appendEntry's work inside a transaction the caller holds. */
async function appendInTransaction(
  tx: Database,
  posting: LedgerPosting,
): Promise<LedgerRow | undefined> {
  if (!(await repo.lockUser(tx, posting.userId))) throw notFound('Account', posting.userId);
  const balance = await repo.latestBalance(tx, posting.userId);
  const balanceAfter = balance + posting.amount;
  if (balanceAfter < 0) return undefined;
  return repo.insertEntry(tx, { ...posting, balanceAfter });
}

/** THE ledger write: refuses (-120 naming amount) an entry that would overdraw. */
export async function postLedgerEntry(db: Database, posting: LedgerPosting): Promise<LedgerRow> {
  const row = await appendEntry(db, posting);
  if (!row) throw AppError.field('amount', 'fund.belowZero');
  return row;
}

/**
 * Spends `micros` (> 0) of a user's balance, for the delivery engine. Never overdraws:
 * answers undefined, writing nothing, when the balance is short.
 */
export async function spend(
  db: Database,
  userId: number,
  micros: number,
  options: { note?: string; actorId?: number | null } = {},
): Promise<LedgerRow | undefined> {
  if (!Number.isSafeInteger(micros) || micros <= 0) {
    throw new RangeError(`spend: micros must be a positive integer, got ${micros}`);
  }
  return appendEntry(db, {
    userId,
    kind: 'spend',
    amount: -micros,
    note: options.note ?? '',
    actorId: options.actorId ?? null,
    actingUserId: null,
  });
}

const refOf = (id: number | null, username: string | null, nickname: string | null) =>
  id === null ? null : { id, username: username ?? '', nickname: nickname ?? '' };

export const presentEntry = (row: LedgerEntryView): LedgerEntry => ({
  id: row.id,
  user_id: row.userId,
  kind: row.kind,
  amount: row.amount,
  balance_after: row.balanceAfter,
  note: row.note,
  actor: refOf(row.actorId, row.actorUsername, row.actorNickname),
  acting_user: refOf(row.actingId, row.actingUsername, row.actingNickname),
  approved_by: refOf(row.approverId, row.approverUsername, row.approverNickname),
  created_at: row.createdAt.toISOString(),
});

export interface FundBody {
  user_id: number;
  amount: number;
  note: string;
}

export function presentRequest(view: requests.FundRequestView): FundRequest {
  const { request } = view;
  return {
    id: request.id,
    user: view.account,
    kind: request.kind,
    amount: request.amount,
    note: request.note,
    status: request.status,
    requested_by: view.requester,
    requested_for: request.requestedActingId === request.requestedBy ? null : view.requestedFor,
    created_at: request.createdAt.toISOString(),
    decided_by: view.decider,
    decided_at: request.decidedAt?.toISOString() ?? null,
    decision_note: request.decisionNote,
    ledger_entry_id: request.ledgerEntryId,
  };
}

async function requestView(db: Database, id: number): Promise<FundRequest> {
  const view = await requests.findRequestView(db, id);
  if (!view) throw notFound('Fund request', id);
  return presentRequest(view);
}

/** A fund manager never posts to their own account, signed in or acted for (-112). */
function assertNotOwnAccount(auth: AuthContext, userId: number): void {
  if (userId === auth.realUser.id || userId === auth.actingUser.id) {
    throw new AppError('ownFunds');
  }
}

async function postFor(
  db: Database,
  auth: AuthContext,
  kind: LedgerKindValue,
  body: FundBody,
): Promise<FundPosting> {
  await assertReaches(db, auth.actingUser, body.user_id, 'accounts');
  assertNotOwnAccount(auth, body.user_id);
  const credit = body.amount > 0 && kind !== 'spend';
  if (credit && needsSecondApprover(body.amount, await fundApprovalThreshold(db))) {
    if (!(await repo.userExists(db, body.user_id))) throw notFound('Account', body.user_id);
    const request = await requests.insertRequest(db, {
      userId: body.user_id,
      kind,
      amount: body.amount,
      note: body.note,
      requestedBy: auth.realUser.id,
      requestedActingId: auth.actingUser.id,
    });
    return { status: 'pending', request: await requestView(db, request.id) };
  }
  const row = await postLedgerEntry(db, {
    userId: body.user_id,
    kind,
    amount: body.amount,
    note: body.note,
    actorId: auth.realUser.id,
    actingUserId: auth.actingUser.id,
  });
  const view = await repo.findEntryView(db, row.id);
  if (!view) throw new Error(`Ledger entry ${row.id} vanished`);
  return { status: 'posted', entry: presentEntry(view) };
}

/** Tops up an account in reach (a positive amount, checked by the contract). */
export function topUp(db: Database, auth: AuthContext, body: FundBody): Promise<FundPosting> {
  return postFor(db, auth, 'topUp', body);
}

/** Corrects a balance up or down, never below zero. */
export function adjustBalance(
  db: Database,
  auth: AuthContext,
  body: FundBody,
): Promise<FundPosting> {
  return postFor(db, auth, 'adjustment', body);
}

export interface DecisionBody {
  id: number;
  note?: string | undefined;
}

/**
 * Approves or rejects a pending request under its row lock, so two deciders serialise and a
 * request is credited once: the second finds it decided (-141). Its requester, the user they
 * acted for and the account's holder may not decide it (-113).
 */
async function decide(
  db: Database,
  auth: AuthContext,
  body: DecisionBody,
  approve: boolean,
): Promise<FundRequest> {
  await db.transaction(async (tx) => {
    const request = await requests.lockRequest(tx, body.id);
    if (!request) throw notFound('Fund request', body.id);
    await assertReaches(tx, auth.actingUser, request.userId, 'accounts');
    const decider = { realUserId: auth.realUser.id, actingUserId: auth.actingUser.id };
    if (!mayDecide(request, decider)) throw new AppError('sameApprover');
    if (request.status !== 'pending') throw new AppError('alreadyDecided');
    let ledgerEntryId: number | null = null;
    if (approve) {
      // A credit: it cannot overdraw, so the entry is always written.
      const entry = await appendInTransaction(tx, {
        userId: request.userId,
        kind: request.kind,
        amount: request.amount,
        note: request.note,
        actorId: request.requestedBy,
        actingUserId: request.requestedActingId,
      });
      if (!entry) throw AppError.field('amount', 'fund.belowZero');
      ledgerEntryId = entry.id;
    }
    const decided = await requests.decideRequest(tx, request.id, {
      status: approve ? 'approved' : 'rejected',
      decidedBy: auth.realUser.id,
      decidedActingId: auth.actingUser.id,
      decisionNote: body.note ? body.note : null,
      ledgerEntryId,
    });
    if (!decided) throw new AppError('alreadyDecided');
    // The account's history shows the decision too: who decided, for whom, when and why.
    await recordChange(tx, {
      targetType: 'user',
      targetId: request.userId,
      method: approve ? 'approve' : 'reject',
      before: { fund_request: request.id, status: 'pending' },
      after: {
        fund_request: request.id,
        status: approve ? 'approved' : 'rejected',
        kind: request.kind,
        amount: request.amount,
      },
      note: body.note ? { comment: body.note } : undefined,
      auth,
    });
  });
  return requestView(db, body.id);
}

export function approveRequest(db: Database, auth: AuthContext, body: DecisionBody) {
  return decide(db, auth, body, true);
}

export function rejectRequest(db: Database, auth: AuthContext, body: DecisionBody) {
  return decide(db, auth, body, false);
}

export interface RequestQuery {
  page: number;
  size: number;
  status?: string | undefined;
  user_id?: number | undefined;
}

/** Requests over every account in reach (fund managers reach all), newest first. */
export async function listRequests(db: Database, auth: AuthContext, query: RequestQuery) {
  if (query.user_id !== undefined)
    await assertReaches(db, auth.actingUser, query.user_id, 'accounts');
  const { rows, total } = await requests.listRequests(
    db,
    {
      status: query.status as requests.FundRequestStatusValue | undefined,
      userId: query.user_id,
    },
    windowOf(query.page, query.size),
  );
  return pageOf(rows.map(presentRequest), total, query);
}

/** How many waiting requests the ledger shows above the entries. */
const PENDING_SHOWN = 50;

export interface LedgerQuery {
  user_id: number;
  page: number;
  size: number;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** One account's ledger: the account itself or one in reach; totals over the filter. */
export async function listLedger(db: Database, auth: AuthContext, query: LedgerQuery) {
  if (query.user_id !== auth.actingUser.id)
    await assertReaches(db, auth.actingUser, query.user_id, 'accounts');
  const { rows, total, sums } = await repo.listEntries(
    db,
    {
      userId: query.user_id,
      kind: query.kind as LedgerKindValue | undefined,
      from: query.from === undefined ? undefined : startOfDay(query.from),
      before:
        query.to === undefined ? undefined : new Date(startOfDay(query.to).getTime() + DAY_MS),
    },
    windowOf(query.page, query.size),
  );
  const [balance, pending] = await Promise.all([
    repo.latestBalance(db, query.user_id),
    requests.listRequests(
      db,
      { status: 'pending', userId: query.user_id },
      { limit: PENDING_SHOWN, offset: 0 },
    ),
  ]);
  return {
    ...pageOf(rows.map(presentEntry), total, query),
    totals: { ...sums, balance },
    pending: pending.rows.map(presentRequest),
  };
}
