/**
 * The edit pattern every screen reuses (docs/product/api-conventions.md#change-notes): compare the object as loaded with the
 * form, cancel with 'None Update' when nothing differs, otherwise ask for a note (unless the
 * write is quiet) and send only the changed fields with the note. Server field errors go
 * back on the form.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { message, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '../../lib/formErrors';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm/ConfirmDialog';
import { changesOf, notedBody, type NotedChange } from './notedWrite';

export interface NotedWriteOptions<T> extends NotedChange {
  /** Sends the body `{ id, ...changed fields, note? }`; resolves with the answer. */
  send(body: Record<string, unknown> & { id: number; note?: string }): Promise<T>;
  /** No note prompt, no note sent. */
  quiet?: boolean;
  /** The edit form, to put the server's field issues on. */
  form?: FormInstance;
  /** What the note prompt says besides the note: title, impact, a danger button. */
  confirm?: ConfirmRequest;
}

export type NotedWriteResult<T> =
  | { status: 'done'; data: T }
  | { status: 'none' }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

interface Prompt {
  confirm: ConfirmRequest | undefined;
  resolve(comment: string | null): void;
}

export function useNotedWrite(): {
  write<T>(options: NotedWriteOptions<T>): Promise<NotedWriteResult<T>>;
  holder: ReactNode;
  pending: boolean;
} {
  const { t } = useTranslation();
  const [messages, messageHolder] = message.useMessage();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [pending, setPending] = useState(false);

  const write = useCallback(
    async <T,>(options: NotedWriteOptions<T>): Promise<NotedWriteResult<T>> => {
      const fields = changesOf(options);
      if (fields.length === 0) {
        void messages.info({ content: t('change.noneUpdate'), key: 'none-update' });
        return { status: 'none' };
      }
      let comment: string | undefined;
      if (!options.quiet) {
        const answer = await new Promise<string | null>((resolve) =>
          setPrompt({ confirm: options.confirm, resolve }),
        );
        if (answer === null) return { status: 'cancelled' };
        comment = answer;
      }
      setPending(true);
      try {
        const data = await options.send(notedBody(options, fields, comment));
        return { status: 'done', data };
      } catch (error) {
        if (options.form) reportFormError(options.form, error);
        else reportFormError(DETACHED_FORM, error);
        return { status: 'failed', error };
      } finally {
        setPending(false);
      }
    },
    [messages, t],
  );

  const holder = (
    <>
      {messageHolder}
      <ConfirmDialog
        {...prompt?.confirm}
        open={prompt !== null}
        note
        onConfirm={(comment) => {
          prompt?.resolve(comment ?? '');
          setPrompt(null);
        }}
        onCancel={() => {
          prompt?.resolve(null);
          setPrompt(null);
        }}
      />
    </>
  );
  return { write, holder, pending };
}

/** A stand-in form for writes without one (status switches): every error becomes a toast. */
const DETACHED_FORM = {
  getFieldsValue: () => ({}),
  setFields: () => undefined,
} as unknown as FormInstance;
