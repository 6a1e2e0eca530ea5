import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Ability,
  fieldIssue,
  type Dsp,
  type SlotSplit,
  type Slot,
  type SspStrategy,
} from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { envelope, renderSignedIn } from '../../../test/render';
import { SspStrategyPanel } from './SspStrategyPanel';

const OPERATOR = Ability.login | Ability.slot | Ability.ssp;

const slot: Slot = {
  id: 9,
  media_id: 2,
  media_name: 'News app',
  media_status: 0,
  media_os: 1,
  media_bundle: 'com.news.app',
  owner: { id: 3, username: 'operator', nickname: 'Operator' },
  name: 'Home banner',
  code: null,
  lowest_bid: 0,
  style_ids: [],
  ad_type_id: null,
  ad_type_name: null,
  ad_form: 0,
  countries: [],
  width: 0,
  height: 0,
  supply_type: 2,
  auction_type: 2,
  status: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const dsp = (id: number, name: string, status = 0): Dsp => ({
  id,
  name,
  type: 1,
  slot_type: 0,
  timeout_ms: 300,
  request_url: 'https://dsp.example.com/bid',
  test_url: '',
  cpm: 10_000_000,
  percent: 1000,
  config: {},
  status,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const dsps = [dsp(11, 'Alpha'), dsp(12, 'Beta'), dsp(13, 'Gamma', 1)];

const strategy: SspStrategy = {
  id: 4,
  slot_id: 9,
  slot_name: 'Home banner',
  media_id: 2,
  media_name: 'News app',
  name: 'Weekend split',
  config: { seat: 'adloom' },
  triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
  allocations: [
    { dsp_id: 11, dsp_name: 'Alpha', dsp_status: 0, permille: 600 },
    { dsp_id: 12, dsp_name: 'Beta', dsp_status: 0, permille: 300 },
  ],
  own_permille: 100,
  priority: 5,
  percent: null,
  status: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-02-03T04:05:06Z',
};

const split: SlotSplit = {
  slot_id: 9,
  slot_name: 'Home banner',
  media_name: 'News app',
  strategies: [
    {
      id: 4,
      name: 'Weekend split',
      priority: 5,
      triggers: [],
      shares: [{ dsp_id: 11, dsp_name: 'Alpha', dsp_status: 0, permille: 600 }],
      own_permille: 400,
    },
  ],
};

interface World {
  strategies?: SspStrategy[];
  slots?: Slot[];
  dsps?: Dsp[];
  create?: (body: unknown) => unknown;
}

function server(world: World = {}) {
  const list = world.strategies ?? [strategy];
  return (url: string, init: RequestInit) => {
    if (url.startsWith('/svc/ssp/strategy/list')) {
      return { list, total: list.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/ssp/slot/all')) return world.slots ?? [slot];
    if (url.startsWith('/svc/ssp/dsp/all')) return world.dsps ?? dsps;
    if (url.startsWith('/svc/ssp/strategy/split')) return split;
    if (url.startsWith('/svc/setting/country/all')) return [];
    if (url.startsWith('/svc/ssp/strategy/create')) {
      const body = JSON.parse(String(init.body)) as unknown;
      return world.create ? world.create(body) : strategy;
    }
    if (url.startsWith('/svc/ssp/strategy/modify')) return strategy;
    return null;
  };
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role=dialog]') as HTMLElement;
}

async function pick(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

const bodyOf = (requests: { url: string; body: unknown }[], path: string) => {
  const request = requests.find((candidate) => candidate.url.includes(path));
  return request ? (JSON.parse(String(request.body)) as Record<string, unknown>) : undefined;
};

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('SspStrategyPanel', { timeout: 60_000 }, () => {
  it('lists strategies with slot, triggers, allocations and the row actions', async () => {
    renderSignedIn(<SspStrategyPanel />, server(), { ability: OPERATOR });
    const row = (await screen.findByText('Weekend split')).closest('tr') as HTMLElement;
    expect(within(row).getByText('News app / Home banner')).toBeTruthy();
    expect(within(row).getByText('OS')).toBeTruthy();
    expect(within(row).getByText('Alpha 600‰, Beta 300‰, own 100‰')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Alpha 600‰, Beta 300‰, own 100‰' })).toBeTruthy();
    expect(within(row).getByRole('switch', { name: 'Active' })).toBeTruthy();
    for (const name of ['Split', 'Edit', 'History']) {
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    }
    expect(await screen.findByRole('button', { name: 'Add strategy' })).toBeTruthy();
  });

  it('says to add media, slots and demand partners first when there are none', async () => {
    renderSignedIn(<SspStrategyPanel />, server({ strategies: [], slots: [], dsps: [] }), {
      ability: OPERATOR,
    });
    expect(
      (await screen.findAllByText(/Add media and slots first, then demand partners/)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to slots' }).getAttribute('href')).toBe(
      '/ssp/slot',
    );
    expect(screen.queryByRole('button', { name: 'Add strategy' })).toBeNull();
  });

  it('checks the form before sending: slot required, JSON format, the sum over 1000', async () => {
    const requests = renderSignedIn(<SspStrategyPanel />, server({ strategies: [] }), {
      ability: OPERATOR,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add strategy' }));
    const dialog = await dialogTitled('Add strategy');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Split it' } });
    fireEvent.change(within(dialog).getByLabelText('Config'), { target: { value: '{"seat":' } });
    expect(await within(dialog).findByText('JSON format error')).toBeTruthy();

    const add = within(dialog).getByRole('button', { name: 'Add allocation' });
    fireEvent.click(add);
    await within(dialog).findByText('Allocated 1000‰ · our own DSP 0‰');
    fireEvent.click(add);
    fireEvent.change(within(dialog).getByLabelText('Permille of row 1'), {
      target: { value: '600' },
    });
    fireEvent.change(within(dialog).getByLabelText('Permille of row 2'), {
      target: { value: '500' },
    });
    expect(
      await within(dialog).findByText('The allocations add up to 1100‰; at most 1000‰'),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Slot required for SSP strategy')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/strategy/create'))).toBe(false);

    // Fixed: one slot, 600‰ to Alpha, a valid config.
    await pick(dialog, 'Slot', 'News app / Home banner');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Beta' }));
    fireEvent.change(within(dialog).getByLabelText('Config'), {
      target: { value: '{"seat": "adloom"}' },
    });
    await within(dialog).findByText('Allocated 600‰ · our own DSP 400‰');
    await waitFor(() => expect(within(dialog).queryByText('JSON format error')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodyOf(requests, '/strategy/create')).toBeDefined());
    expect(bodyOf(requests, '/strategy/create')).toEqual({
      slot_id: 9,
      name: 'Split it',
      priority: 0,
      percent: null,
      triggers: [],
      allocations: [{ dsp_id: 11, permille: 600 }],
      config: { seat: 'adloom' },
    });
  });

  it('puts the server’s issues on the fields they name', async () => {
    renderSignedIn(
      <SspStrategyPanel />,
      server({
        create: () =>
          envelope(
            -120,
            {
              fields: [
                fieldIssue('allocations.0.dsp_id', 'dsp.unknownDsp'),
                fieldIssue('slot_id', 'dsp.unknownSlot'),
              ],
            },
            'allocations.0.dsp_id: Unknown demand partner',
          ),
      }),
      { ability: OPERATOR },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add strategy' }));
    const dialog = await dialogTitled('Add strategy');
    await pick(dialog, 'Slot', 'News app / Home banner');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Split it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add allocation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Row 1: Unknown demand partner')).toBeTruthy();
    expect(within(dialog).getByText('Unknown slot')).toBeTruthy();
  });

  it('edits through the note prompt and sends only what changed', async () => {
    const requests = renderSignedIn(<SspStrategyPanel />, server(), { ability: OPERATOR });
    const row = (await screen.findByText('Weekend split')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit strategy');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Permille of row 2') as HTMLInputElement).value).toBe(
        '300',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('Permille of row 2'), {
      target: { value: '100' },
    });
    await within(dialog).findByText('Allocated 700‰ · our own DSP 300‰');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const note = await dialogTitled('Note this change');
    fireEvent.change(within(note).getByLabelText('Note'), { target: { value: 'more for us' } });
    fireEvent.click(within(note).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodyOf(requests, '/strategy/modify')).toBeDefined());
    const body = bodyOf(requests, '/strategy/modify') ?? {};
    expect(Object.keys(body).sort()).toEqual(['allocations', 'id', 'note']);
    expect(body.allocations).toEqual([
      { dsp_id: 11, permille: 600 },
      { dsp_id: 12, permille: 100 },
    ]);
    expect(JSON.parse(String(body.note))).toMatchObject({
      target_type: 'sspStrategy',
      method: 'modify',
      target: 4,
      comment: 'more for us',
    });
  });

  it('shows a slot’s traffic split', async () => {
    const requests = renderSignedIn(<SspStrategyPanel />, server(), { ability: OPERATOR });
    const row = (await screen.findByText('Weekend split')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Split' }));
    const card = await screen.findByTestId('split-4');
    expect(within(card).getByRole('img', { name: 'Alpha 600‰, own 400‰' })).toBeTruthy();
    const own = within(card).getByText('Our own DSP').closest('tr') as HTMLElement;
    expect(within(own).getByText('400‰')).toBeTruthy();
    expect(within(own).getByText('40%')).toBeTruthy();
    const alpha = within(card).getByText('Alpha').closest('tr') as HTMLElement;
    expect(within(alpha).getByText('600‰')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/strategy/split?slot_id=9'))).toBe(
      true,
    );
  });
});
