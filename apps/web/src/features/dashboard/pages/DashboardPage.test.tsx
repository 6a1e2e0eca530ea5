import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Ability,
  type DashboardSummary,
  type DashboardTrendPoint,
  type EndpointResponse,
  type listLedger,
} from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { envelope, renderSignedIn } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

// jsdom has no canvas: the chart shows what it was asked to draw instead.
vi.mock('../../../components/charts/EChart', () => ({
  CHART_COLORS: [],
  EChart: ({ option, label, testId }: { option: unknown; label: string; testId?: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-option={JSON.stringify(option)} />
  ),
}));

const ADVERTISER = Ability.login | Ability.adManage;
const OPERATOR = Ability.login | Ability.slot | Ability.ssp;
const AUDITOR = Ability.login | Ability.examAdvanced;

function day(date: string, overrides: Partial<DashboardTrendPoint> = {}): DashboardTrendPoint {
  return {
    date,
    impressions: 0,
    clicks: 0,
    cost: 0,
    income: 0,
    requests: 0,
    fills: 0,
    ctr: null,
    cpm: null,
    ...overrides,
  };
}

const TRAFFIC = [
  day('2026-11-21', { impressions: 2000, clicks: 40, cost: 3_500_000, ctr: 0.02, cpm: 1_750_000 }),
  day('2026-11-22', { impressions: 1000, clicks: 10, cost: 1_250_000, ctr: 0.01, cpm: 1_250_000 }),
];

const advertiser: DashboardSummary = {
  balance: 12_500_000,
  spendToday: 1_250_000,
  costThisMonth: 4_750_000,
  incomeToday: null,
  incomeYesterday: null,
  incomeThisMonth: null,
  incomeLastMonth: null,
  incomeScope: null,
  livePlans: 3,
  shortBalancePlans: 1,
  creativesUnderAudit: 4,
  creativesFailed: 0,
  trend: TRAFFIC,
  clients: null,
  supply: null,
  finance: null,
};

const operator: DashboardSummary = {
  ...advertiser,
  balance: null,
  spendToday: null,
  costThisMonth: null,
  incomeToday: 2_000_000,
  incomeYesterday: 1_000_000,
  incomeThisMonth: 0,
  incomeLastMonth: 0,
  incomeScope: 'platform',
  livePlans: null,
  shortBalancePlans: null,
  creativesUnderAudit: null,
  creativesFailed: null,
  trend: [day('2026-11-21'), day('2026-11-22')],
  supply: {
    requestsToday: 12_345,
    fillsToday: 4_000,
    fillRateToday: 0.324,
    incomeByMedia: [{ id: 7, name: 'Puzzle Arcade', income: 8_250_000 }],
  },
};

const AGENT = Ability.login | Ability.userAgent;
const FINANCE = Ability.login | Ability.charger;

const agent: DashboardSummary = {
  ...operator,
  incomeScope: 'users',
  supply: null,
  clients: [
    { id: 4, name: 'Corner Bakery', balance: 800_000, spendToday: 0, spendThisMonth: 0 },
    {
      id: 5,
      name: 'Gamma Games',
      balance: 6_000_000_000,
      spendToday: 45_500_000,
      spendThisMonth: 900_000_000,
    },
  ],
};

const finance: DashboardSummary = {
  ...operator,
  incomeScope: null,
  incomeToday: null,
  incomeYesterday: null,
  incomeThisMonth: null,
  incomeLastMonth: null,
  trend: [],
  supply: null,
  finance: {
    topUpsThisMonth: 7_500_000_000,
    topUpCountThisMonth: 3,
    recentTopUps: [
      { userId: 5, name: 'Gamma Games', amount: 2_500_000_000, at: '2026-11-20T09:00:00.000Z' },
    ],
    lowBalances: [{ userId: 4, name: 'Corner Bakery', balance: 800_000, dailyBudget: 20_000_000 }],
  },
};

function renderDashboard(
  ability: number,
  summary: () => DashboardSummary | Response,
  path = '/dashboard',
) {
  return renderSignedIn(
    <DashboardPage />,
    (url) => {
      if (url.startsWith('/svc/dashboard')) return summary();
      if (url.startsWith('/svc/fund/ledger')) {
        return {
          list: [],
          total: 0,
          page: 1,
          size: 20,
          totals: { topUp: 0, spend: 0, adjustment: 0, balance: 0 },
          pending: [],
        } satisfies EndpointResponse<typeof listLedger>;
      }
      return [];
    },
    { ability, path },
  );
}

/** The value shown under a card's title: the page's own cards, or antd's Statistic (RoleFigures). */
async function valueOf(title: string): Promise<string | null | undefined> {
  const heading = await screen.findByText(title);
  return heading
    .closest('[data-stat], .ant-statistic')
    ?.querySelector('[data-stat-value], .ant-statistic-content-value')?.textContent;
}

const linkOf = (key: string) => screen.getByTestId(`dashboard-card-${key}`).getAttribute('href');

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', { timeout: 30_000 }, () => {
  it("shows an advertiser's money from micros and counts, each linked to its screen", async () => {
    renderDashboard(ADVERTISER, () => advertiser);
    expect(await valueOf('Account balance')).toBe('$12.50');
    expect(await valueOf('Spend today')).toBe('$1.25');
    expect(await valueOf('Cost this month')).toBe('$4.75');
    expect(await valueOf('Live plans')).toBe('3');
    expect(await valueOf('Creatives under audit')).toBe('4');
    expect(linkOf('balance')).toBe('/dashboard?ledger=me');
    expect(linkOf('spendToday')).toBe('/report/index');
    expect(linkOf('livePlans')).toBe('/ad/plan?view=live');
    expect(linkOf('shortBalancePlans')).toBe('/ad/plan?view=stalled');
    expect(linkOf('creativesUnderAudit')).toBe('/ad/idea?audit_state=pending');
    expect(linkOf('creativesFailed')).toBe('/ad/idea?audit_state=failed');
    // Income is not the advertiser's (null): no card.
    expect(screen.queryByText('Income today')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish new ad' })).toBeTruthy();
    expect(screen.queryByTestId('dashboard-start')).toBeNull();
  });

  it("shows an operator's income linked to the media, and what to do first", async () => {
    renderDashboard(OPERATOR, () => operator);
    expect(await valueOf('Income today')).toBe('$2.00');
    expect(await valueOf('Income yesterday')).toBe('$1.00');
    expect(linkOf('incomeToday')).toBe('/ssp/media');
    expect(screen.queryByText('Account balance')).toBeNull();
    expect(screen.queryByText('Live plans')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish new ad' })).toBeNull();
    const start = screen.getByTestId('dashboard-start');
    const links = within(start)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/ssp/media', '/ssp/slot', '/ssp/dsp']);
    // antd's Empty loads with its chunk.
    expect(await screen.findByText('No traffic in the last 30 days yet')).toBeTruthy();
  });

  it("links an auditor's counts to the audit queue", async () => {
    renderDashboard(AUDITOR, () => ({
      ...operator,
      incomeToday: null,
      incomeYesterday: null,
      incomeThisMonth: null,
      incomeLastMonth: null,
      incomeScope: null,
      creativesUnderAudit: 7,
      creativesFailed: 2,
      trend: [],
    }));
    expect(await valueOf('Creatives under audit')).toBe('7');
    expect(linkOf('creativesUnderAudit')).toBe('/ad/exam?tab=pending');
    expect(linkOf('creativesFailed')).toBe('/ad/exam?tab=failed');
    // No stats for an auditor: no trend.
    expect(screen.queryByText('Data trend, last 30 days')).toBeNull();
  });

  it('tells a new advertiser where to begin', async () => {
    renderDashboard(ADVERTISER, () => ({
      ...advertiser,
      balance: 0,
      spendToday: 0,
      costThisMonth: 0,
      livePlans: 0,
      shortBalancePlans: 0,
      creativesUnderAudit: 0,
      trend: [day('2026-11-21'), day('2026-11-22')],
    }));
    const start = await screen.findByTestId('dashboard-start');
    expect(within(start).getByText(/Have your account topped up/)).toBeTruthy();
    const links = within(start)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/ad/idea', '/ad/plan/new']);
    expect(await screen.findByText(/once a live plan serves/)).toBeTruthy();
  });

  it('switches the trend metric: money in currency units, only metrics of the role', async () => {
    renderDashboard(ADVERTISER, () => advertiser);
    const switcher = await screen.findByRole('radiogroup', { name: 'Trend metric' });
    const options = within(switcher)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(options).toEqual(['Impressions', 'Clicks', 'Cost', 'CTR', 'eCPM']);
    const chart = await screen.findByTestId('dashboard-trend', {}, { timeout: 15_000 });
    expect(chart.getAttribute('aria-label')).toBe('Impressions per day over the last 30 days');
    fireEvent.click(within(switcher).getByText('Cost'));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-trend').getAttribute('aria-label')).toBe(
        'Cost per day over the last 30 days',
      ),
    );
    const option = JSON.parse(screen.getByTestId('dashboard-trend').dataset.option ?? '{}') as {
      series: { data: number[] }[];
    };
    expect(option.series[0]?.data).toEqual([3.5, 1.25]);
  });

  it("opens the user's own ledger from the balance card's link", async () => {
    const requests = renderDashboard(ADVERTISER, () => advertiser, '/dashboard?ledger=me');
    expect(await screen.findByText('My ledger')).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('/svc/fund/ledger/list'))).toBe(true),
    );
    const ledger = requests.find((request) => request.url.includes('/svc/fund/ledger/list'));
    expect(ledger?.url).toContain('user_id=1');
    // Not the account managers' endpoint, which an advertiser may not call.
    expect(requests.some((request) => request.url.includes('/svc/sys/account'))).toBe(false);
  });

  it("shows an agent its advertisers' balances and spend", async () => {
    renderDashboard(AGENT, () => agent);
    const table = await screen.findByTestId('dashboard-clients');
    expect(within(table).getByText('My advertisers')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Corner Bakery$0.80$0.00$0.00');
    expect(rows).toContain('Gamma Games$6,000.00$45.50$900.00');
  });

  it("shows an operator today's requests, fill rate and income by media", async () => {
    renderDashboard(OPERATOR, () => operator);
    // Unit suffixes on cards from a thousand up, the exact figure in the tooltip's label.
    expect(await valueOf('Requests today')).toBe('12.35K');
    expect(screen.getByLabelText('12,345')).toBeTruthy();
    expect(await valueOf('Fill rate today')).toBe('32.40%');
    const block = screen.getByTestId('dashboard-supply');
    expect(within(block).getByText('Puzzle Arcade')).toBeTruthy();
    expect(within(block).getByText('$8.25')).toBeTruthy();
  });

  it('shows finance the top-ups of the month and the balances running low', async () => {
    renderDashboard(FINANCE, () => finance);
    expect(await valueOf('Top-ups this month')).toBe('$7.50K');
    expect(screen.getByLabelText('$7,500.00')).toBeTruthy();
    const block = screen.getByTestId('dashboard-finance');
    expect(within(block).getByText('3 top-ups')).toBeTruthy();
    expect(within(block).getByText('Balances running low')).toBeTruthy();
    expect(within(block).getByText('Corner Bakery')).toBeTruthy();
    expect(within(block).getByText('$20.00')).toBeTruthy();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    renderDashboard(ADVERTISER, () => (fail ? envelope(-500, null, 'boom') : advertiser));
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await valueOf('Account balance')).toBe('$12.50');
  });
});
