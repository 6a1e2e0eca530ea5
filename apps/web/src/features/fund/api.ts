/** Funds: top-ups (role balanceCharge) and an account's ledger. */
import {
  dashboardSummary,
  getAccount,
  listAccounts,
  listLedger,
  topUp,
  type EndpointQuery,
} from '@adloom/domain';
import { call } from '../../lib/api';
import { useInvalidate } from '../../components/list/editing';

/** The top-up form, checked by the contract's own amount and note rules. */
export const ZTopUpForm = topUp.body.pick({ amount: true, note: true });

export interface TopUpForm {
  amount: string;
  note: string;
}

export type LedgerQuery = EndpointQuery<typeof listLedger>;

/** Adds money to an account: the amount travels as the decimal string typed. */
export function sendTopUp(userId: number, form: TopUpForm) {
  return call(topUp, {
    body: { user_id: userId, amount: form.amount.trim(), note: form.note.trim() },
    silent: true,
  });
}

/** Everything a balance change makes stale: the accounts, the ledger, the dashboard. */
export function useInvalidateFunds() {
  return useInvalidate(listAccounts, getAccount, listLedger, dashboardSummary);
}
