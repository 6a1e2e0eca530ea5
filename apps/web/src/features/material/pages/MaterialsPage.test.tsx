import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, WideStatus, type Material } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { MaterialsPage } from './MaterialsPage';

const banner: Material = {
  id: 4,
  owner: { id: 1, username: 'root', nickname: 'Root' },
  name: 'Autumn banner',
  kind: 'image',
  mime: 'image/png',
  ext: 'png',
  size_bytes: 2048,
  width: 640,
  height: 100,
  duration_ms: null,
  transcode_state: null,
  transcode_error: null,
  url: '/files/4.png',
  thumbnail_url: null,
  status: WideStatus.active,
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
};

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('MaterialsPage', { timeout: 30_000 }, () => {
  it('deletes a material only through the confirmation naming it, with a note', async () => {
    const requests = renderSignedIn(
      <MaterialsPage />,
      (url) => {
        if (url.startsWith('/svc/ad/resource/list')) {
          return { list: [banner], total: 1, page: 1, size: 20 };
        }
        if (url.startsWith('/svc/ad/resource/switch')) return { ...banner, status: 5 };
        return null;
      },
      { ability: Ability.login | Ability.adManage },
    );
    const row = (await screen.findByText('Autumn banner')).closest('tr') as HTMLElement;
    const switches = () => requests.filter((request) => request.url.includes('resource/switch'));
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = (await screen.findByText('Delete the material “Autumn banner”?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('ant-btn-dangerous');
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Old campaign art' },
    });
    expect(switches()).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() => expect(switches()).toHaveLength(1));
    const body = JSON.parse(String(switches()[0]?.body)) as { status: number; note: string };
    expect(body.status).toBe(WideStatus.deleted);
    expect(JSON.parse(body.note)).toMatchObject({ target: 4, comment: 'Old campaign art' });
  });
});
