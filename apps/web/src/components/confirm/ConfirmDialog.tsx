/**
 * The one confirmation of the console (issue 20 item 6): every destructive or noted action asks
 * here — what is about to happen, what it stops (the impact, when known), and a note when the
 * server keeps one (docs/product/api-conventions.md#change-notes: at least two non-space characters). Confirm and Cancel.
 */
import { useId, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZChangeComment } from '@adloom/domain';
import { zodRule } from '../../lib/zodRule';

const ZNoteForm = z.object({ comment: ZChangeComment });

/** What a confirmation says: all optional, the plain note prompt when empty. */
export interface ConfirmRequest {
  /** 'Delete “Home page”?'; 'Note this change' unless told. */
  title?: string;
  /** What happens, and what stops (slots, traffic): shown above the note. */
  impact?: ReactNode;
  /** The confirm button: 'Delete', 'Deactivate'; 'Confirm' unless told. */
  okText?: string;
  /** A red confirm button and a warning look: the action stops or removes something. */
  danger?: boolean;
}

export interface ConfirmDialogProps extends ConfirmRequest {
  open: boolean;
  /** Ask for the change note (required, kept with the change) before confirming. */
  note: boolean;
  onConfirm(note: string | undefined): void;
  onCancel(): void;
}

export function ConfirmDialog({
  open,
  title,
  impact,
  okText,
  danger = false,
  note,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  // A page holds several of these: a unique form name keeps the note's field id unique.
  const formName = `confirm${useId()}`;
  const close = (answer: () => void) => {
    answer();
    // Without a note the form is never rendered (and useForm warns when an unmounted one is used).
    if (note) form.resetFields();
  };
  return (
    <Modal
      title={title ?? t('change.noteTitle')}
      open={open}
      okText={okText ?? t('change.confirm')}
      // Without a note field the confirm button holds the focus, so Enter confirms and Esc cancels.
      okButtonProps={{ danger, autoFocus: !note }}
      cancelText={t('change.cancel')}
      onOk={() => (note ? form.submit() : close(() => onConfirm(undefined)))}
      onCancel={() => close(onCancel)}
      zIndex={1100}
      destroyOnHidden
    >
      {impact && (
        <Alert
          type={danger ? 'warning' : 'info'}
          showIcon
          description={impact}
          style={{ marginBottom: note ? 16 : 0 }}
        />
      )}
      {note && (
        <Form
          form={form}
          name={formName}
          layout="vertical"
          onFinish={(values) => close(() => onConfirm(values.comment))}
          initialValues={{ comment: '' }}
        >
          <Form.Item
            label={t('change.note')}
            name="comment"
            extra={t('change.noteHelp')}
            rules={[zodRule(ZNoteForm, 'comment')]}
          >
            <Input.TextArea rows={3} maxLength={1000} autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
