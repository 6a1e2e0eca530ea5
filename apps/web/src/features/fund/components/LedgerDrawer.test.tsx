import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { LedgerEntry } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { LedgerDrawer } from './LedgerDrawer';

const entries: LedgerEntry[] = [
  {
    id: 2,
    user_id: 5,
    kind: 'spend',
    amount: -3_200_000,
    balance_after: 122_300_000,
    note: 'Daily spend',
    actor: null,
    acting_user: null,
    approved_by: null,
    created_at: '2026-11-21T10:00:00Z',
  },
  {
    id: 1,
    user_id: 5,
    kind: 'topUp',
    amount: 125_500_000,
    balance_after: 125_500_000,
    note: 'Campaign budget',
    actor: { id: 1, username: 'finance', nickname: 'Finance' },
    acting_user: { id: 2, username: 'agent', nickname: 'Agent' },
    approved_by: { id: 3, username: 'admin', nickname: 'Administrator' },
    created_at: '2026-11-20T09:00:00Z',
  },
];

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('LedgerDrawer', { timeout: 20_000 }, () => {
  it('shows the entries and the totals of the answer', async () => {
    const requests = renderSignedIn(
      <LedgerDrawer userId={5} onClose={() => undefined} />,
      (url) => {
        if (url.startsWith('/svc/sys/account/detail')) {
          return {
            id: 5,
            username: 'adv_alpha',
            nickname: 'Alpha',
            ability: 129,
            parent: null,
            revenue_share: 0,
            status: 0,
            balance: 122_300_000,
            locked_until: null,
            created_at: '2026-01-01T00:00:00Z',
            updated_at: '2026-01-01T00:00:00Z',
          };
        }
        if (url.startsWith('/svc/fund/ledger/list')) {
          return {
            list: entries,
            total: 2,
            page: 1,
            size: 20,
            totals: { topUp: 125_500_000, spend: -3_200_000, adjustment: 0, balance: 122_300_000 },
            pending: [
              {
                id: 3,
                user: { id: 5, username: 'adv_alpha', nickname: 'Alpha' },
                kind: 'topUp',
                amount: 20_000_000_000,
                note: 'Annual prepayment',
                status: 'pending',
                requested_by: { id: 1, username: 'finance', nickname: 'Finance' },
                requested_for: null,
                created_at: '2026-11-21T11:00:00Z',
                decided_by: null,
                decided_at: null,
                decision_note: null,
                ledger_entry_id: null,
              },
            ],
          };
        }
        return null;
      },
    );
    const ledger = await screen.findByTestId('ledger');
    expect(await within(ledger).findByText('Campaign budget')).toBeTruthy();
    expect(await screen.findByText('Ledger of adv_alpha')).toBeTruthy();
    for (const label of ['Top-ups', 'Spend', 'Adjustments', 'Balance']) {
      expect(within(ledger).getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(within(screen.getByTestId('ledger-balance')).getByText(/122/)).toBeTruthy();
    expect(within(ledger).getByText('+$125.50')).toBeTruthy();
    expect(within(ledger).getAllByText('-$3.20').length).toBeGreaterThan(0);
    expect(within(ledger).getByText('for agent')).toBeTruthy();
    expect(within(ledger).getByText('approved by admin')).toBeTruthy();
    expect(within(ledger).getAllByText('Top-up').length).toBeGreaterThan(0);
    // A credit awaiting approval shows apart: not in the balance.
    const pending = within(ledger).getByTestId('ledger-pending');
    expect(
      within(pending).getByText('1 credit awaiting approval — not in the balance yet'),
    ).toBeTruthy();
    expect(within(pending).getByText('+$20,000.00')).toBeTruthy();
    expect(within(pending).getByText(/Annual prepayment/)).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('user_id=5'))).toBe(true),
    );
  });
});
