import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type Material } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { MaterialMultiPicker, MaterialPicker } from './MaterialPicker';

const ADVERTISER = Ability.login | Ability.adManage;

function materialOf(id: number, overrides: Partial<Material> = {}): Material {
  return {
    id,
    owner: { id: 5, username: 'adv_alpha', nickname: 'Alpha' },
    name: `image-${id}.png`,
    kind: 'image',
    mime: 'image/png',
    ext: 'png',
    size_bytes: 1536,
    width: 64,
    height: 48,
    duration_ms: null,
    transcode_state: null,
    transcode_error: null,
    url: `/files/${String(id).padStart(32, '0')}.png`,
    thumbnail_url: `/files/${String(id).padStart(32, '0')}-thumb.jpg`,
    status: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const library = [materialOf(1), materialOf(2), materialOf(3)];

function server(url: string) {
  if (url.startsWith('/svc/ad/resource/detail')) {
    const id = Number(new URL(url, 'http://x').searchParams.get('id'));
    return library.find((material) => material.id === id) ?? materialOf(id);
  }
  if (url.startsWith('/svc/ad/resource/list')) {
    return { list: library, total: library.length, page: 1, size: 10 };
  }
  return null;
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('MaterialPicker', { timeout: 30_000 }, () => {
  it('shows the chosen material with its size, and removes it', async () => {
    const onChange = vi.fn();
    renderSignedIn(
      <MaterialPicker kind="image" value={2} onChange={onChange} hint="1200 x 628" />,
      server,
      { ability: ADVERTISER },
    );
    expect(await screen.findByText('image-2.png')).toBeTruthy();
    expect(screen.getByText('64 x 48 · 1.50K')).toBeTruthy();
    expect(screen.getByText('1200 x 628')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'image-2.png' }).getAttribute('src')).toMatch(
      /-thumb\.jpg$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('opens the library of active images and picks one', async () => {
    const onChange = vi.fn();
    const requests = renderSignedIn(<MaterialPicker kind="image" onChange={onChange} />, server, {
      ability: ADVERTISER,
    });
    expect(screen.getByText('Nothing chosen yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    const listed = requests.find((request) => request.url.startsWith('/svc/ad/resource/list'));
    const query = new URL(listed?.url ?? '', 'http://x').searchParams;
    expect(query.get('kind')).toBe('image');
    expect(query.get('status')).toBe('0');
    expect(query.has('transcode_state')).toBe(false);
    fireEvent.click(options[2] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('offers only transcoded videos', async () => {
    const requests = renderSignedIn(<MaterialPicker kind="video" />, server, {
      ability: ADVERTISER,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    await screen.findAllByRole('option');
    const listed = requests.find((request) => request.url.startsWith('/svc/ad/resource/list'));
    const query = new URL(listed?.url ?? '', 'http://x').searchParams;
    expect(query.get('kind')).toBe('video');
    expect(query.get('transcode_state')).toBe('1');
  });

  it('disables its buttons when disabled', async () => {
    renderSignedIn(<MaterialPicker kind="image" value={1} disabled />, server, {
      ability: ADVERTISER,
    });
    await screen.findByText('image-1.png');
    expect(screen.getByRole('button', { name: 'Change' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('MaterialMultiPicker', { timeout: 30_000 }, () => {
  it('chooses images in order up to the maximum', async () => {
    const onChange = vi.fn();
    renderSignedIn(
      <MaterialMultiPicker kind="image" value={[2]} max={2} onChange={onChange} />,
      server,
      {
        ability: ADVERTISER,
      },
    );
    expect(await screen.findByText('image-2.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = (await screen.findByText('Choose images (1 of 2)')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    const options = await within(dialog).findAllByRole('option');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(options[0] as HTMLElement);
    // A third is one too many: refused, the choice stays at two.
    fireEvent.click(options[2] as HTMLElement);
    await waitFor(() => expect(within(dialog).getByText('Choose images (2 of 2)')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onChange).toHaveBeenCalledWith([2, 1]);
  });

  it('reorders and removes chosen images', async () => {
    const onChange = vi.fn();
    renderSignedIn(
      <MaterialMultiPicker kind="image" value={[1, 2]} max={3} onChange={onChange} />,
      server,
      {
        ability: ADVERTISER,
      },
    );
    await screen.findByText('image-2.png');
    const items = screen.getAllByTestId('chosen-material');
    fireEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Move earlier' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
  });
});
