/**
 * Top up an account (role balanceCharge): an amount in currency units and a note. Above the
 * approval threshold (shown) the top-up waits for another fund manager's approval.
 */
import { Form, Input, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, getSystemParameters, type Account } from '@adloom/domain';
import { FormDialog } from '../../../components/list/editing';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { ZTopUpForm, sendTopUp, useInvalidateFunds, type TopUpForm } from '../api';

export function TopUpDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpForm>();
  const [messages, holder] = message.useMessage();
  const refresh = useInvalidateFunds();
  const parameters = useQuery({
    ...endpointQuery(getSystemParameters, undefined, { silent: true }),
    enabled: account !== null,
  });
  const threshold = parameters.data?.fund_approval_threshold;

  const submit = async (values: TopUpForm): Promise<boolean> => {
    if (!account) return true;
    const posting = await sendTopUp(account.id, values);
    const amount = formatMoney(
      posting.status === 'posted' ? posting.entry.amount : posting.request.amount,
    );
    if (posting.status === 'posted') {
      void messages.success(t('fund.toppedUp', { amount, username: account.username }));
    } else {
      void messages.info(t('fund.awaitingApproval', { amount, username: account.username }));
    }
    await refresh();
    return true;
  };

  return (
    <>
      {holder}
      <FormDialog<TopUpForm>
        title={t('fund.topUpTitle', { username: account?.username ?? '' })}
        open={account !== null}
        form={form}
        initialValues={{ amount: '', note: '' }}
        onCancel={onClose}
        onSubmit={submit}
        okText={t('fund.topUp')}
      >
        <Form.Item
          label={t('fund.amount')}
          name="amount"
          extra={
            threshold === undefined
              ? t('fund.amountHelp')
              : `${t('fund.amountHelp')} ${t('fund.thresholdHelp', { threshold: formatMoney(threshold) })}`
          }
          rules={[zodRule(ZTopUpForm, 'amount')]}
        >
          <Input inputMode="decimal" autoComplete="off" maxLength={24} />
        </Form.Item>
        <Form.Item
          label={t('fund.note')}
          name="note"
          extra={t('fund.noteHelp')}
          rules={[zodRule(ZTopUpForm, 'note')]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
