/**
 * What the list screens share (settings, accounts): cache refresh, the page card, the edit
 * dialog, status switching, the history drawer's target.
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Card, Form, Modal, message, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ERROR_MESSAGES,
  listChanges,
  type EndpointDefinition,
  type TargetTypeValue,
} from '@adloom/domain';
import { currentLanguage } from '../../lib/i18n';
import { isSubmitEnter, useFirstFieldFocus } from '../../lib/dialogForm';
import { reportFormError } from '../../lib/formErrors';
import { useNotedWrite } from '../../features/changes/useNotedWrite';
import { useLeaveGuard } from '../leave-guard';
import type { ConfirmRequest } from '../confirm/ConfirmDialog';
import type { HistoryTarget } from '../../features/changes/ChangeHistoryDrawer';

/**
 * Marks every cached read of `endpoints` stale (and the change history): the setting lists
 * of lib/settings.ts included, so the other screens see the write.
 */
export function useInvalidate(...endpoints: EndpointDefinition[]) {
  const queryClient = useQueryClient();
  const paths = endpoints.map((endpoint) => endpoint.path).join('|');
  return useCallback(
    () =>
      Promise.all(
        [...paths.split('|'), listChanges.path].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ).then(() => undefined),
    [queryClient, paths],
  );
}

export function SettingsCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <h1 style={{ marginTop: 0, fontSize: 20 }}>{title}</h1>
      {children}
    </Card>
  );
}

/** The create / edit dialog of a list object. */
export function FormDialog<V extends object>({
  title,
  open,
  form,
  initialValues,
  onCancel,
  onSubmit,
  okText,
  creating = false,
  children,
}: {
  title: string;
  open: boolean;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  onCancel(): void;
  /** Resolves true when the dialog may close. */
  onSubmit(values: V): Promise<boolean>;
  /** The confirm button's text; 'Save' unless told. */
  okText?: string;
  /**
   * A new object: saved untouched, the dialog says "None Create." (docs/product/messages-and-codes.md#catalogue noneCreate, the
   * counterpart of None Update) instead of sending an empty object.
   */
  creating?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [messages, messageHolder] = message.useMessage();
  const [saving, setSaving] = useState(false);
  const { ref: firstFieldRef, afterOpenChange: focusFirstField } = useFirstFieldFocus();
  // Several dialogs live on one page: a unique form name keeps their field ids apart.
  const formName = `dialog${useId()}`;
  // One form instance serves both "add" and "edit": fill it each time the dialog opens
  // (antd's initialValues would keep what the previous opening left in the store).
  // Pages build initialValues inline, so compare them by content: re-filling on every
  // render would wipe what the person is typing. (Form values are plain JSON.)
  const initialJson = JSON.stringify(initialValues ?? {});
  const leave = useLeaveGuard(form, { active: open });
  const { markSaved } = leave;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(JSON.parse(initialJson) as Parameters<typeof form.setFieldsValue>[0]);
    markSaved();
  }, [open, initialJson, form, markSaved]);
  // Esc, ×, Cancel and a click on the mask all come here: changes are discarded only when asked.
  const cancel = async () => {
    if (await leave.confirmDiscard()) onCancel();
  };
  const finish = async (values: V) => {
    setSaving(true);
    try {
      if (await onSubmit(values)) {
        markSaved();
        onCancel();
      }
    } catch (error) {
      reportFormError(form, error);
    } finally {
      setSaving(false);
    }
  };
  // The OK button and Enter both come here.
  const submit = () => {
    if (saving) return;
    if (creating && !leave.isDirty()) {
      void messages.info({
        content: ERROR_MESSAGES.noneCreate[currentLanguage()],
        key: 'none-create',
      });
      return;
    }
    form.submit();
  };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText ?? t('list.save')}
      cancelText={t('change.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => void cancel()}
      afterOpenChange={focusFirstField}
      forceRender
    >
      {leave.holder}
      {messageHolder}
      <div ref={firstFieldRef}>
        <Form<V>
          form={form}
          name={formName}
          layout="vertical"
          onFinish={(values) => void finish(values)}
          onKeyDown={(event) => {
            if (!isSubmitEnter(event)) return;
            event.preventDefault();
            submit();
          }}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}

/** The dialog state of a list: closed, creating, or editing a row. */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({
    open: false,
    row: null,
  });
  return {
    open: state.open,
    row: state.row,
    create: () => setState({ open: true, row: null }),
    edit: (row: T) => setState({ open: true, row }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}

/** Status switches through the note prompt (method 'switch'). */
export function useStatusSwitch<R extends { id: number; status: number }>(
  targetType: TargetTypeValue,
  send: (body: { id: number; status: number; note?: string }) => Promise<unknown>,
  refresh: () => Promise<void>,
) {
  const noted = useNotedWrite();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const toggle = async (row: R, status: number, confirm?: ConfirmRequest) => {
    setPendingId(row.id);
    try {
      const result = await noted.write({
        targetType,
        method: 'switch',
        target: row.id,
        before: { status: row.status },
        after: { status },
        send: (body) => send(body as { id: number; status: number; note?: string }),
        confirm,
      });
      if (result.status === 'done') await refresh();
    } finally {
      setPendingId(null);
    }
  };
  return { toggle, pendingId, holder: noted.holder };
}

/** The object whose history drawer is open. */
export function useHistory() {
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  return { target, show: setTarget, close: () => setTarget(null) };
}
