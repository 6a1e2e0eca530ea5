/** Funds: top-ups (role balanceCharge), an account's ledger and the credits awaiting approval. */
import {
  approveFundRequest,
  dashboardSummary,
  getAccount,
  listAccounts,
  listFundRequests,
  listLedger,
  mayDecide,
  rejectFundRequest,
  topUp,
  type EndpointQuery,
  type FundRequest,
} from '@adloom/domain';
import { call } from '../../lib/api';
import { useInvalidate } from '../../components/list/editing';

/** The top-up form, checked by the contract's own amount and note rules. */
export const ZTopUpForm = topUp.body.pick({ amount: true, note: true });

/** The reject form: the reason, checked by the contract's note rule. */
export const ZRejectForm = rejectFundRequest.body.pick({ note: true });

export interface TopUpForm {
  amount: string;
  note: string;
}

export type LedgerQuery = EndpointQuery<typeof listLedger>;

/**
 * Adds money to an account: the amount travels as the decimal string typed. Above the
 * approval threshold the answer is a pending request instead of a ledger entry.
 */
export function sendTopUp(userId: number, form: TopUpForm) {
  return call(topUp, {
    body: { user_id: userId, amount: form.amount.trim(), note: form.note.trim() },
    silent: true,
  });
}

export function sendApproval(id: number) {
  return call(approveFundRequest, { body: { id }, silent: true });
}

export function sendRejection(id: number, note: string) {
  return call(rejectFundRequest, { body: { id, note: note.trim() }, silent: true });
}

/** True when the signed-in person (and the user they act for) may decide the request. */
export function canDecide(
  request: FundRequest,
  person: { realUserId: number; actingUserId: number },
): boolean {
  return mayDecide(
    {
      userId: request.user.id,
      requestedBy: request.requested_by.id,
      requestedActingId: request.requested_for?.id ?? request.requested_by.id,
    },
    person,
  );
}

/** Everything a balance change makes stale: the accounts, the ledger, requests, the dashboard. */
export function useInvalidateFunds() {
  return useInvalidate(listAccounts, getAccount, listLedger, listFundRequests, dashboardSummary);
}
