/**
 * Fund approvals (issue 19, docs/decisions/fund-approvals.md): the rules the server applies and
 * the console explains, in one place. A fund manager never credits their own account; a credit
 * (top-up or upward adjustment) above the operator-set threshold waits as a request until
 * another fund manager approves it.
 */
import { defineEnum } from './enum.js';

/** Where a request for a large credit stands. */
export const FundRequestStatus = defineEnum({
  pending: { value: 'pending', en: 'Pending approval', zh: '待审批' },
  approved: { value: 'approved', en: 'Approved', zh: '已批准' },
  rejected: { value: 'rejected', en: 'Rejected', zh: '已驳回' },
});

/** The ledger kinds a fund manager posts and a request may carry. */
export const FUND_REQUEST_KINDS = ['topUp', 'adjustment'] as const;

/** Until an operator sets it: credits above 10,000.00 need a second fund manager. */
export const DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS = 10_000 * 1_000_000;

/** True when a credit of `amount` micros must wait for a second fund manager. */
export function needsSecondApprover(amount: number, thresholdMicros: number): boolean {
  return amount > thresholdMicros;
}

/** The people a request may not be decided by: who asked (and for whom) and who gets the money. */
export function mayDecide(
  request: { userId: number; requestedBy: number; requestedActingId: number | null },
  decider: { realUserId: number; actingUserId: number },
): boolean {
  const excluded = new Set([request.userId, request.requestedBy, request.requestedActingId]);
  return !excluded.has(decider.realUserId) && !excluded.has(decider.actingUserId);
}
