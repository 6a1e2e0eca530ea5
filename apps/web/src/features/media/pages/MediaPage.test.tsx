import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type Media } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { MediaPage } from './MediaPage';

const media = (id: number, overrides: Partial<Media> = {}): Media => ({
  id,
  owner: { id: 7, username: 'pub', nickname: 'Publisher' },
  name: `Media ${id}`,
  os: 1,
  bundle: `com.media${id}`,
  status: 0,
  slot_count: 2,
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
  ...overrides,
});

function server(list: Media[]) {
  return (url: string) => {
    if (url.startsWith('/svc/ssp/media/list'))
      return { list, total: list.length, page: 1, size: 20 };
    if (url.startsWith('/svc/ssp/media/owners')) return [list[0]?.owner];
    if (url.startsWith('/svc/ssp/media/switch')) return { ...list[0], status: 1 };
    if (url.startsWith('/svc/ssp/media/create')) return media(99);
    if (url.startsWith('/svc/ssp/impact'))
      return { live_slots: 3, requests_24h: 1200, requests_7d: 9876 };
    return [];
  };
}

const SLOT_USER = Ability.login | Ability.slot;
const SSP_USER = Ability.login | Ability.ssp;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('MediaPage', { timeout: 30_000 }, () => {
  it('lists media with OS, bundle, a link to their slots and status; deleted ones tagged', async () => {
    renderSignedIn(<MediaPage />, server([media(1), media(2, { status: 5 })]), {
      ability: SLOT_USER,
    });
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await screen.findByText('Media 1');
    expect(within(row('Media 1')).getByText('Android')).toBeTruthy();
    expect(within(row('Media 1')).getByText('com.media1')).toBeTruthy();
    const link = within(row('Media 1')).getByRole('link', { name: 'Slots of Media 1: 2' });
    expect(link.getAttribute('href')).toBe('/ssp/slot?media_id=1');
    expect(within(row('Media 1')).getByRole('switch', { name: 'Active' })).toBeTruthy();
    expect(within(row('Media 2')).getByText('Deleted')).toBeTruthy();
    expect(within(row('Media 2')).queryByRole('button', { name: 'Delete' })).toBeNull();
    // A slot user sees no owner column.
    expect(screen.queryByRole('columnheader', { name: 'Owner' })).toBeNull();
  });

  it('shows the owner column and filter to ssp', async () => {
    renderSignedIn(<MediaPage />, server([media(1)]), { ability: SSP_USER });
    await screen.findByText('Media 1');
    expect(screen.getByRole('columnheader', { name: 'Owner' })).toBeTruthy();
    expect(screen.getByText('Publisher (pub)')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Owner' })).toBeTruthy();
  });

  it('says what to do first when there is no media', async () => {
    renderSignedIn(<MediaPage />, server([]), { ability: SLOT_USER });
    expect(await screen.findByText('No media yet')).toBeTruthy();
    expect(screen.getByText(/Add your first media, then its slots/)).toBeTruthy();
  });

  it('filters by status, sending it to the server', async () => {
    const requests = renderSignedIn(<MediaPage />, server([media(1)]), { ability: SLOT_USER });
    await screen.findByText('Media 1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Deleted'));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('status=5'))).toBe(true),
    );
  });

  it('deletes in one dialog that says what stops and takes the note', async () => {
    const requests = renderSignedIn(<MediaPage />, server([media(1)]), { ability: SLOT_USER });
    const row = (await screen.findByText('Media 1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = (await screen.findByText('Delete “Media 1”?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    expect((await within(dialog).findByTestId('supply-impact')).textContent).toBe(
      '3 live slots stop serving. They had 1,200 ad requests in the last 24 hours and 9,876 in the last 7 days.',
    );
    expect(
      requests.some((request) => request.url.includes('/svc/ssp/impact?target=media&id=1')),
    ).toBe(true);
    // The note is required: confirming without one sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Please note something')).toBeTruthy();
    expect(requests.some((request) => request.url.startsWith('/svc/ssp/media/switch'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'closing the app' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      const sent = requests.find((request) => request.url.startsWith('/svc/ssp/media/switch'));
      expect(JSON.parse(String(sent?.body))).toMatchObject({ id: 1, status: 5 });
    });
  });

  it('deactivating says what stops too', async () => {
    renderSignedIn(<MediaPage />, server([media(1)]), { ability: SLOT_USER });
    const row = (await screen.findByText('Media 1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('switch'));
    const dialog = (await screen.findByText('Deactivate “Media 1”?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    expect((await within(dialog).findByTestId('supply-impact')).textContent).toMatch(
      /^3 live slots stop serving/,
    );
    expect(within(dialog).getByRole('button', { name: 'Deactivate' })).toBeTruthy();
  });

  it('adds a media from the dialog', async () => {
    const requests = renderSignedIn(<MediaPage />, server([]), { ability: SLOT_USER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add media' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Weather' } });
    fireEvent.change(within(dialog).getByLabelText('Bundle or domain'), {
      target: { value: 'com.weather' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => {
      const sent = requests.find((request) => request.url.startsWith('/svc/ssp/media/create'));
      expect(JSON.parse(String(sent?.body))).toEqual({
        name: 'Weather',
        os: 0,
        bundle: 'com.weather',
      });
    });
  });
});
