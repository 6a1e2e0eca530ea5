import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Ability, COOKIES, type CurrentUser, type DashboardSummary } from '@adloom/domain';
import { SessionProvider } from '../../../app/session';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query';
import { DashboardPage } from './DashboardPage';

const summary: DashboardSummary = {
  balance: 12_500_000,
  spendToday: 1_000_000,
  costThisMonth: 0,
  incomeToday: 0,
  incomeYesterday: 0,
  incomeThisMonth: 0,
  incomeLastMonth: 0,
  livePlans: null,
  shortBalancePlans: null,
  creativesUnderAudit: 4,
  creativesFailed: null,
  trend: [{ date: '2026-11-01', impressions: 0, clicks: 0, cost: 0, income: 0 }],
};

function user(ability: number): CurrentUser {
  return {
    id: 1,
    username: 'u',
    nickname: 'U',
    avatar: '',
    introduction: '',
    ability,
    parentId: null,
    realUser: null,
  };
}

function envelope(code: number, data: unknown, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderDashboard(ability: number, dashboard: () => Response) {
  document.cookie = `${COOKIES.adminToken}=t; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/svc/dashboard') ? dashboard() : envelope(200, user(ability)),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** The value shown under a statistic's title. */
async function valueOf(title: string): Promise<string | null | undefined> {
  const heading = await screen.findByText(title);
  return heading.closest('.ant-statistic')?.querySelector('.ant-statistic-content-value')
    ?.textContent;
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', { timeout: 15_000 }, () => {
  it('shows money from micros, counts, and a hint instead of a false zero', async () => {
    renderDashboard(Ability.login | Ability.adManage, () => envelope(200, summary));
    expect(await valueOf('Account balance')).toBe('12.50');
    expect(await valueOf('Spend today')).toBe('1.00');
    expect(await valueOf('Creatives under audit')).toBe('4');
    expect(screen.getAllByText('Available when the plans module arrives')).toHaveLength(2);
    expect(screen.getAllByText('Available when the creatives module arrives')).toHaveLength(1);
    expect(screen.getByText('No traffic in the last 30 days yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish new ad' })).toBeTruthy();
  });

  it('links each count to the screen behind it: plans and creatives, or the audit queue', async () => {
    renderDashboard(Ability.login | Ability.adManage, () => envelope(200, summary));
    expect(await valueOf('Creatives under audit')).toBe('4');
    expect(screen.getByText('Creatives under audit').closest('a')?.getAttribute('href')).toBe(
      '/ad/idea',
    );
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    renderDashboard(Ability.login | Ability.examAdvanced, () => envelope(200, summary));
    expect(await valueOf('Creatives under audit')).toBe('4');
    expect(screen.getByText('Creatives under audit').closest('a')?.getAttribute('href')).toBe(
      '/ad/exam',
    );
  });

  it('offers publishing only to ad controllers', async () => {
    renderDashboard(Ability.login, () => envelope(200, summary));
    expect(await valueOf('Account balance')).toBe('12.50');
    expect(screen.queryByRole('button', { name: 'Publish new ad' })).toBeNull();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    renderDashboard(Ability.login, () =>
      fail ? envelope(-500, null, 'boom') : envelope(200, summary),
    );
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await valueOf('Account balance')).toBe('12.50');
  });
});
