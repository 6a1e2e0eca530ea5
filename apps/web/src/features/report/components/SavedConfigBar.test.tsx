import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupI18n } from '../../../lib/i18n';
import type { SavedReportConfig } from '../model/settings';
import { SavedConfigBar } from './SavedConfigBar';

const config = { id: 'c1', name: 'Weekly by country', modify: false } as SavedReportConfig;

function renderBar() {
  const remove = vi.fn();
  render(
    <SavedConfigBar
      saved={{ configs: [config], current: config, remove }}
      onLoad={vi.fn()}
      onSave={vi.fn()}
      onSaveAs={vi.fn()}
      onReset={vi.fn()}
    />,
  );
  return remove;
}

const dialogOf = async () =>
  (await screen.findByText('Delete the configuration "Weekly by country"?')).closest(
    '[role=dialog]',
  ) as HTMLElement;

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(cleanup);

describe('SavedConfigBar', { timeout: 20_000 }, () => {
  it('deletes the current configuration through the console’s confirmation', async () => {
    const remove = renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const dialog = await dialogOf();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('c1'));
  });

  it('keeps the configuration when the confirmation is cancelled', async () => {
    const remove = renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await dialogOf()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Delete the configuration/ })).toBeNull(),
    );
    expect(remove).not.toHaveBeenCalled();
  });
});
