import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, FULL_SCHEDULE, PlanStatus, type PlanListItem } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { PlansPage } from './PlansPage';

const ADVERTISER = Ability.login | Ability.adManage;

function plan(id: number, patch: Partial<PlanListItem> = {}): PlanListItem {
  return {
    id,
    owner: { id: 1, username: 'root', nickname: 'Root' },
    name: `Plan ${id}`,
    budget: 100_000_000,
    bid: 1_500_000,
    billing: 2,
    schedule: FULL_SCHEDULE,
    start_at: '2026-03-01T08:00:00Z',
    end_at: null,
    times_per_user: 0,
    frequency_per_user: 0,
    interval_seconds: 0,
    cache_seconds: 0,
    iab_category: null,
    status: PlanStatus.live,
    creation_step: 4,
    published_at: '2026-02-01T00:00:00Z',
    strategy_count: 2,
    created_at: '2026-02-01T00:00:00Z',
    updated_at: '2026-02-03T04:05:06Z',
    today: { spend: 0, impressions: 0, clicks: 0 },
    ...patch,
  };
}

function answer(plans: PlanListItem[], bulk = { done: [] as number[], failed: [] as unknown[] }) {
  return (url: string) => {
    if (url.startsWith('/svc/ad/plan/list')) {
      return { list: plans, total: plans.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/ad/plan/bulk')) return bulk;
    return null;
  };
}

const checkboxOf = (row: HTMLElement) => within(row).getByRole('checkbox') as HTMLInputElement;

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('PlansPage', { timeout: 20_000 }, () => {
  it('shows live and short-balance plans distinctly, and how to continue an unfinished one', async () => {
    renderSignedIn(
      <PlansPage />,
      answer([
        plan(1, { name: 'Running' }),
        plan(2, { name: 'Broke', status: PlanStatus.lackOfFunds }),
        plan(3, { name: 'Draft', status: PlanStatus.unlive, creation_step: 3, published_at: null }),
      ]),
      { ability: ADVERTISER },
    );
    const running = await rowOf('Running');
    expect(within(running).getByText('Live').closest('.ant-tag')?.className).toMatch(/success/);
    expect(within(running).getByText('$100.00')).toBeTruthy();
    expect(within(running).getByText('$1.50')).toBeTruthy();
    expect(within(running).getByText('Every hour')).toBeTruthy();
    expect(within(running).getByRole('button', { name: 'Stop' })).toBeTruthy();

    const broke = await rowOf('Broke');
    const stalled = within(broke).getByText('Lack Of Funds').closest('.ant-tag') as HTMLElement;
    expect(stalled.className).toMatch(/warning/);
    expect(stalled.dataset.stalled).toBe('true');
    expect(within(broke).getByRole('button', { name: 'Start again' })).toBeTruthy();

    const draft = await rowOf('Draft');
    expect(within(draft).getByText('Unfinished')).toBeTruthy();
    const resume = within(draft).getByRole('link', { name: 'Continue creation (3/4)' });
    expect(resume.getAttribute('href')).toBe('/ad/plan/3?step=3');
    expect(
      (within(draft).getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Every plan is the user's own: no owner column.
    expect(screen.queryByText('Owner')).toBeNull();
  });

  it('asks the server for both short-balance statuses at once', async () => {
    const requests = renderSignedIn(<PlansPage />, answer([plan(1)]), { ability: ADVERTISER });
    await screen.findByText('Plan 1');
    fireEvent.click(screen.getByText('Stalled for short balance'));
    await waitFor(() =>
      expect(requests.some((request) => /status=2%2C3/.test(request.url))).toBe(true),
    );
  });

  it('asks the server for unfinished plans in the Unfinished view', async () => {
    const requests = renderSignedIn(<PlansPage />, answer([plan(1)]), { ability: ADVERTISER });
    await screen.findByText('Plan 1');
    fireEvent.click(screen.getByText('Unfinished', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => /complete=false/.test(request.url) && !/status=/.test(request.url),
        ),
      ).toBe(true),
    );
  });

  it('tells a new advertiser to create the first plan, and that creatives are needed', async () => {
    renderSignedIn(<PlansPage />, answer([]), { ability: ADVERTISER });
    expect(await screen.findByText('No plans yet — create your first plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create your first plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Creatives' }).getAttribute('href')).toBe(
      '/ad/idea',
    );
  });

  it('shows the owner when plans of others are in reach', async () => {
    renderSignedIn(
      <PlansPage />,
      answer([plan(1, { owner: { id: 9, username: 'adv_alpha', nickname: 'Alpha' } })]),
      { ability: ADVERTISER },
    );
    const row = await rowOf('Plan 1');
    expect(within(row).getByText('Alpha')).toBeTruthy();
    expect(screen.getAllByText('Owner').length).toBeGreaterThan(0);
  });

  it('shows today’s spend, impressions, clicks, CTR and budget pacing', async () => {
    const requests = renderSignedIn(
      <PlansPage />,
      answer([
        plan(1, {
          name: 'Busy',
          budget: 50_000_000,
          today: { spend: 40_000_000, impressions: 12_345, clicks: 150 },
        }),
      ]),
      { ability: ADVERTISER },
    );
    const row = await rowOf('Busy');
    expect(within(row).getByText('$40.00')).toBeTruthy();
    expect(within(row).getByText('12,345')).toBeTruthy();
    expect(within(row).getByText('150')).toBeTruthy();
    expect(within(row).getByText('1.22%')).toBeTruthy();
    expect(within(row).getByText('80%')).toBeTruthy();
    fireEvent.click(screen.getByRole('columnheader', { name: /Budget pacing/ }));
    await waitFor(() =>
      expect(requests.some((request) => /sort=pacing/.test(request.url))).toBe(true),
    );
  });

  it('archives two selected plans with one note and names a plan the server left', async () => {
    const requests = renderSignedIn(
      <PlansPage />,
      answer([plan(1, { name: 'Spring' }), plan(2, { name: 'Summer', status: 7 }), plan(3)], {
        done: [1],
        failed: [{ id: 2, code: 'error.noneUpdate' }],
      }),
      { ability: ADVERTISER },
    );
    fireEvent.click(checkboxOf(await rowOf('Spring')));
    fireEvent.click(checkboxOf(await rowOf('Summer')));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive 2 plans?')).toBeTruthy();
    expect(within(dialog).getByText('1 of them is serving now and stops at once.')).toBeTruthy();
    // The note is required, as for a single switch: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('Please note something')).toBeTruthy();
    expect(requests.some((request) => request.url.startsWith('/svc/ad/plan/bulk'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Season over' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => {
      const sent = requests.find((request) => request.url.startsWith('/svc/ad/plan/bulk'));
      expect(JSON.parse(String(sent?.body))).toEqual({
        ids: [1, 2],
        action: 'archive',
        comment: 'Season over',
      });
    });
    const report = await screen.findByText('Some rows were left unchanged');
    const modal = report.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText(/1 plan archived\./)).toBeTruthy();
    const failed = within(modal).getByRole('list', { name: 'Rows not changed' });
    expect(failed.textContent).toBe('Summer — None Update.');
  });

  it('lists archived plans under their own view, where the bulk action is Restore', async () => {
    const requests = renderSignedIn(
      <PlansPage />,
      answer([plan(4, { name: 'Old', status: PlanStatus.archived })]),
      { ability: ADVERTISER },
    );
    await screen.findByText('Old');
    fireEvent.click(screen.getByText('Archived', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(requests.some((request) => /status=5(&|$)/.test(request.url))).toBe(true),
    );
    const row = await rowOf('Old');
    expect(within(row).getByText('Archived')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Start' })).toBeNull();
    fireEvent.click(checkboxOf(row));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Restore', 'Clear selection']);
  });
});
