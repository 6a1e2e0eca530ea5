/**
 * Bulk actions of a list (issue 20 item 8; docs/decisions/working-lists.md): the bar above the
 * table while rows are selected, the one ConfirmDialog (what happens, what stops, the change
 * note the single action asks for), then the server's answer — how many rows were done, and
 * each refused row by name with its reason in the interface language.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Space, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from '@adloom/domain';
import { ConfirmDialog, type ConfirmRequest } from '../confirm/ConfirmDialog';
import { messageText } from '../../lib/messages';

export interface BulkActionButton<A extends string> {
  action: A;
  label: string;
  danger?: boolean;
  /** Greyed out, with this reason as the title, when the selection cannot take it. */
  disabledReason?: string | undefined;
}

export interface BulkBarProps<A extends string> {
  count: number;
  actions: BulkActionButton<A>[];
  busy: boolean;
  onAction(action: A): void;
  onClear(): void;
}

/** "3 selected", the actions, and a way to clear the selection. */
export function BulkBar<A extends string>({
  count,
  actions,
  busy,
  onAction,
  onClear,
}: BulkBarProps<A>) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      role="toolbar"
      aria-label={t('bulk.toolbar')}
      style={{ marginBottom: 12 }}
      title={
        <Space wrap>
          <Typography.Text strong>{t('bulk.selected', { count })}</Typography.Text>
          {actions.map((button) => (
            <Button
              key={button.action}
              size="small"
              danger={button.danger}
              disabled={busy || button.disabledReason !== undefined}
              title={button.disabledReason}
              onClick={() => onAction(button.action)}
            >
              {button.label}
            </Button>
          ))}
          <Button size="small" type="link" onClick={onClear} disabled={busy}>
            {t('bulk.clear')}
          </Button>
        </Space>
      }
    />
  );
}

interface Pending<A extends string> {
  action: A;
  ids: number[];
  confirm: ConfirmRequest;
}

export interface BulkOptions<A extends string> {
  /** Sends the action (a call that is not silent: a refusal as a whole is shown by the client). */
  send(ids: number[], action: A, comment: string | undefined): Promise<BulkResult>;
  /** The text of "N rows done" for an action (i18next plural forms). */
  doneText(action: A, count: number): string;
  /** A row's name for the list of refused rows. */
  nameOf(id: number): string;
  refresh(): Promise<void>;
}

/**
 * Asks (ConfirmDialog with the change note), sends, refreshes, and reports. Resolves the
 * answer, or null when the person cancelled or the request was refused as a whole.
 */
export function useBulkAction<A extends string>(options: BulkOptions<A>) {
  const { t } = useTranslation();
  const [messages, messageHolder] = message.useMessage();
  const [pending, setPending] = useState<Pending<A> | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ action: A; result: BulkResult } | null>(null);

  const run = async (comment: string | undefined) => {
    const asked = pending;
    setPending(null);
    if (!asked) return;
    setBusy(true);
    try {
      const result = await options.send(asked.ids, asked.action, comment);
      await options.refresh();
      if (result.failed.length === 0) {
        void messages.success(options.doneText(asked.action, result.done.length));
      } else {
        setReport({ action: asked.action, result });
      }
    } catch {
      // Refused as a whole (an id out of reach, a bad note): the api client has said why.
    } finally {
      setBusy(false);
    }
  };

  const holder: ReactNode = (
    <>
      {messageHolder}
      <ConfirmDialog
        {...pending?.confirm}
        open={pending !== null}
        note
        onConfirm={(comment) => void run(comment)}
        onCancel={() => setPending(null)}
      />
      <Modal
        open={report !== null}
        title={t('bulk.partialTitle')}
        onOk={() => setReport(null)}
        onCancel={() => setReport(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('bulk.close')}
        destroyOnHidden
      >
        {report && (
          <>
            <Typography.Paragraph>
              {options.doneText(report.action, report.result.done.length)}{' '}
              {t('bulk.notDone', { count: report.result.failed.length })}
            </Typography.Paragraph>
            <ul aria-label={t('bulk.failedList')}>
              {report.result.failed.map((failure) => (
                <li key={failure.id}>
                  <Typography.Text strong>{options.nameOf(failure.id)}</Typography.Text>
                  {' — '}
                  {messageText({ code: failure.code, params: failure.params })}
                </li>
              ))}
            </ul>
          </>
        )}
      </Modal>
    </>
  );

  return {
    /** Opens the confirmation for `action` on `ids`. */
    ask(action: A, ids: number[], confirm: ConfirmRequest) {
      if (ids.length > 0) setPending({ action, ids, confirm });
    },
    busy,
    holder,
  };
}
