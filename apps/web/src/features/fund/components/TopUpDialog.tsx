/** Top up an account (role balanceCharge): an amount in currency units and a note. */
import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Account } from '@adloom/domain';
import { FormDialog } from '../../../components/list/editing';
import { zodRule } from '../../../lib/zodRule';
import { ZTopUpForm, sendTopUp, useInvalidateFunds, type TopUpForm } from '../api';

export function TopUpDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpForm>();
  const [messages, holder] = message.useMessage();
  const refresh = useInvalidateFunds();

  const submit = async (values: TopUpForm): Promise<boolean> => {
    if (!account) return true;
    const entry = await sendTopUp(account.id, values);
    void messages.success(
      t('fund.toppedUp', { amount: formatMoney(entry.amount), username: account.username }),
    );
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
          extra={t('fund.amountHelp')}
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
