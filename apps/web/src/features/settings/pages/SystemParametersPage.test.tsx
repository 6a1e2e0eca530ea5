import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { SystemParametersPage } from './SystemParametersPage';

const saved = { fund_approval_threshold: 10_000_000_000, updated_at: null };

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('SystemParametersPage', { timeout: 30_000 }, () => {
  it('shows the threshold and saves a change with a note', async () => {
    const sent = renderSignedIn(<SystemParametersPage />, (url) => {
      if (url.startsWith('/svc/setting/system/detail')) return saved;
      if (url.startsWith('/svc/setting/system/modify')) {
        return { fund_approval_threshold: 25_000_000_000, updated_at: '2026-11-24T10:00:00Z' };
      }
      return null;
    });
    const field = await screen.findByLabelText('Fund approval threshold');
    expect((field as HTMLInputElement).value).toBe('10000');
    expect(screen.getByText('Not saved yet: the default applies.')).toBeTruthy();

    fireEvent.change(field, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 0 or more')).toBeTruthy();

    fireEvent.change(field, { target: { value: '25000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const prompt = (await screen.findByText('Note', { selector: 'label' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(prompt).getByLabelText('Note'), {
      target: { value: 'Larger credits need two people' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent.some((request) => request.url.startsWith('/svc/setting/system/modify'))).toBe(
        true,
      ),
    );
    const modify = sent.find((request) => request.url.startsWith('/svc/setting/system/modify'));
    const form = modify?.body as FormData;
    expect(form.get('fund_approval_threshold')).toBe('25000');
    expect(form.get('id')).toBeNull();
    expect(JSON.parse(String(form.get('note')))).toMatchObject({
      target_type: 'systemParameter',
      comment: 'Larger credits need two people',
    });
  });
});
