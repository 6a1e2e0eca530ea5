import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { setupI18n } from '../../lib/i18n';
import { changesOf, notedBody } from './notedWrite';
import { useNotedWrite, type NotedWriteResult } from './useNotedWrite';

const before = { name: 'France', code: 'FR', lang_ids: [1, 2], updated_at: '2026-01-01' };

function Harness({
  after,
  quiet,
  send,
}: {
  after: Record<string, unknown>;
  quiet?: boolean;
  send: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const noted = useNotedWrite();
  const [result, setResult] = useState<NotedWriteResult<unknown> | null>(null);
  return (
    <>
      {noted.holder}
      <button
        type="button"
        onClick={() =>
          void noted
            .write({
              targetType: 'country',
              method: 'modify',
              target: 7,
              before,
              after,
              quiet,
              send,
            })
            .then(setResult)
        }
      >
        Save
      </button>
      <output>{result?.status ?? ''}</output>
    </>
  );
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(() => vi.restoreAllMocks());

describe('noted writes', { timeout: 15_000 }, () => {
  it('compares without times and builds a body of the changed fields and a note string', () => {
    const after = { ...before, name: 'République française', updated_at: '2027-01-01' };
    const change = { targetType: 'country', method: 'modify', target: 7, before, after } as const;
    const fields = changesOf(change);
    expect(fields).toEqual(['name']);
    const body = notedBody(change, fields, 'renamed');
    expect(Object.keys(body).sort()).toEqual(['id', 'name', 'note']);
    expect(body.id).toBe(7);
    const note = JSON.parse(body.note ?? '') as Record<string, unknown>;
    expect(note).toEqual({
      target_type: 'country',
      method: 'modify',
      target: 7,
      value_before: JSON.stringify({ name: 'France' }),
      value_after: JSON.stringify({ name: 'République française' }),
      comment: 'renamed',
    });
    expect(changesOf({ before, after: { ...before, updated_at: 'x' } })).toEqual([]);
  });

  it("cancels with 'None Update' and sends nothing when nothing differs", async () => {
    const send = vi.fn(async () => null);
    render(<Harness after={{ ...before, updated_at: 'later' }} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('None Update')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('none'));
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a note shorter than two characters, then sends with a valid one', async () => {
    const send = vi.fn(async (body: Record<string, unknown>) => body);
    render(<Harness after={{ ...before, lang_ids: [1] }} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note this change' });
    const note = screen.getByLabelText('Note');
    fireEvent.change(note, { target: { value: ' a ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please note something')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(dialog).toBeTruthy();

    fireEvent.change(note, { target: { value: 'drop German' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const body = send.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['id', 'lang_ids', 'note']);
    const parsed = JSON.parse(String(body.note)) as Record<string, string>;
    expect(parsed.comment).toBe('drop German');
    expect(JSON.parse(parsed.value_before ?? '')).toEqual({ lang_ids: [1, 2] });
    expect(JSON.parse(parsed.value_after ?? '')).toEqual({ lang_ids: [1] });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('done'));
  });

  it('resolves cancelled without a request when the prompt is cancelled', async () => {
    const send = vi.fn(async () => null);
    render(<Harness after={{ ...before, code: 'FX' }} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Note this change' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('cancelled'));
    expect(send).not.toHaveBeenCalled();
  });

  it('skips the prompt and the note when the write is quiet', async () => {
    const send = vi.fn(async (body: Record<string, unknown>) => body);
    render(<Harness after={{ ...before, code: 'FX' }} quiet send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ id: 7, code: 'FX' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
