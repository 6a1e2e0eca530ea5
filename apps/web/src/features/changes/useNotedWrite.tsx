/**
 * The edit pattern every screen reuses (spec §5, §7): compare the object as loaded with the
 * form, cancel with 'None Update' when nothing differs, otherwise ask for a note (unless the
 * write is quiet) and send only the changed fields with the note. Server field errors go
 * back on the form.
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { Form, Input, Modal, message, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZChangeComment } from '@adloom/domain';
import { reportFormError } from '../../lib/formErrors';
import { zodRule } from '../../lib/zodRule';
import { changesOf, notedBody, type NotedChange } from './notedWrite';

const ZNoteForm = z.object({ comment: ZChangeComment });

export interface NotedWriteOptions<T> extends NotedChange {
  /** Sends the body `{ id, ...changed fields, note? }`; resolves with the answer. */
  send(body: Record<string, unknown> & { id: number; note?: string }): Promise<T>;
  /** No note prompt, no note sent. */
  quiet?: boolean;
  /** The edit form, to put the server's field issues on. */
  form?: FormInstance;
}

export type NotedWriteResult<T> =
  | { status: 'done'; data: T }
  | { status: 'none' }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

interface Prompt {
  resolve(comment: string | null): void;
}

function NoteModal({ prompt, onDone }: { prompt: Prompt | null; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  // A page holds several of these prompts: a unique form name keeps the field ids (and so
  // the label of the note) unique.
  const formName = `note${useId()}`;
  const finish = (comment: string | null) => {
    prompt?.resolve(comment);
    form.resetFields();
    onDone();
  };
  return (
    <Modal
      title={t('change.noteTitle')}
      open={prompt !== null}
      okText={t('change.confirm')}
      cancelText={t('change.cancel')}
      onOk={() => form.submit()}
      onCancel={() => finish(null)}
      zIndex={1100}
    >
      <Form
        form={form}
        name={formName}
        layout="vertical"
        onFinish={(values) => finish(values.comment)}
        initialValues={{ comment: '' }}
      >
        <Form.Item
          label={t('change.note')}
          name="comment"
          extra={t('change.noteHelp')}
          rules={[zodRule(ZNoteForm, 'comment')]}
        >
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
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
        const answer = await new Promise<string | null>((resolve) => setPrompt({ resolve }));
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
      <NoteModal prompt={prompt} onDone={() => setPrompt(null)} />
    </>
  );
  return { write, holder, pending };
}

/** A stand-in form for writes without one (status switches): every error becomes a toast. */
const DETACHED_FORM = {
  getFieldsValue: () => ({}),
  setFields: () => undefined,
} as unknown as FormInstance;
