import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type Account } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { AccountsPage } from './AccountsPage';

const alpha: Account = {
  id: 5,
  username: 'adv_alpha',
  nickname: 'Alpha Shoes',
  ability: Ability.login | Ability.adManage,
  parent: { id: 2, username: 'agent', nickname: 'Agent' },
  revenue_share: 150,
  status: 0,
  balance: 1_234_500_000,
  locked_until: '2999-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

function answer(accounts: Account[]) {
  return (url: string) => {
    if (url.startsWith('/svc/sys/account/list')) {
      return { list: accounts, total: accounts.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/sys/account/create')) return { ...alpha, id: 9, username: 'adv_new' };
    if (url.startsWith('/svc/fund/request/list')) return { list: [], total: 0, page: 1, size: 10 };
    if (url.startsWith('/svc/setting/system/detail')) {
      return { fund_approval_threshold: 10_000_000_000, updated_at: null };
    }
    if (url.startsWith('/svc/fund/topup')) {
      return {
        status: 'posted',
        entry: {
          id: 1,
          user_id: 5,
          kind: 'topUp',
          amount: 125_500_000,
          balance_after: 1_360_000_000,
          note: 'December budget',
          actor: { id: 1, username: 'root', nickname: 'Root' },
          acting_user: null,
          approved_by: null,
          created_at: '2026-11-22T00:00:00Z',
        },
      };
    }
    return null;
  };
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role=dialog]') as HTMLElement;
}

const AGENT = Ability.login | Ability.userAgent;
const FINANCE = Ability.login | Ability.charger;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('AccountsPage', { timeout: 30_000 }, () => {
  it('lists the accounts with owner, abilities, balance, share and lock', async () => {
    renderSignedIn(<AccountsPage />, answer([alpha]), { ability: AGENT });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Alpha Shoes')).toBeTruthy();
    expect(within(row).getByText('agent')).toBeTruthy();
    expect(within(row).getByText('Ad management')).toBeTruthy();
    expect(within(row).getByText('$1,234.50')).toBeTruthy();
    expect(within(row).getByText('15.0%')).toBeTruthy();
    expect(within(row).getByText('Locked')).toBeTruthy();
    expect(within(row).getByRole('switch', { name: 'Active' })).toBeTruthy();
    for (const name of ['Edit', 'Operate', 'Ledger', 'History']) {
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    }
    // An agent neither tops up nor resets passwords.
    expect(within(row).queryByRole('button', { name: 'Top up' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
  });

  it('operates an account in a new window at /dashboard?user=<id>', async () => {
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    renderSignedIn(<AccountsPage />, answer([alpha]), { ability: AGENT });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Operate' }));
    expect(open).toHaveBeenCalledWith('/dashboard?user=5', '_blank');
  });

  it('offers no proxy operation for a disabled account (the server refuses it too)', async () => {
    renderSignedIn(<AccountsPage />, answer([{ ...alpha, status: 1 }]), { ability: AGENT });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Operate' })).toBeNull();
  });

  it('says what to do without accounts; the create dialog offers only grantable bits', async () => {
    const requests = renderSignedIn(<AccountsPage />, answer([]), { ability: AGENT });
    expect(await screen.findByText('No accounts yet — add the first one')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await dialogTitled('Add account');
    for (const label of ['Username', 'Nickname', 'Password', 'Confirm password']) {
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    }
    // Named by the bit's name alone (its meaning describes it).
    expect(within(dialog).getByRole('checkbox', { name: 'Ad management' })).toBeTruthy();
    const box = (name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;
    await waitFor(() => expect(box('Login').checked).toBe(true));
    expect(box('Ad management').disabled).toBe(false);
    expect(box('Login').disabled).toBe(false);
    for (const name of ['System', 'Agent', 'Channel', 'Top-up', 'SSP', 'User management']) {
      expect(box(name).disabled).toBe(true);
    }
    expect(box('Ad management').getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Create own ad plans, view reports')).toBeTruthy();
    // An agent sets no revenue share.
    expect(within(dialog).queryByLabelText('Revenue share')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'adv_new' } });
    fireEvent.change(within(dialog).getByLabelText('Nickname'), { target: { value: 'New' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'secret-1' },
    });
    fireEvent.change(within(dialog).getByLabelText('Confirm password'), {
      target: { value: 'secret-1' },
    });
    fireEvent.click(box('Ad management'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('/account/create'))).toBe(true),
    );
    const form = requests.find((request) => request.url.includes('/account/create'))
      ?.body as FormData;
    expect(form.get('username')).toBe('adv_new');
    expect(form.get('ability')).toBe(String(Ability.login | Ability.adManage));
    expect(form.get('password')).not.toBe('secret-1');
    expect(form.has('revenue_share')).toBe(false);
  });

  it('tops up with the amount and note as multipart', async () => {
    const requests = renderSignedIn(<AccountsPage />, answer([alpha]), { ability: FINANCE });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Top up' }));
    const dialog = await dialogTitled('Top up adv_alpha');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '125.50' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'December budget' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up' }));
    // A review first: account, amount, balance before and after; nothing sent until confirmed.
    const review = await dialogTitled('Review the top-up');
    const summary = within(review).getByTestId('top-up-review');
    expect(summary.textContent).toContain('Alpha Shoes (adv_alpha)');
    expect(summary.textContent).toContain('Amount$125.50');
    expect(summary.textContent).toContain('Balance now$1,234.50');
    expect(summary.textContent).toContain('Balance after$1,360.00');
    expect(requests.some((request) => request.url.includes('/fund/topup'))).toBe(false);
    fireEvent.click(within(review).getByRole('button', { name: 'Top up $125.50' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('/fund/topup'))).toBe(true),
    );
    const topUp = requests.find((request) => request.url.includes('/fund/topup'));
    expect(topUp?.method).toBe('POST');
    const form = topUp?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('user_id')).toBe('5');
    expect(form.get('amount')).toBe('125.50');
    expect(form.get('note')).toBe('December budget');
    expect(await screen.findByText('$125.50 added to adv_alpha.')).toBeTruthy();
  });

  it('says a top-up above the threshold waits for another fund manager', async () => {
    const answerPending = (url: string) => {
      if (url.startsWith('/svc/fund/topup')) {
        return {
          status: 'pending',
          request: {
            id: 3,
            user: { id: 5, username: 'adv_alpha', nickname: 'Alpha Shoes' },
            kind: 'topUp',
            amount: 20_000_000_000,
            note: 'Annual prepayment',
            status: 'pending',
            requested_by: { id: 1, username: 'root', nickname: 'Root' },
            requested_for: null,
            created_at: '2026-11-22T00:00:00Z',
            decided_by: null,
            decided_at: null,
            decision_note: null,
            ledger_entry_id: null,
          },
        };
      }
      return answer([alpha])(url);
    };
    renderSignedIn(<AccountsPage />, answerPending, { ability: FINANCE });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Top up' }));
    const dialog = await dialogTitled('Top up adv_alpha');
    expect(
      await within(dialog).findByText(/Above \$10,000\.00 a second fund manager must approve it\./),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '20000' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Annual prepayment' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up' }));
    const review = await dialogTitled('Review the top-up');
    expect(within(review).getByTestId('top-up-review').textContent).toContain(
      'Balance after$1,234.50',
    );
    expect(
      within(review).getByText(
        'Above $10,000.00: the balance stays as it is until another fund manager approves.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(review).getByRole('button', { name: 'Top up $20,000.00' }));
    expect(
      await screen.findByText(
        'The top-up of $20,000.00 for adv_alpha waits for another fund manager to approve it.',
      ),
    ).toBeTruthy();
  });

  it('sends nothing when the review is cancelled, and keeps the form', async () => {
    const requests = renderSignedIn(<AccountsPage />, answer([alpha]), { ability: FINANCE });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Top up' }));
    const dialog = await dialogTitled('Top up adv_alpha');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Trial' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up' }));
    const review = await dialogTitled('Review the top-up');
    fireEvent.click(within(review).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Review the top-up')).toBeNull());
    expect(requests.some((request) => request.url.includes('/fund/topup'))).toBe(false);
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('50');
  });

  it('refuses a top-up without a valid amount and note', async () => {
    const requests = renderSignedIn(<AccountsPage />, answer([alpha]), { ability: FINANCE });
    const row = (await screen.findByText('adv_alpha')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Top up' }));
    const dialog = await dialogTitled('Top up adv_alpha');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1.234' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' x ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up' }));
    expect(
      await within(dialog).findByText('Write an amount such as 125.50 (at most 2 decimals)'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Please note something')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/fund/topup'))).toBe(false);
  });
});
