import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Country, Language } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { CountryPage } from './CountryPage';

const languages: Language[] = [
  { id: 1, name: 'French', code: 'fr' },
  { id: 2, name: 'German', code: 'de' },
];

const france: Country = {
  id: 7,
  name: 'France',
  code: 'FR',
  lang_id: 1,
  lang_list: [1, 2],
  status: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-02-03T04:05:06Z',
};

function answer(countries: Country[]) {
  return (url: string) => {
    if (url.startsWith('/svc/setting/language/list')) return languages;
    if (url.startsWith('/svc/setting/country/list')) {
      return { list: countries, total: countries.length, page: 1, size: 20 };
    }
    if (url.startsWith('/svc/setting/country/modify')) return france;
    return null;
  };
}

/**
 * The open dialog with this title. (Under test every antd modal gets the same generated id,
 * so a dialog's accessible name cannot tell two open ones apart.)
 */
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

describe('CountryPage', { timeout: 20_000 }, () => {
  it('lists countries with their languages and an Add button', async () => {
    renderSignedIn(<CountryPage />, answer([france]));
    const row = (await screen.findByText('France')).closest('tr') as HTMLElement;
    expect(within(row).getByText('FR')).toBeTruthy();
    await within(row).findByText('German');
    expect(within(row).getByRole('switch', { name: 'Active' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'History' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add country' })).toBeTruthy();
    expect(screen.getByLabelText('Search')).toBeTruthy();
  });

  it('says what to do when there are no countries, and opens the add dialog', async () => {
    renderSignedIn(<CountryPage />, answer([]));
    expect(await screen.findByText('No countries yet — add the first one')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add country' }));
    const dialog = await dialogTitled('Add country');
    expect(within(dialog).getByLabelText('Name')).toBeTruthy();
    expect(within(dialog).getByLabelText('Code')).toBeTruthy();
    expect(within(dialog).getByLabelText('Languages')).toBeTruthy();
    expect(within(dialog).getByLabelText('Main language')).toBeTruthy();
  });

  it('says "None Create." for an add dialog saved untouched, and sends nothing', async () => {
    const requests = renderSignedIn(<CountryPage />, answer([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Add country' }));
    const dialog = await dialogTitled('Add country');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('None Create.')).toBeTruthy();
    // Still open, nothing sent.
    expect(within(dialog).getByLabelText('Name')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/country/add'))).toBe(false);
  });

  it('edits with a note and sends only the changed fields', async () => {
    const requests = renderSignedIn(<CountryPage />, answer([france]));
    const row = (await screen.findByText('France')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit country');
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'French Republic' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const note = await dialogTitled('Note this change');
    fireEvent.change(within(note).getByLabelText('Note'), { target: { value: 'official name' } });
    fireEvent.click(within(note).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('/country/modify'))).toBe(true),
    );
    const modify = requests.find((request) => request.url.includes('/country/modify'));
    expect(modify?.method).toBe('PUT');
    const form = modify?.body as FormData;
    expect([...form.keys()].sort()).toEqual(['id', 'name', 'note']);
    expect(form.get('name')).toBe('French Republic');
    const sent = JSON.parse(String(form.get('note'))) as Record<string, string>;
    expect(sent).toMatchObject({ target_type: 'country', method: 'modify', target: 7 });
    expect(JSON.parse(sent.value_before ?? '')).toEqual({ name: 'France' });
  });

  it('fills the edit dialog with the row even after the add dialog was used', async () => {
    renderSignedIn(<CountryPage />, answer([france]));
    fireEvent.click(await screen.findByRole('button', { name: 'Add country' }));
    const add = await dialogTitled('Add country');
    fireEvent.change(within(add).getByLabelText('Name'), { target: { value: 'Somewhere' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Cancel' }));
    const row = (await screen.findByText('France')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const edit = await dialogTitled('Edit country');
    await waitFor(() =>
      expect((within(edit).getByLabelText('Name') as HTMLInputElement).value).toBe('France'),
    );
    expect((within(edit).getByLabelText('Code') as HTMLInputElement).value).toBe('FR');
  });
});

describe('CountryPage in Chinese', { timeout: 20_000 }, () => {
  afterEach(async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('en');
  });

  it("names ISO countries and languages in Chinese and keeps an operator's own name", async () => {
    await setupI18n('zh');
    const ownName: Country = { ...france, id: 8, name: 'Hexagone', code: 'FR' };
    renderSignedIn(<CountryPage />, answer([france, ownName]));
    const row = (await screen.findByText('法国')).closest('tr') as HTMLElement;
    await within(row).findByText('德语');
    expect(within(row).getAllByText('法语').length).toBeGreaterThan(0);
    expect(screen.getByText('Hexagone')).toBeTruthy();
    expect(screen.queryByText('France')).toBeNull();
  });
});
