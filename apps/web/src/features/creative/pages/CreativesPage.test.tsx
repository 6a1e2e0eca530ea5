import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type AdStyle, type Creative } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { CreativesPage } from './CreativesPage';

const textStyle: AdStyle = {
  id: 1,
  name: 'Text',
  type: 1,
  icon_size: null,
  img_size: null,
  img3_size: null,
  video_size: null,
  meta: ['title', 'description', 'actionText'],
  title_length: 30,
  description_length: 90,
  status: 0,
  created_at: '',
  updated_at: '',
};

const creative = (id: number, overrides: Partial<Creative> = {}): Creative => ({
  id,
  name: `Creative ${id}`,
  style_id: 1,
  language: 'fr',
  os: 1,
  title: `Title ${id}`,
  description: '',
  icon_material_id: null,
  image_material_id: null,
  group_material_ids: [],
  video_material_id: null,
  click_action: 2,
  action_text: '',
  special_config: '',
  app_name: '',
  app_package: '',
  click_url: 'https://example.com',
  deeplink_url: '',
  impression_monitor_urls: [],
  click_monitor_urls: [],
  owner: { id: 1, username: 'root', nickname: 'Root' },
  style_name: 'Text',
  style_type: 1,
  assets: [],
  review: 1,
  audit_state: 'pending',
  reject_reason: '',
  reviewer: null,
  reviewed_at: null,
  submitted_at: '2026-11-20T08:00:00Z',
  status: 0,
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
  ...overrides,
});

const failed = creative(2, {
  review: 2,
  audit_state: 'failed',
  reject_reason: 'Blurry picture',
  reviewer: { id: 3, username: 'auditor', nickname: 'Auditor' },
  reviewed_at: '2026-11-21T08:00:00Z',
});
const approved = creative(3, {
  review: 0,
  audit_state: 'approved',
  reviewer: { id: 3, username: 'auditor', nickname: 'Auditor' },
  reviewed_at: '2026-11-21T08:00:00Z',
});

function server(list: Creative[]) {
  return (url: string) => {
    if (url.startsWith('/svc/ad/idea/list')) return { list, total: list.length, page: 1, size: 20 };
    if (url.startsWith('/svc/setting/style/list')) return [textStyle];
    if (url.startsWith('/svc/ad/idea/switch')) return { ...list[0], status: 1 };
    if (url.startsWith('/svc/ad/idea/modify')) return list[0];
    if (url.startsWith('/svc/ad/idea/bulk')) {
      return { done: [list[0]?.id], failed: [{ id: list[1]?.id, code: 'creative.deleted' }] };
    }
    return null;
  };
}

const ADVERTISER = Ability.login | Ability.adManage;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('CreativesPage', { timeout: 30_000 }, () => {
  it('lists creatives with their audit state, the reason of a failed one, and status', async () => {
    renderSignedIn(<CreativesPage />, server([creative(1), failed, approved]), {
      ability: ADVERTISER,
    });
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await screen.findByText('Creative 2');
    expect(within(row('Creative 1')).getByText('Pending')).toBeTruthy();
    expect(within(row('Creative 1')).getByText('French')).toBeTruthy();
    expect(within(row('Creative 1')).getByText('Android')).toBeTruthy();
    expect(within(row('Creative 2')).getByText('Failed')).toBeTruthy();
    expect(within(row('Creative 2')).getByText('Reason: Blurry picture')).toBeTruthy();
    expect(within(row('Creative 3')).getByText('Approved')).toBeTruthy();
    expect(within(row('Creative 3')).getByText('Normal')).toBeTruthy();
    for (const name of ['Edit', 'History', 'Shelve', 'Delete']) {
      expect(within(row('Creative 3')).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('filters by audit state and sends the filter to the server', async () => {
    const requests = renderSignedIn(<CreativesPage />, server([creative(1)]), {
      ability: ADVERTISER,
    });
    await screen.findByText('Creative 1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Audit state' }));
    fireEvent.click(await screen.findByTitle('Failed'));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('audit_state=failed'))).toBe(true),
    );
  });

  it('warns when editing a decided creative', async () => {
    renderSignedIn(<CreativesPage />, server([approved]), { ability: ADVERTISER });
    const row = (await screen.findByText('Creative 3')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('This creative has been reviewed')).toBeTruthy();
    expect(await screen.findByDisplayValue('Title 3')).toBeTruthy();
  });

  it("marks the creative form's required fields and saves on Enter in a one-line field", async () => {
    const requests = renderSignedIn(<CreativesPage />, server([creative(1)]), {
      ability: ADVERTISER,
    });
    const row = (await screen.findByText('Creative 1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const name = await screen.findByDisplayValue('Creative 1');
    const labelOf = (text: string) =>
      screen
        .getAllByText(text, { selector: 'label' })
        .find((label) => label.closest('.ant-drawer'));
    // The style's own fields (its title here) follow once the style list has loaded: on a busy
    // machine after the name is shown.
    await waitFor(() => expect(labelOf('Title')).toBeDefined());
    expect(labelOf('Name')?.classList.contains('ant-form-item-required')).toBe(true);
    expect(labelOf('Style')?.classList.contains('ant-form-item-required')).toBe(true);
    // The text style needs its title; a description it may go without.
    expect(labelOf('Title')?.classList.contains('ant-form-item-required')).toBe(true);
    expect(labelOf('Description')?.classList.contains('ant-form-item-required')).toBe(false);
    // An edit, then Enter in the name field: the drawer saves (no change would be 'None Update.').
    fireEvent.change(name, { target: { value: 'Creative 1, renamed' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter' });
    // A saved edit asks for its change note first.
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/svc/ad/idea/modify'))).toBe(true),
    );
  });

  it('shelves through the note prompt', async () => {
    const requests = renderSignedIn(<CreativesPage />, server([creative(1)]), {
      ability: ADVERTISER,
    });
    const row = (await screen.findByText('Creative 1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Shelve' }));
    const note = await screen.findByLabelText('Note');
    fireEvent.change(note, { target: { value: 'paused for now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      const sent = requests.find((request) => request.url.startsWith('/svc/ad/idea/switch'));
      expect(JSON.parse(String(sent?.body))).toMatchObject({ id: 1, status: 1 });
    });
  });

  it('deletes selected creatives with one confirmation and names the one the server kept', async () => {
    const requests = renderSignedIn(
      <CreativesPage />,
      server([creative(1), creative(4, { status: 1 }), creative(5, { status: 5 })]),
      { ability: ADVERTISER },
    );
    const rowOf = async (name: string) =>
      (await screen.findByText(name)).closest('tr') as HTMLElement;
    const deleted = within(await rowOf('Creative 5')).getByRole('checkbox') as HTMLInputElement;
    expect(deleted.disabled).toBe(true);
    fireEvent.click(within(await rowOf('Creative 1')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('Creative 4')).getByRole('checkbox'));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    // One active and one shelved: each action some of them can take.
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Shelve', 'Restore', 'Delete', 'Clear selection']);
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete 2 creatives?')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Old brand' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      const sent = requests.find((request) => request.url.startsWith('/svc/ad/idea/bulk'));
      expect(JSON.parse(String(sent?.body))).toEqual({
        ids: [1, 4],
        action: 'delete',
        comment: 'Old brand',
      });
    });
    const failed = await screen.findByRole('list', { name: 'Rows not changed' });
    expect(failed.textContent).toBe('Creative 4 — A deleted creative cannot be changed');
  });
});
