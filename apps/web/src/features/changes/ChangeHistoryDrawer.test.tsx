import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import type { ChangeEntry } from '@adloom/domain';
import { configureApi } from '../../lib/api';
import { setupI18n } from '../../lib/i18n';
import { envelope, renderSignedIn } from '../../test/render';
import { ChangeHistoryDrawer } from './ChangeHistoryDrawer';

const entry: ChangeEntry = {
  id: 1,
  target_type: 'country',
  target_id: 7,
  method: 'modify',
  value_before: { name: 'France', lang_ids: [1] },
  value_after: { name: 'French Republic', lang_ids: [1, 2] },
  comment: 'official name',
  actor: { id: 1, username: 'root', nickname: 'Root' },
  acting_user: { id: 9, username: 'ann', nickname: 'Ann' },
  created_at: '2026-11-22T08:05:09Z',
};

const target = { targetType: 'country', id: 7 } as const;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('ChangeHistoryDrawer', { timeout: 15_000 }, () => {
  it('shows when, how, who for whom, the note and before → after', async () => {
    const requests = renderSignedIn(
      <ChangeHistoryDrawer target={target} onClose={() => undefined} />,
      () => ({ list: [entry], total: 1, page: 1, size: 10 }),
    );
    expect(await screen.findByText('2026-11-22 08:05:09 UTC')).toBeTruthy();
    expect(screen.getByText('Change history')).toBeTruthy();
    expect(screen.getByText('Modified')).toBeTruthy();
    expect(screen.getByText('by Root for Ann')).toBeTruthy();
    expect(screen.getByText('Note: official name')).toBeTruthy();
    expect(screen.getByText('France')).toBeTruthy();
    expect(screen.getByText('French Republic')).toBeTruthy();
    // Fields are named as their forms name them, not by their wire keys.
    expect(screen.getByText('Languages')).toBeTruthy();
    expect(screen.queryByText('lang_ids')).toBeNull();
    expect(requests.some((r) => r.url.includes('target_type=country&target_id=7'))).toBe(true);
  });

  it('shows money fields in currency units, not micros', async () => {
    const slotEntry: ChangeEntry = {
      ...entry,
      target_type: 'slot',
      value_before: { lowest_bid: 500_000, width: 320 },
      value_after: { lowest_bid: 1_250_000, width: 0 },
    };
    renderSignedIn(
      <ChangeHistoryDrawer target={{ targetType: 'slot', id: 7 }} onClose={() => undefined} />,
      () => ({ list: [slotEntry], total: 1, page: 1, size: 10 }),
    );
    expect(await screen.findByText('$0.50')).toBeTruthy();
    expect(screen.getByText('$1.25')).toBeTruthy();
    expect(screen.queryByText('500000')).toBeNull();
    expect(screen.getByText('320')).toBeTruthy();
  });

  it('says when there are no changes yet', async () => {
    renderSignedIn(<ChangeHistoryDrawer target={target} onClose={() => undefined} />, () => ({
      list: [],
      total: 0,
      page: 1,
      size: 10,
    }));
    expect(await screen.findByText('No changes yet')).toBeTruthy();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    renderSignedIn(<ChangeHistoryDrawer target={target} onClose={() => undefined} />, () =>
      envelope(-500, null, 'boom'),
    );
    expect(await screen.findByText('The history could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
