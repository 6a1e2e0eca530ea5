import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type FundRequest } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { FundRequestsDrawer } from './FundRequestsDrawer';

const FINANCE = Ability.login | Ability.charger;
const person = (id: number, username: string) => ({ id, username, nickname: username });

/** The signed-in test user is id 1: it asked for the second request itself. */
const requests: FundRequest[] = [
  {
    id: 7,
    user: person(5, 'adv_alpha'),
    kind: 'topUp',
    amount: 25_000_000_000,
    note: 'Q4 prepayment',
    status: 'pending',
    requested_by: person(2, 'finance'),
    requested_for: null,
    created_at: '2026-11-20T09:00:00Z',
    decided_by: null,
    decided_at: null,
    decision_note: null,
    ledger_entry_id: null,
  },
  {
    id: 8,
    user: person(6, 'adv_beta'),
    kind: 'adjustment',
    amount: 12_000_000_000,
    note: 'Refund credit',
    status: 'pending',
    requested_by: person(1, 'root'),
    requested_for: null,
    created_at: '2026-11-20T10:00:00Z',
    decided_by: null,
    decided_at: null,
    decision_note: null,
    ledger_entry_id: null,
  },
];

function answer(list: FundRequest[]) {
  return (url: string) => {
    if (url.startsWith('/svc/fund/request/list')) {
      return { list, total: list.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/fund/request/approve')) return { ...list[0], status: 'approved' };
    if (url.startsWith('/svc/fund/request/reject')) return { ...list[0], status: 'rejected' };
    return null;
  };
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('FundRequestsDrawer', { timeout: 30_000 }, () => {
  it('lets another fund manager approve, but not the requester', async () => {
    const sent = renderSignedIn(
      <FundRequestsDrawer open onClose={() => undefined} />,
      answer(requests),
      {
        ability: FINANCE,
      },
    );
    const theirs = await rowOf('Q4 prepayment');
    expect(within(theirs).getByText('adv_alpha')).toBeTruthy();
    expect(within(theirs).getByText('+$25,000.00')).toBeTruthy();
    expect(within(theirs).getByText('Pending approval')).toBeTruthy();
    const mine = await rowOf('Refund credit');
    expect(within(mine).getByText('Another fund manager decides')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Approve' })).toBeNull();

    fireEvent.click(within(theirs).getByRole('button', { name: 'Approve' }));
    const confirm = (await screen.findByText('Credit $25,000.00 to adv_alpha now?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    // Nothing is credited until the confirmation says so.
    expect(sent.some((request) => request.url.startsWith('/svc/fund/request/approve'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent.some((request) => request.url.startsWith('/svc/fund/request/approve'))).toBe(
        true,
      ),
    );
    const approval = sent.find((request) => request.url.startsWith('/svc/fund/request/approve'));
    expect(JSON.parse(String(approval?.body))).toEqual({ id: 7 });
  });

  it('rejects only with a reason', async () => {
    const sent = renderSignedIn(
      <FundRequestsDrawer open onClose={() => undefined} />,
      answer(requests),
      {
        ability: FINANCE,
      },
    );
    const theirs = await rowOf('Q4 prepayment');
    fireEvent.click(within(theirs).getByRole('button', { name: 'Reject' }));
    const dialog = (await screen.findByText('Reject $25,000.00 for adv_alpha')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please note something')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Why is it rejected?'), {
      target: { value: 'No contract' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent.some((request) => request.url.startsWith('/svc/fund/request/reject'))).toBe(true),
    );
    const rejection = sent.find((request) => request.url.startsWith('/svc/fund/request/reject'));
    expect(JSON.parse(String(rejection?.body))).toEqual({ id: 7, note: 'No contract' });
  });

  it('says so when nothing waits', async () => {
    renderSignedIn(<FundRequestsDrawer open onClose={() => undefined} />, answer([]), {
      ability: FINANCE,
    });
    expect(await screen.findByText('No credits are waiting for approval')).toBeTruthy();
  });
});
