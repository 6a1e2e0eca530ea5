/** Money in accounts: the append-only ledger and credits waiting for approval. */
import { sql } from 'drizzle-orm';
import { FUND_REQUEST_KINDS, FundRequestStatus, LedgerKind } from '@adloom/domain';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, micros, quoteList } from './columns.js';
import { users } from './accounts.js';

const LEDGER_KINDS = LedgerKind.values as [
  (typeof LedgerKind.values)[number],
  ...(typeof LedgerKind.values)[number][],
];

/** Append-only: a user's balance is the balance_after of its latest entry. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** LedgerKind: topUp, spend, adjustment. */
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed change in micros. */
    amount: micros('amount').notNull(),
    balanceAfter: micros('balance_after').notNull(),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id),
    actingUserId: integer('acting_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_id_id_idx').on(t.userId, t.id),
    check('ledger_entries_kind_check', sql`${t.kind} in (${sql.raw(quoteList(LEDGER_KINDS))})`),
  ],
);

const FUND_REQUEST_STATUSES = FundRequestStatus.values as [
  (typeof FundRequestStatus.values)[number],
  ...(typeof FundRequestStatus.values)[number][],
];

/**
 * A credit above the approval threshold, waiting for a second fund manager (issue 19). It
 * changes no balance until approved; approval posts the ledger entry it then points to.
 */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account to be credited. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: FUND_REQUEST_KINDS }).notNull(),
    /** Positive micros. */
    amount: micros('amount').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: FUND_REQUEST_STATUSES }).notNull().default('pending'),
    /** The person signed in who asked, and the user they acted for. */
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    requestedActingId: integer('requested_acting_id').references(() => users.id),
    createdAt: createdAt(),
    /** Who approved or rejected it, for whom, when and why; null while pending. */
    decidedBy: integer('decided_by').references(() => users.id),
    decidedActingId: integer('decided_acting_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionNote: text('decision_note'),
    /** The entry an approval posted. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
  },
  (t) => [
    index('fund_requests_status_id_idx').on(t.status, t.id),
    index('fund_requests_user_id_id_idx').on(t.userId, t.id),
    check(
      'fund_requests_kind_check',
      sql`${t.kind} in (${sql.raw(quoteList(FUND_REQUEST_KINDS))})`,
    ),
    check(
      'fund_requests_status_check',
      sql`${t.status} in (${sql.raw(quoteList(FUND_REQUEST_STATUSES))})`,
    ),
    check('fund_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);
