/**
 * Credits awaiting a second fund manager (docs/decisions/fund-approvals.md): pending ones by
 * default, or decided ones with who decided and when. Another fund manager approves (the
 * credit is posted) or rejects with a reason; the requester and the account's holder see the
 * request but cannot decide it. The server enforces every rule.
 */
import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Select, Space, Tag, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FundRequestStatus,
  LedgerKind,
  formatDateTime,
  formatCurrency,
  listFundRequests,
  type FundRequest,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { useConfirm } from '../../../components/confirm/useConfirm';
import { ListTable } from '../../../components/list/ListTable';
import { usePaging } from '../../../components/list/usePaging';
import { errorText, type ApiError } from '../../../lib/api';
import { useFirstFieldFocus } from '../../../lib/dialogForm';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { ZRejectForm, canDecide, sendApproval, sendRejection, useInvalidateFunds } from '../api';
import { SignedMoney } from './LedgerDrawer';

const STATUS_COLOURS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

export function FundRequestStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLOURS[status]}>{FundRequestStatus.label(status, currentLanguage())}</Tag>
  );
}

function RejectDialog({
  request,
  onClose,
  onRejected,
}: {
  request: FundRequest | null;
  onClose(): void;
  onRejected(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const { ref: firstFieldRef, afterOpenChange: focusFirstField } = useFirstFieldFocus();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ note }: { note: string }) => {
    if (!request) return;
    setSending(true);
    setFailure(null);
    try {
      await sendRejection(request.id, note);
      form.resetFields();
      await onRejected();
      onClose();
    } catch (error) {
      setFailure(errorText(error as ApiError, currentLanguage()));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title={t('fund.rejectTitle', {
        amount: request ? formatCurrency(request.amount, { lang: currentLanguage() }) : '',
        username: request?.user.username ?? '',
      })}
      open={request !== null}
      okText={t('fund.reject')}
      okButtonProps={{ danger: true, loading: sending }}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        setFailure(null);
        onClose();
      }}
      afterOpenChange={focusFirstField}
      destroyOnHidden
    >
      <div ref={firstFieldRef}>
        <Form form={form} layout="vertical" initialValues={{ note: '' }} onFinish={submit}>
          <Form.Item
            label={t('fund.rejectReason')}
            name="note"
            rules={[zodRule(ZRejectForm, 'note')]}
            {...(failure ? { help: failure, validateStatus: 'error' as const } : {})}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** The request list itself, for any screen showing it. */
export function FundRequestsView() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user } = useSession();
  const [status, setStatus] = useState<string | undefined>('pending');
  const { page, size, setPage, pagination } = usePaging();
  const [rejecting, setRejecting] = useState<FundRequest | null>(null);
  const [messages, holder] = message.useMessage();
  const refresh = useInvalidateFunds();
  const requests = useQuery(
    endpointQuery(
      listFundRequests,
      { page, size, ...(status ? { status } : {}) },
      { silent: true },
    ),
  );
  const person = {
    realUserId: user?.realUser?.id ?? user?.id ?? 0,
    actingUserId: user?.id ?? 0,
  };

  const confirm = useConfirm();

  const approve = async (request: FundRequest) => {
    const confirmed = await confirm.ask({
      title: t('fund.approveConfirm', {
        amount: formatCurrency(request.amount, { lang: currentLanguage() }),
        username: request.user.username,
      }),
      okText: t('fund.approve'),
    });
    if (!confirmed) return;
    try {
      await sendApproval(request.id);
      void messages.success(
        t('fund.approved', {
          amount: formatCurrency(request.amount, { lang: currentLanguage() }),
          username: request.user.username,
        }),
      );
    } catch (error) {
      void messages.error(errorText(error as ApiError, lang));
    }
    await refresh();
  };

  return (
    <div data-testid="fund-requests">
      {holder}
      {confirm.holder}
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<string>
          aria-label={t('fund.requestStatus')}
          placeholder={t('fund.allStatuses')}
          allowClear
          value={status}
          onChange={(value) => {
            setStatus(value ?? undefined);
            setPage(1);
          }}
          options={FundRequestStatus.options(lang)}
          style={{ width: 180 }}
        />
      </Space>
      <ListTable<FundRequest>
        emptyText={status === 'pending' ? t('fund.noPendingRequests') : t('fund.noRequests')}
        loading={requests.isFetching}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        dataSource={requests.data?.list}
        pagination={pagination(requests.data?.total)}
        columns={[
          {
            title: t('fund.requestedAt'),
            dataIndex: 'created_at',
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('fund.account'),
            key: 'account',
            render: (_, request) => request.user.username,
          },
          {
            title: t('fund.kind'),
            dataIndex: 'kind',
            render: (value: string) => <Tag>{LedgerKind.label(value, lang)}</Tag>,
          },
          {
            title: t('fund.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (value: number) => <SignedMoney micros={value} />,
          },
          { title: t('fund.note'), dataIndex: 'note' },
          {
            title: t('fund.requestedBy'),
            key: 'requestedBy',
            render: (_, request) => request.requested_by.username,
          },
          {
            title: t('fund.requestStatus'),
            key: 'status',
            render: (_, request) => (
              <Space orientation="vertical" size={0}>
                <FundRequestStatusTag status={request.status} />
                {request.decided_by && (
                  <span>
                    {t('fund.decidedBy', {
                      user: request.decided_by.username,
                      time: formatDateTime(request.decided_at),
                    })}
                  </span>
                )}
                {request.decision_note && <span>{request.decision_note}</span>}
              </Space>
            ),
          },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, request) => {
              if (request.status !== 'pending') return null;
              if (!canDecide(request, person)) return <span>{t('fund.awaitingAnother')}</span>;
              return (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => void approve(request)}>
                    {t('fund.approve')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRejecting(request)}>
                    {t('fund.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <RejectDialog
        request={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={async () => {
          void messages.success(t('fund.rejected'));
          await refresh();
        }}
      />
    </div>
  );
}

export function FundRequestsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('fund.requestsTitle')}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {open && <FundRequestsView />}
    </Drawer>
  );
}
