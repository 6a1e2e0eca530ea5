import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type Dsp, type DspTestResult } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { DspPage } from './DspPage';

const OPERATOR = Ability.login | Ability.ssp;

const bidder: Dsp = {
  id: 3,
  name: 'Acme Bidder',
  type: 1,
  slot_type: 1,
  timeout_ms: 300,
  request_url: 'https://acme.example.com/openrtb2/bid',
  test_url: '',
  cpm: 10_000_000,
  percent: 1000,
  config: {},
  status: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-02-03T04:05:06Z',
};

const bidResult: DspTestResult = {
  outcome: 'bid',
  url: bidder.request_url,
  http_status: 200,
  latency_ms: 42,
  timeout_ms: 300,
  price: 1_250_000,
  bid: {
    id: 'b1',
    impid: '1',
    price: 1_250_000,
    crid: 'creative-42',
    seat: 'seat-1',
    adomain: ['example.com'],
    adm_size: 321,
    bid_count: 1,
  },
  message: 'Bid 1.25 USD CPM from seat seat-1',
  request: { id: 'r1', imp: [{ id: '1' }] },
  response_body: '{"id":"r1"}',
  response_truncated: false,
};

function answer(dsps: Dsp[]) {
  return (url: string) => {
    if (url.startsWith('/svc/ssp/dsp/list')) {
      return { list: dsps, total: dsps.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/ssp/dsp/test')) return bidResult;
    if (url.startsWith('/svc/ssp/dsp/create')) return bidder;
    return null;
  };
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role=dialog]') as HTMLElement;
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('DspPage', { timeout: 30_000 }, () => {
  it('lists partners with their settings and actions, and both tabs', async () => {
    renderSignedIn(<DspPage />, answer([bidder]), { ability: OPERATOR });
    const row = (await screen.findByText('Acme Bidder')).closest('tr') as HTMLElement;
    expect(within(row).getByText('OpenRTB 2.6 bidding')).toBeTruthy();
    expect(within(row).getByText('Banner')).toBeTruthy();
    expect(within(row).getByText('300 ms')).toBeTruthy();
    expect(within(row).getByText('1000‰ (take 0‰)')).toBeTruthy();
    expect(within(row).getByText('$10.00')).toBeTruthy();
    expect(within(row).getByRole('switch', { name: 'Active' })).toBeTruthy();
    for (const name of ['Test', 'Edit', 'History']) {
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('tab', { name: 'Demand partners' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Strategy configuration' })).toBeTruthy();
  });

  it("shows a partner's TCF vendor id from its configuration, or none", async () => {
    const vendor = { ...bidder, id: 4, name: 'Vendor Bidder', config: { gvlVendorId: 755 } };
    renderSignedIn(<DspPage />, answer([bidder, vendor]), { ability: OPERATOR });
    expect(await screen.findByRole('columnheader', { name: 'TCF vendor ID' })).toBeTruthy();
    const row = (await screen.findByText('Vendor Bidder')).closest('tr') as HTMLElement;
    expect(within(row).getByText('755')).toBeTruthy();
    const without = screen.getByText('Acme Bidder').closest('tr') as HTMLElement;
    expect(within(without).getAllByText('none').length).toBeGreaterThan(0);
  });

  it("shows a partner's user-sync host and how it syncs (iframe or image)", async () => {
    const iframe = {
      ...bidder,
      id: 5,
      name: 'Iframe Bidder',
      config: { userSync: 'https://sync.frame.example/u', userSyncType: 'iframe' },
    };
    const image = {
      ...bidder,
      id: 6,
      name: 'Image Bidder',
      config: { userSync: 'https://sync.pixel.example/u' },
    };
    renderSignedIn(<DspPage />, answer([iframe, image]), { ability: OPERATOR });
    expect(await screen.findByRole('columnheader', { name: 'User sync' })).toBeTruthy();
    const framed = (await screen.findByText('Iframe Bidder')).closest('tr') as HTMLElement;
    expect(within(framed).getByText('sync.frame.example (iframe)')).toBeTruthy();
    const imaged = screen.getByText('Image Bidder').closest('tr') as HTMLElement;
    expect(within(imaged).getByText('sync.pixel.example (image)')).toBeTruthy();
  });

  it('says what to do first, and checks the dialog as the server would', async () => {
    const requests = renderSignedIn(<DspPage />, answer([]), { ability: OPERATOR });
    expect(
      await screen.findByText('No demand partners yet — add the first one, then run its Test'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add demand partner' }));
    const dialog = await dialogTitled('Add demand partner');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Timeout') as HTMLInputElement).value).toBe('300'),
    );
    expect((within(dialog).getByLabelText('CPM') as HTMLInputElement).value).toBe('10.00');
    expect((within(dialog).getByLabelText('Share') as HTMLInputElement).value).toBe('1000');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'New DSP' } });
    fireEvent.change(within(dialog).getByLabelText('Configuration (JSON)'), {
      target: { value: '{"seat": ' },
    });
    expect(await within(dialog).findByText('JSON format error')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Need to add request URL')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/dsp/create'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Configuration (JSON)'), {
      target: { value: '{"seat": "s1"}' },
    });
    fireEvent.change(within(dialog).getByLabelText('Request URL'), {
      target: { value: 'https://new.example.com/bid' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('/dsp/create'))).toBe(true),
    );
    const create = requests.find((request) => request.url.includes('/dsp/create'));
    expect(JSON.parse(String(create?.body))).toEqual({
      name: 'New DSP',
      type: 1,
      slot_type: 0,
      timeout_ms: 300,
      request_url: 'https://new.example.com/bid',
      test_url: '',
      cpm: 10_000_000,
      percent: 1000,
      config: { seat: 's1' },
    });
  });

  it('runs the test and shows the outcome, latency and bid', async () => {
    const requests = renderSignedIn(<DspPage />, answer([bidder]), { ability: OPERATOR });
    const row = (await screen.findByText('Acme Bidder')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Test' }));
    const drawer = (await screen.findByText('Test bid request — Acme Bidder')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    expect(await within(drawer).findByText('Bid')).toBeTruthy();
    expect(within(drawer).getByText('42 ms (timeout 300 ms)')).toBeTruthy();
    expect(within(drawer).getByText('$1.25')).toBeTruthy();
    expect(within(drawer).getByText('creative-42')).toBeTruthy();
    expect(within(drawer).getByText('321 bytes')).toBeTruthy();
    const test = requests.find((request) => request.url.includes('/dsp/test'));
    expect(test?.method).toBe('POST');
    expect(JSON.parse(String(test?.body))).toEqual({ id: 3 });
  });
});
