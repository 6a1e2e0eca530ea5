/**
 * The console's one confirmation outside noted edits (docs/decisions/confirmations.md):
 * `await ask({ title, impact, okText, danger })` resolves true on Confirm, false on Cancel or
 * Esc; `await askNote(…)` also asks for the change note (docs/product/api-conventions.md#change-notes) and resolves it, or null when
 * cancelled — for destructive writes whose server keeps a note (a strategy's removal). Noted
 * edits ask through the same dialog (`useNotedWrite`), so every destructive action looks and
 * answers alike.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';

interface Pending {
  request: ConfirmRequest;
  note: boolean;
  resolve(note: string | null): void;
}

export function useConfirm(): {
  ask(request: ConfirmRequest): Promise<boolean>;
  askNote(request: ConfirmRequest): Promise<string | null>;
  holder: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const askNote = useCallback(
    (request: ConfirmRequest) =>
      new Promise<string | null>((resolve) => setPending({ request, note: true, resolve })),
    [],
  );
  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<string | null>((resolve) => setPending({ request, note: false, resolve })).then(
        (answer) => answer !== null,
      ),
    [],
  );

  const answer = (note: string | null) => {
    pending?.resolve(note);
    setPending(null);
  };

  const holder = (
    <ConfirmDialog
      {...pending?.request}
      open={pending !== null}
      note={pending?.note ?? false}
      onConfirm={(note) => answer(note ?? '')}
      onCancel={() => answer(null)}
    />
  );
  return { ask, askNote, holder };
}
