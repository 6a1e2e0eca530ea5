/**
 * Funds (role balanceCharge): every balance change is an append-only ledger entry with the
 * balance after it; the balance is never edited in place. Amounts travel as decimal strings
 * of currency units ("125.50") and are stored and answered in micros.
 */
import { msg } from '../messages.js';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { LedgerKind } from '../enums.js';
import { FundRequestStatus } from '../funds.js';
import { MONEY_DECIMALS, parseMicros } from '../money.js';

/** The largest single top-up or adjustment: 100 million currency units. */
export const MAX_LEDGER_AMOUNT_MICROS = 100_000_000 * 1_000_000;

/**
 * A decimal amount of currency units with at most MONEY_DECIMALS (2) decimals, parsed into micros; one too
 * large even for a safe integer is refused like any other past the limit (not thrown).
 */
const AMOUNT_PATTERN = new RegExp(`^-?\\d+(\\.\\d{1,${MONEY_DECIMALS}})?$`);

export const ZAmount = z.union([z.string(), z.number()]).transform((value, context) => {
  const text = String(value).trim();
  if (!AMOUNT_PATTERN.test(text)) {
    context.issues.push({
      code: 'custom',
      ...msg('fund.amountFormat'),
      input: value,
    });
    return z.NEVER;
  }
  const micros = parseMicros(text);
  if (micros === undefined || Math.abs(micros) > MAX_LEDGER_AMOUNT_MICROS) {
    context.issues.push({ code: 'custom', ...msg('fund.amountTooLarge'), input: value });
    return z.NEVER;
  }
  return micros;
});

export const ZLedgerNote = z
  .string()
  .trim()
  .max(500)
  .refine((text) => text.replace(/\s/g, '').length >= 2, msg('ad.noteRequired'));

const ZUserRef = z.object({ id: z.number().int(), username: z.string(), nickname: z.string() });

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  kind: z.string(),
  /** Signed change in micros. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  note: z.string(),
  actor: ZUserRef.nullable(),
  acting_user: ZUserRef.nullable(),
  /** Who approved it, when it was a credit above the approval threshold. */
  approved_by: ZUserRef.nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ZLedgerEntry>;

/** A credit above the approval threshold and where it stands (docs/decisions/fund-approvals.md). */
export const ZFundRequest = z.object({
  id: z.number().int(),
  /** The account to be credited. */
  user: ZUserRef,
  kind: z.string(),
  /** Positive micros. */
  amount: z.number().int(),
  note: z.string(),
  /** FundRequestStatus: pending, approved, rejected. */
  status: z.string(),
  requested_by: ZUserRef,
  /** The user the requester acted for (null: themselves). */
  requested_for: ZUserRef.nullable(),
  created_at: z.string(),
  decided_by: ZUserRef.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** The entry an approval posted. */
  ledger_entry_id: z.number().int().nullable(),
});
export type FundRequest = z.infer<typeof ZFundRequest>;

/** What a top-up or adjustment did: posted at once, or recorded to wait for a second approver. */
export const ZFundPosting = z.discriminatedUnion('status', [
  z.object({ status: z.literal('posted'), entry: ZLedgerEntry }),
  z.object({ status: z.literal('pending'), request: ZFundRequest }),
]);
export type FundPosting = z.infer<typeof ZFundPosting>;

export const topUp = defineEndpoint({
  method: 'POST',
  path: '/svc/fund/topup',
  summary:
    'Top up an account (a positive amount, with a note); above the approval threshold it waits for a second fund manager',
  tag: 'funds',
  access: ['balanceCharge'],
  multipart: true,
  body: z.object({
    user_id: ZId,
    amount: ZAmount.refine((micros) => micros > 0, msg('plan.positive')),
    note: ZLedgerNote,
  }),
  response: ZFundPosting,
});

export const adjustBalance = defineEndpoint({
  method: 'POST',
  path: '/svc/fund/adjust',
  summary:
    'Correct a balance up or down (never below zero), with a note saying why; a credit above the approval threshold waits for a second fund manager',
  tag: 'funds',
  access: ['balanceCharge'],
  multipart: true,
  body: z.object({
    user_id: ZId,
    amount: ZAmount.refine((micros) => micros !== 0, msg('fund.amountNonZero')),
    note: ZLedgerNote,
  }),
  response: ZFundPosting,
});

export const ZLedgerTotals = z.object({
  topUp: z.number().int(),
  spend: z.number().int(),
  adjustment: z.number().int(),
  balance: z.number().int(),
});

export const listLedger = defineEndpoint({
  method: 'GET',
  path: '/svc/fund/ledger/list',
  summary: "A page of one account's ledger, newest first, with totals over the filter",
  tag: 'funds',
  access: 'login',
  query: ZPageQuery.pick({ page: true, size: true }).extend({
    user_id: ZId,
    kind: z
      .string()
      .refine((value) => LedgerKind.has(value), msg('input.unknownKind'))
      .optional(),
    /** Inclusive UTC days, YYYY-MM-DD. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  }),
  response: ZPage(ZLedgerEntry).extend({
    totals: ZLedgerTotals,
    /** The account's credits waiting for approval (not in the balance), newest first. */
    pending: z.array(ZFundRequest),
  }),
});

export const listFundRequests = defineEndpoint({
  method: 'GET',
  path: '/svc/fund/request/list',
  summary: 'A page of credits waiting for (or decided by) a second fund manager, newest first',
  tag: 'funds',
  access: ['balanceCharge'],
  query: ZPageQuery.pick({ page: true, size: true }).extend({
    status: z
      .string()
      .refine((value) => FundRequestStatus.has(value), msg('input.unknownStatus'))
      .optional(),
    user_id: ZId.optional(),
  }),
  response: ZPage(ZFundRequest),
});

export const approveFundRequest = defineEndpoint({
  method: 'POST',
  path: '/svc/fund/request/approve',
  summary: 'Approve a pending credit: posts it to the ledger (not by its requester or its account)',
  tag: 'funds',
  access: ['balanceCharge'],
  body: z.object({ id: ZId, note: z.string().trim().max(500).optional() }),
  response: ZFundRequest,
});

export const rejectFundRequest = defineEndpoint({
  method: 'POST',
  path: '/svc/fund/request/reject',
  summary: 'Reject a pending credit, saying why: the balance stays as it is',
  tag: 'funds',
  access: ['balanceCharge'],
  body: z.object({ id: ZId, note: ZLedgerNote }),
  response: ZFundRequest,
});
