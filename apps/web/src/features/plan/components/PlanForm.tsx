/**
 * Step 1 of the creation flow (docs/product/console.md#plan-creation-flow, docs/product/advertising.md#plans): name, daily budget and default bid in
 * currency units, billing, start and end in UTC, the hours of the week, and the per-user
 * caps. Checked field by field with the shared schema; the server's field issues land on
 * their fields. Creating goes on to the strategies; editing is a noted write ('None Update'
 * when nothing changed; quiet while the plan's creation is unfinished).
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  message,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Billing,
  DatePreset,
  IabCategory,
  PLAN_SCHEDULE_PRESETS,
  createPlan,
  type DatePresetValue,
  modifyPlan,
  type EndpointBody,
  type Plan,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useLeaveGuard } from '../../../components/leave-guard';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { changesOf } from '../../changes/notedWrite';
import {
  isComplete,
  newPlanForm,
  planBodyOf,
  planBodyOfPlan,
  planFormOf,
  planRule,
  useInvalidatePlans,
  type PlanFormValues,
} from '../api';
import { placeIssues } from '../flow';
import { reportPlanError, reportedOnce } from '../messages';
import { presetPeriod } from '../period';
import { ScheduleGrid } from './ScheduleGrid';
import styles from './PlanForm.module.css';
import { MoneyInput } from '../../../components/form/MoneyInput';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

const FIELDS: readonly (keyof PlanFormValues)[] = [
  'name',
  'budget',
  'bid',
  'billing',
  'schedule',
  'start_at',
  'end_at',
  'times_per_user',
  'frequency_per_user',
  'interval_seconds',
  'cache_seconds',
  'iab_category',
];

export function PlanForm({
  plan,
  onCreated,
  onNext,
}: {
  /** The plan being edited; null for a new one. */
  plan: Plan | null;
  onCreated(plan: Plan): void;
  /** Go on to the strategies (after saving what changed). */
  onNext(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<PlanFormValues>();
  const [messages, messageHolder] = message.useMessage();
  const noted = useNotedWrite();
  const refresh = useInvalidatePlans();
  const [saving, setSaving] = useState<'save' | 'next' | null>(null);
  const billing = Form.useWatch('billing', form);
  const [initial] = useState(() => (plan ? planFormOf(plan) : newPlanForm()));
  const leave = useLeaveGuard(form);

  const refused = (error: unknown) =>
    reportPlanError(error, (issues) => placeIssues(form, issues, FIELDS));

  const submit = async (next: boolean) => {
    let values: PlanFormValues;
    try {
      values = { ...(await form.validateFields()), ...form.getFieldsValue(true) };
    } catch {
      return;
    }
    const body = planBodyOf(values);
    setSaving(next ? 'next' : 'save');
    try {
      if (!plan) {
        const created = await call(createPlan, { body, silent: true });
        leave.markSaved();
        await refresh();
        void messages.success(t('plan.form.created', { name: created.name }));
        onCreated(created);
        return;
      }
      const before = planBodyOfPlan(plan);
      if (next && changesOf({ before, after: body }).length === 0) {
        // Nothing differs from the stored plan (a change undone): nothing to lose either.
        leave.markSaved();
        onNext();
        return;
      }
      const result = await noted.write({
        targetType: 'plan',
        method: 'modify',
        target: plan.id,
        before,
        after: body,
        quiet: !isComplete(plan),
        send: (changed) =>
          reportedOnce(
            call(modifyPlan, { body: changed as EndpointBody<typeof modifyPlan>, silent: true }),
            refused,
          ),
      });
      if (result.status === 'done') {
        leave.markSaved();
        await refresh();
        void messages.success(t('plan.form.saved'));
        if (next) onNext();
      }
    } catch (error) {
      refused(error);
    } finally {
      setSaving(null);
    }
  };

  const bidHelp =
    billing === Billing.cpc
      ? t('plan.form.bidHelpCpc')
      : billing === Billing.cpt
        ? t('plan.form.bidHelpCpt')
        : t('plan.form.bidHelpCpm');

  return (
    <>
      {messageHolder}
      {noted.holder}
      {leave.holder}
      <Form<PlanFormValues>
        form={form}
        name="plan"
        layout="vertical"
        initialValues={initial}
        scrollToFirstError
        className={styles.form}
        onFinish={() => void submit(false)}
      >
        <Alert type="info" showIcon title={t('plan.form.utcNotice')} className={styles.notice} />
        <Divider titlePlacement="start">{t('plan.form.basics')}</Divider>
        <Form.Item label={t('plan.form.name')} name="name" rules={[planRule('name')]}>
          <Input maxLength={64} className={styles.wide} />
        </Form.Item>
        <Form.Item label={t('plan.form.billing')} name="billing" rules={[planRule('billing')]}>
          <Radio.Group optionType="button" options={Billing.options(lang)} />
        </Form.Item>
        <Form.Item
          label={t('plan.form.iabCategory')}
          name="iab_category"
          extra={t('plan.form.iabCategoryHelp')}
          rules={[planRule('iab_category')]}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('plan.form.iabCategoryNone')}
            options={IabCategory.options(lang).map((option) => ({
              value: option.value,
              label: `${option.label} (${option.value})`,
            }))}
            className={styles.wide}
          />
        </Form.Item>
        <Space wrap size={24} align="start">
          <Form.Item
            label={t('plan.form.budget')}
            name="budget"
            extra={t('plan.form.budgetHelp')}
            rules={[planRule('budget')]}
          >
            <MoneyInput className={styles.money} />
          </Form.Item>
          <Form.Item
            label={t('plan.form.bid')}
            name="bid"
            extra={`${bidHelp} ${t('plan.form.bidEmptyHelp')}`}
            rules={[planRule('bid')]}
          >
            <MoneyInput className={styles.money} />
          </Form.Item>
        </Space>

        <Divider titlePlacement="start">{t('plan.form.time')}</Divider>
        <Space wrap size={24} align="start">
          <Form.Item
            label={t('plan.form.startAt')}
            name="start_at"
            extra={t('plan.form.utc')}
            rules={[planRule('start_at')]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} />
          </Form.Item>
          <Form.Item
            label={t('plan.form.endAt')}
            name="end_at"
            dependencies={['start_at']}
            extra={t('plan.form.endHelp')}
            rules={[planRule('end_at')]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} allowClear />
          </Form.Item>
          <Form.Item label={t('plan.form.quickPeriod')} extra={t('plan.form.quickPeriodHelp')}>
            <Select<DatePresetValue>
              aria-label={t('plan.form.quickPeriod')}
              style={{ width: 200 }}
              value={null}
              options={PLAN_SCHEDULE_PRESETS.map((preset) => ({
                value: preset,
                label: DatePreset.label(preset, lang),
              }))}
              onChange={(preset) => {
                form.setFieldsValue(presetPeriod(preset));
                void form.validateFields(['start_at', 'end_at']);
              }}
            />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('plan.form.schedule')}
          name="schedule"
          extra={t('plan.form.scheduleHelp')}
          rules={[planRule('schedule')]}
        >
          <ScheduleGrid />
        </Form.Item>

        <Divider titlePlacement="start">{t('plan.form.frequency')}</Divider>
        <Space wrap size={24} align="start">
          <Form.Item
            label={t('plan.form.timesPerUser')}
            name="times_per_user"
            extra={t('plan.form.timesPerUserHelp')}
            rules={[planRule('times_per_user')]}
          >
            <InputNumber min={0} precision={0} className={styles.count} />
          </Form.Item>
          <Form.Item
            label={t('plan.form.frequencyPerUser')}
            name="frequency_per_user"
            extra={t('plan.form.frequencyHelp')}
            rules={[planRule('frequency_per_user')]}
          >
            <InputNumber min={0} precision={0} className={styles.count} />
          </Form.Item>
          <Form.Item
            label={t('plan.form.interval')}
            name="interval_seconds"
            dependencies={['frequency_per_user']}
            extra={t('plan.form.intervalHelp')}
            rules={[planRule('interval_seconds')]}
          >
            <InputNumber min={0} precision={0} className={styles.count} />
          </Form.Item>
          <Form.Item
            label={t('plan.form.cache')}
            name="cache_seconds"
            extra={t('plan.form.cacheHelp')}
            rules={[planRule('cache_seconds')]}
          >
            <InputNumber min={0} precision={0} className={styles.count} />
          </Form.Item>
        </Space>

        <Space className={styles.actions}>
          {plan ? (
            <>
              <Button htmlType="submit" loading={saving === 'save'}>
                {t('plan.form.save')}
              </Button>
              <Button type="primary" loading={saving === 'next'} onClick={() => void submit(true)}>
                {t('plan.flow.nextStrategies')}
              </Button>
            </>
          ) : (
            <Button type="primary" htmlType="submit" loading={saving !== null}>
              {t('plan.form.create')}
            </Button>
          )}
        </Space>
      </Form>
    </>
  );
}
