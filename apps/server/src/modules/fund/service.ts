/**
 * Funds (role balanceCharge): every balance change is an appended ledger entry carrying the
 * balance after it, written only by postLedgerEntry under a lock on the user row, so
 * parallel top-ups and spends never lose an update and never take a balance below zero.
 */
import { AppError, type LedgerEntry } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/types.js';
import { assertInReach } from '../account/reach.js';
import { notFound } from '../settings/shared/noted.js';
import { pageOf } from '../settings/shared/present.js';
import { windowOf } from '../settings/shared/sql.js';
import * as repo from './repo.js';
import type { LedgerEntryView, LedgerKindValue, LedgerRow } from './repo.js';

export const BELOW_ZERO_MESSAGE = 'The balance would fall below zero';

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
  return db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, posting.userId))) throw notFound('Account', posting.userId);
    const balance = await repo.latestBalance(tx, posting.userId);
    const balanceAfter = balance + posting.amount;
    if (balanceAfter < 0) return undefined;
    return repo.insertEntry(tx, { ...posting, balanceAfter });
  });
}

/** THE ledger write: refuses (-120 naming amount) an entry that would overdraw. */
export async function postLedgerEntry(db: Database, posting: LedgerPosting): Promise<LedgerRow> {
  const row = await appendEntry(db, posting);
  if (!row) throw AppError.field('amount', BELOW_ZERO_MESSAGE);
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
  created_at: row.createdAt.toISOString(),
});

export interface FundBody {
  user_id: number;
  amount: number;
  note: string;
}

async function postFor(
  db: Database,
  auth: AuthContext,
  kind: LedgerKindValue,
  body: FundBody,
): Promise<LedgerEntry> {
  await assertInReach(db, auth, body.user_id);
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
  return presentEntry(view);
}

/** Tops up an account in reach (a positive amount, checked by the contract). */
export function topUp(db: Database, auth: AuthContext, body: FundBody): Promise<LedgerEntry> {
  return postFor(db, auth, 'topUp', body);
}

/** Corrects a balance up or down, never below zero. */
export function adjustBalance(
  db: Database,
  auth: AuthContext,
  body: FundBody,
): Promise<LedgerEntry> {
  return postFor(db, auth, 'adjustment', body);
}

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
  if (query.user_id !== auth.actingUser.id) await assertInReach(db, auth, query.user_id);
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
  const balance = await repo.latestBalance(db, query.user_id);
  return { ...pageOf(rows.map(presentEntry), total, query), totals: { ...sums, balance } };
}
