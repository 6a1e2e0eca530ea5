/**
 * Top up an account (role balanceCharge): an amount in currency units and a note, then a
 * review of what is about to happen — the account, the amount, its balance before and after
 * (issue 20 item 9) — before any money moves. Above the approval threshold (shown) the top-up
 * waits for another fund manager's approval, and the review says the balance waits with it.
 */
import { Descriptions, Form, Input, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatCurrency,
  getSystemParameters,
  needsSecondApprover,
  parseMicros,
  type Account,
} from '@adloom/domain';
import { useConfirm } from '../../../components/confirm/useConfirm';
import { FormDialog } from '../../../components/list/editing';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { ZTopUpForm, sendTopUp, useInvalidateFunds, type TopUpForm } from '../api';
import { showMoney } from '../../../lib/money';

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
  const confirm = useConfirm();

  /** The summary the person confirms; false when they go back to the form. */
  const review = (values: TopUpForm) => {
    const lang = currentLanguage();
    const amount = parseMicros(values.amount) ?? 0;
    const waits = threshold !== undefined && needsSecondApprover(amount, threshold);
    const money = (micros: number) => formatCurrency(micros, { lang });
    return confirm.ask({
      title: t('fund.reviewTitle'),
      okText: t('fund.confirmTopUp', { amount: money(amount) }),
      impact: (
        <>
          <Descriptions size="small" column={1} data-testid="top-up-review">
            <Descriptions.Item label={t('fund.account')}>
              {account?.nickname ? `${account.nickname} (${account.username})` : account?.username}
            </Descriptions.Item>
            <Descriptions.Item label={t('fund.amount')}>{money(amount)}</Descriptions.Item>
            <Descriptions.Item label={t('fund.balanceBefore')}>
              {money(account?.balance ?? 0)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fund.balanceAfter')}>
              {money((account?.balance ?? 0) + (waits ? 0 : amount))}
            </Descriptions.Item>
          </Descriptions>
          {waits && (
            <div>{t('fund.reviewAwaitsApproval', { threshold: money(threshold ?? 0) })}</div>
          )}
        </>
      ),
    });
  };

  const submit = async (values: TopUpForm): Promise<boolean> => {
    if (!account) return true;
    if (!(await review(values))) return false;
    const posting = await sendTopUp(account.id, values);
    const amount = showMoney(
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
      {confirm.holder}
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
              : `${t('fund.amountHelp')} ${t('fund.thresholdHelp', { threshold: showMoney(threshold) })}`
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
