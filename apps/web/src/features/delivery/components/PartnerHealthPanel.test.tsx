import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, OWN_DEMAND_DSP_ID, type PartnerHealth } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { envelope, renderSignedIn } from '../../../test/render';
import { PartnerHealthPanel } from './PartnerHealthPanel';

const OPERATOR = Ability.login | Ability.ssp;

const acme: PartnerHealth = {
  dsp_id: 7,
  dsp_name: 'Acme Bidder',
  calls: 12_000,
  bids: 3_000,
  timeouts: 600,
  errors: 12,
  wins: 450,
  bid_rate: 0.25,
  timeout_rate: 0.05,
  avg_latency_ms: 87.4,
  caller_losses: 31,
  unbilled: 4,
  rejections: [
    { reason: 'currency', bids: 10 },
    { reason: 'noCreativeId', bids: 5 },
  ],
};

const silent: PartnerHealth = {
  dsp_id: 8,
  dsp_name: 'Quiet DSP',
  calls: 0,
  bids: 0,
  timeouts: 0,
  errors: 0,
  wins: 0,
  bid_rate: null,
  timeout_rate: null,
  avg_latency_ms: null,
  caller_losses: 0,
  unbilled: 0,
  rejections: [],
};

/** Our own ads bought by the exchanges that call us, as the server answers them. */
const own: PartnerHealth = {
  ...silent,
  dsp_id: OWN_DEMAND_DSP_ID,
  dsp_name: '',
  caller_losses: 1_250,
  unbilled: 9,
};

/** The hours asked for → the rows answered. */
function server(byHours: Record<number, PartnerHealth[] | Response>) {
  return (url: string) => {
    if (!url.startsWith('/svc/delivery/partner/health')) return null;
    const hours = Number(new URL(url, 'http://x').searchParams.get('hours'));
    return byHours[hours] ?? [];
  };
}

const healthCalls = (requests: { url: string }[]) =>
  requests
    .filter((request) => request.url.startsWith('/svc/delivery/partner/health'))
    .map((request) => request.url);

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('PartnerHealthPanel', { timeout: 60_000 }, () => {
  it('shows each partner’s counts, rates and latency over the last 24 hours', async () => {
    const requests = renderSignedIn(<PartnerHealthPanel />, server({ 24: [acme, silent] }), {
      ability: OPERATOR,
    });
    const row = (await screen.findByText('Acme Bidder')).closest('tr') as HTMLElement;
    const cells = Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);
    // The first cell holds the button that expands a partner's refused bids.
    expect(cells).toEqual([
      '',
      'Acme Bidder',
      '12,000',
      '3,000',
      '25.00%',
      '600',
      '5.00%',
      '12',
      '450',
      '31',
      '4',
      '15',
      '87 ms',
    ]);
    const quiet = (screen.getByText('Quiet DSP').closest('tr') as HTMLElement).querySelectorAll(
      'td',
    );
    expect(Array.from(quiet).map((cell) => cell.textContent)).toEqual([
      '',
      'Quiet DSP',
      '0',
      '0',
      '-',
      '0',
      '-',
      '0',
      '0',
      '0',
      '0',
      '0',
      '-',
    ]);
    expect(healthCalls(requests)).toEqual(['/svc/delivery/partner/health?hours=24']);
  });

  it('says on hover what the buying exchanges’ losses and unbilled impressions are', async () => {
    renderSignedIn(<PartnerHealthPanel />, server({ 24: [acme] }), { ability: OPERATOR });
    await screen.findByText('Acme Bidder');
    fireEvent.mouseEnter(screen.getAllByText('Unbilled impressions')[0] as HTMLElement);
    expect(
      await screen.findByText(/the partner pays nothing for them/, undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('asks again for the window chosen: the last hour or the last 7 days', async () => {
    const requests = renderSignedIn(
      <PartnerHealthPanel />,
      server({ 24: [acme], 1: [], 168: [silent] }),
      { ability: OPERATOR },
    );
    await screen.findByText('Acme Bidder');
    fireEvent.click(screen.getByText('Last hour'));
    expect(await screen.findByText('No calls to demand partners in this window')).toBeTruthy();
    fireEvent.click(screen.getByText('Last 7 days'));
    expect(await screen.findByText('Quiet DSP')).toBeTruthy();
    expect(healthCalls(requests)).toEqual([
      '/svc/delivery/partner/health?hours=24',
      '/svc/delivery/partner/health?hours=1',
      '/svc/delivery/partner/health?hours=168',
    ]);
  });

  it("expands a partner into its refused bids by reason, in the interface's words", async () => {
    renderSignedIn(<PartnerHealthPanel />, server({ 24: [acme, silent] }), { ability: OPERATOR });
    const row = (await screen.findByText('Acme Bidder')).closest('tr') as HTMLElement;
    // A partner without refusals has nothing to expand.
    const quiet = screen.getByText('Quiet DSP').closest('tr') as HTMLElement;
    expect(quiet.querySelector('button:not(.ant-table-row-expand-icon-spaced)')).toBeNull();
    fireEvent.click(row.querySelector('button') as HTMLElement);
    const reason = await screen.findByText('Currency not allowed (no rate in the currency table)');
    const table = reason.closest('table') as HTMLElement;
    // antd's measuring row has no cells.
    const rows = Array.from(table.querySelectorAll('tbody tr'))
      .map((tr) => Array.from(tr.querySelectorAll('td')).map((cell) => cell.textContent))
      .filter((cells) => cells.length > 0);
    expect(rows).toEqual([
      ['Currency not allowed (no rate in the currency table)', '10'],
      ['No creative id (crid)', '5'],
    ]);
  });

  it('names our own demand’s row and shows only what the exchanges said of it', async () => {
    renderSignedIn(<PartnerHealthPanel />, server({ 24: [acme, own] }), { ability: OPERATOR });
    const name = await screen.findByText('Our own demand');
    const cells = Array.from((name.closest('tr') as HTMLElement).querySelectorAll('td')).map(
      (cell) => cell.textContent,
    );
    expect(cells).toEqual([
      '',
      'Our own demand',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '1,250',
      '9',
      '-',
      '-',
    ]);
    fireEvent.mouseEnter(name);
    expect(await screen.findByText(/bought by the exchanges that call us/)).toBeTruthy();
    // Found by its shown name; nothing of it to expand.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'own demand' },
    });
    await waitFor(() => expect(screen.queryByText('Acme Bidder')).toBeNull());
    const ownRow = screen.getByText('Our own demand').closest('tr') as HTMLElement;
    expect(ownRow.querySelector('button:not(.ant-table-row-expand-icon-spaced)')).toBeNull();
  });

  it('searches partners by name', async () => {
    renderSignedIn(<PartnerHealthPanel />, server({ 24: [acme, silent] }), { ability: OPERATOR });
    await screen.findByText('Acme Bidder');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'quiet' },
    });
    await waitFor(() => expect(screen.queryByText('Acme Bidder')).toBeNull());
    expect(screen.getByText('Quiet DSP')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    renderSignedIn(
      <PartnerHealthPanel />,
      (url) =>
        url.startsWith('/svc/delivery/partner/health')
          ? fail
            ? envelope(-500, null, 'Stats unavailable')
            : [acme]
          : null,
      { ability: OPERATOR },
    );
    const alert = (await screen.findByText('The list could not be loaded.')).closest(
      '[role=alert]',
    ) as HTMLElement;
    expect(within(alert).getByText('Stats unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Acme Bidder')).toBeTruthy();
  });
});
