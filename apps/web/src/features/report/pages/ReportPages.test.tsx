import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type ReportQuery, type ReportResult } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { envelope, renderSignedIn, type Request } from '../../../test/render';
import { AccountReportPage } from './AccountReportPage';
import { SspReportPage } from './SspReportPage';

// jsdom has no canvas: the chart shows what it was asked to draw instead.
vi.mock('../../../components/charts/EChart', () => ({
  CHART_COLORS: [],
  EChart: ({ option, label, testId }: { option: unknown; label: string; testId?: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-option={JSON.stringify(option)} />
  ),
}));

const ADVERTISER = Ability.login | Ability.adManage;
const SYSTEM = Ability.login | Ability.systemManage;

/** An answer of the report endpoint for a query: two days, each dimension's name, totals. */
function answer(query: ReportQuery): ReportResult {
  const dimensions = query.dimensions ?? ['date'];
  const row = (date: string) =>
    Object.fromEntries([
      ...dimensions.map((dimension) => [dimension, dimension === 'date' ? date : 1]),
      ...dimensions.map((dimension) => [`${dimension}_name`, `${dimension} one`]),
      ...query.metrics.map((metric) => [metric, metric === 'ctr' ? 0.0125 : 1_234_500]),
    ]);
  return {
    list: [row('2026-11-21'), row('2026-11-22')],
    total: 2,
    page: Number(query.page ?? 1),
    size: Number(query.size ?? 20),
    totals: Object.fromEntries(
      query.metrics.map((metric) => [metric, metric === 'ctr' ? 0.0125 : 2_469_000]),
    ),
  };
}

function server(respond: (query: ReportQuery) => unknown = answer) {
  return (url: string, init: RequestInit) => {
    if (url.startsWith('/svc/report/query')) {
      return respond(JSON.parse(String(init.body)) as ReportQuery);
    }
    return [];
  };
}

const reportQueries = (requests: Request[]) =>
  requests
    .filter((request) => request.url.startsWith('/svc/report/query'))
    .map((request) => JSON.parse(String(request.body)) as ReportQuery);

/** The table's query: the one with a metric list as long as the checked metrics. */
const tableQueries = (requests: Request[]) =>
  reportQueries(requests).filter((query) => query.metrics.length > 2);

async function pick(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

async function table() {
  const header = await screen.findByRole('columnheader', { name: 'Requests' });
  return header.closest('table') as HTMLElement;
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('AccountReportPage', { timeout: 30_000 }, () => {
  it('asks for the spec defaults and shows names, formats and the totals row', async () => {
    const requests = renderSignedIn(<AccountReportPage />, server(), { ability: ADVERTISER });
    const grid = await table();
    expect(await within(grid).findByText('2026-11-22 Sunday')).toBeTruthy();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Date',
      'Requests',
      'Fill rate',
      'Impressions',
      'Impression rate',
      'Clicks',
      'CTR',
      'eCPM',
      'Cost',
    ]);
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getAllByText('2,469,000')).toHaveLength(3);
    expect(within(totals).getByText('1.25%')).toBeTruthy();
    expect(within(totals).getAllByText('$2.47')).toHaveLength(2);

    const [query] = tableQueries(requests);
    expect(query).toMatchObject({
      dimensions: ['date'],
      metrics: ['request', 'fr', 'imp', 'ir', 'click', 'ctr', 'cpm', 'cost'],
      scope: 'account',
      page: 1,
      size: 20,
    });
    // The advertiser's screen offers no supply-side dimension.
    const dimensions = screen.getByTestId('report-dimensions');
    expect(within(dimensions).queryByLabelText('DSP')).toBeNull();
  });

  it('groups by a dimension picked, with its names, and sorts on the server', async () => {
    const requests = renderSignedIn(<AccountReportPage />, server(), { ability: ADVERTISER });
    await table();
    fireEvent.click(within(screen.getByTestId('report-dimensions')).getByLabelText('Plan'));
    expect(await screen.findAllByText('plan one')).toHaveLength(2);
    await waitFor(() =>
      expect(tableQueries(requests).at(-1)?.dimensions).toEqual(['date', 'plan']),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: 'Cost' }));
    await waitFor(() => expect(tableQueries(requests).at(-1)).toMatchObject({ sort: 'cost' }));
  });

  it('saves a config: the modified flag shows; loading it clears it; a reload keeps it', async () => {
    renderSignedIn(<AccountReportPage />, server(), { ability: ADVERTISER });
    await table();
    fireEvent.click(within(screen.getByTestId('report-dimensions')).getByLabelText('Country'));
    fireEvent.click(screen.getByRole('button', { name: /Save as new/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'By country' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1) as HTMLElement);
    expect(await screen.findByTestId('report-config-modified')).toBeTruthy();

    await pick('Saved configuration', 'By country');
    await waitFor(() => expect(screen.queryByTestId('report-config-modified')).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: /Save/ })[0] as HTMLElement);
    expect(await screen.findByTestId('report-config-modified')).toBeTruthy();

    // A reload: the page opens on the saved config and its settings.
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const requests = renderSignedIn(<AccountReportPage />, server(), { ability: ADVERTISER });
    await table();
    expect(screen.getByTestId('report-config-bar').textContent).toContain('By country');
    await waitFor(() => expect(tableQueries(requests)[0]?.dimensions).toEqual(['date', 'country']));
  });

  it('switches a chart metric and asks for it', async () => {
    const requests = renderSignedIn(<AccountReportPage />, server(), { ability: ADVERTISER });
    await table();
    // The charts are a lazy chunk: the first import may take a while under test.
    const before = await screen.findByTestId('report-chart-2', {}, { timeout: 15_000 });
    expect(before.getAttribute('aria-label')).toBe('Impressions and eCPM over Date');
    await pick('Chart 2 second metric', 'Clicks');
    await waitFor(() =>
      expect(screen.getByTestId('report-chart-2').getAttribute('aria-label')).toBe(
        'Impressions and Clicks over Date',
      ),
    );
    const chart = screen.getByTestId('report-chart-2');
    const option = JSON.parse(chart.dataset.option ?? '{}') as {
      series: { name: string; data: number[] }[];
    };
    expect(option.series.map((series) => series.name)).toEqual(['Impressions', 'Clicks']);
    expect(
      reportQueries(requests).some(
        (query) => query.metrics.join() === 'imp,click' && query.dimensions?.join() === 'date',
      ),
    ).toBe(true);
    // Chart 1 by default: cost compared by app version over the first dimension.
    expect(reportQueries(requests).some((query) => query.dimensions?.join() === 'date,app')).toBe(
      true,
    );
  });

  it('says when there is nothing, and shows an error with a retry', async () => {
    let fail = true;
    renderSignedIn(
      <AccountReportPage />,
      server((query) =>
        fail
          ? envelope(-500, null, 'boom')
          : { list: [], total: 0, page: 1, size: Number(query.size ?? 20), totals: {} },
      ),
      { ability: ADVERTISER },
    );
    const alerts = await screen.findAllByText('The list could not be loaded.');
    expect(alerts.length).toBeGreaterThan(0);
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect(
      (await screen.findAllByText('No data for this date range and these filters')).length,
    ).toBeGreaterThan(0);
  });
});

describe('SspReportPage', { timeout: 30_000 }, () => {
  it('applies an ADX view and reads the supply side, income and fill rate first', async () => {
    const requests = renderSignedIn(<SspReportPage />, server(), { ability: SYSTEM });
    await screen.findByRole('columnheader', { name: 'Income' });
    expect(tableQueries(requests)[0]).toMatchObject({
      scope: 'supply',
      metrics: ['income', 'fr', 'request', 'fill', 'imp', 'ir', 'click', 'ctr', 'cpm'],
    });
    await pick('Report view', 'Hourly: by DSP');
    await waitFor(() =>
      expect(tableQueries(requests).at(-1)?.dimensions).toEqual(['date', 'hour', 'dsp']),
    );
    expect(await screen.findAllByText('dsp one')).toHaveLength(2);
  });
});
