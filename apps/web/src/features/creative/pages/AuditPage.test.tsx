import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Ability, type Creative } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { AuditPage } from './AuditPage';

const creative = (id: number, overrides: Partial<Creative> = {}): Creative => ({
  id,
  name: `Creative ${id}`,
  style_id: 1,
  language: 'en',
  os: 0,
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
  owner: { id: 7, username: 'adv_alpha', nickname: 'Alpha Shoes' },
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

const EXAM = Ability.login | Ability.examAdvanced;

function server(queue: Creative[]) {
  return (url: string, init: RequestInit) => {
    if (url.startsWith('/svc/ad/exam/list')) {
      const state = new URLSearchParams(url.split('?')[1]).get('audit_state');
      const list = queue.filter((item) => item.audit_state === state);
      return { list, total: list.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/ad/exam/counts')) {
      return { pending: queue.length, underAudit: 0, approved: 3, failed: 1 };
    }
    if (url.startsWith('/svc/ad/exam/approve') || url.startsWith('/svc/ad/exam/reject')) {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      return ids.map((id) => creative(id, { review: url.includes('approve') ? 0 : 2 }));
    }
    if (url.startsWith('/svc/setting/style/list')) return [];
    return null;
  };
}

const bodyOf = (requests: { url: string; body: unknown }[], path: string) =>
  requests.filter((request) => request.url.startsWith(path)).map((r) => JSON.parse(String(r.body)));

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('AuditPage', { timeout: 30_000 }, () => {
  it('shows the pending queue first, with counts, previews and owners', async () => {
    renderSignedIn(<AuditPage />, server([creative(1), creative(2)]), { ability: EXAM });
    const row = (await screen.findByText('Creative 1 (#1)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Alpha Shoes')).toBeTruthy();
    expect(within(row).getByRole('figure', { name: 'Creative preview' }).textContent).toContain(
      'Title 1',
    );
    const pending = screen.getByRole('tab', { name: /Pending/ });
    expect(pending.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(pending.textContent).toContain('2'));
  });

  it('approves one creative, and several selected at once', async () => {
    const requests = renderSignedIn(<AuditPage />, server([creative(1), creative(2)]), {
      ability: EXAM,
    });
    const row = (await screen.findByText('Creative 1 (#1)')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodyOf(requests, '/svc/ad/exam/approve')).toEqual([{ ids: [1] }]));
    expect(await screen.findByText('1 creative approved.')).toBeTruthy();

    for (const checkbox of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    const confirm = (await screen.findByText('Approve 2 creatives?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    expect(bodyOf(requests, '/svc/ad/exam/approve')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(bodyOf(requests, '/svc/ad/exam/approve').at(-1)).toEqual({ ids: [1, 2] }),
    );
  });

  it('approves nothing selected when the confirmation is cancelled', async () => {
    const requests = renderSignedIn(<AuditPage />, server([creative(1), creative(2)]), {
      ability: EXAM,
    });
    await screen.findByText('Creative 1 (#1)');
    for (const checkbox of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    const confirm = (await screen.findByText('Approve 2 creatives?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Approve 2 creatives?')).toBeNull());
    expect(bodyOf(requests, '/svc/ad/exam/approve')).toEqual([]);
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const requests = renderSignedIn(<AuditPage />, server([creative(3)]), { ability: EXAM });
    const row = (await screen.findByText('Creative 3 (#3)')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = (await screen.findByText('Reject 1 creative')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the advertiser a reason')).toBeTruthy();
    expect(bodyOf(requests, '/svc/ad/exam/reject')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Blurry picture' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(bodyOf(requests, '/svc/ad/exam/reject')).toEqual([
        { ids: [3], reason: 'Blurry picture' },
      ]),
    );
  });

  it('says when nothing waits for audit', async () => {
    renderSignedIn(<AuditPage />, server([]), { ability: EXAM });
    expect(await screen.findByText('Nothing waiting for audit')).toBeTruthy();
  });
});
