import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, FULL_SCHEDULE, PlanStatus, type Plan } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { PlansPage } from './PlansPage';

const ADVERTISER = Ability.login | Ability.adManage;

function plan(id: number, patch: Partial<Plan> = {}): Plan {
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
    ...patch,
  };
}

function answer(plans: Plan[]) {
  return (url: string) => {
    if (url.startsWith('/svc/ad/plan/list')) {
      return { list: plans, total: plans.length, page: 1, size: 20 };
    }
    return null;
  };
}

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
    expect(within(running).getByText('100.00')).toBeTruthy();
    expect(within(running).getByText('1.50')).toBeTruthy();
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
});
