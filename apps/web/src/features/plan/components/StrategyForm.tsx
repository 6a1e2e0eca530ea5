/**
 * The strategy editor of step 2 (docs/product/console.md#plan-creation-flow: edit a strategy, save, back to the strategy
 * list): name, bid (empty = the plan's), supported styles, creative languages and the
 * targeting. Each docs/product/messages-and-codes.md#form-messages message shows where it applies — styles, languages, bid, and on
 * the targeting rule concerned — from the shared schema before sending and from the server
 * after. Editing is a noted write (quiet while the plan's creation is unfinished).
 */
import { useMemo, useState } from 'react';
import { Button, Checkbox, Form, Input, Space, Tag, Typography, message } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  AdStyleType,
  Ability,
  CreativeLanguage,
  SimpleStatus,
  createStrategy,
  hasAbility,
  modifyStrategy,
  type EndpointBody,
  type FieldIssue,
  type PlanDetail,
  type Strategy,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useStyles } from '../../../lib/settings';
import { useLeaveGuard } from '../../../components/leave-guard';
import { useNotedWrite } from '../../changes/useNotedWrite';
import {
  isComplete,
  newStrategyForm,
  strategyBodyOf,
  strategyBodyOfStrategy,
  strategyFormOf,
  strategyRule,
  useInvalidatePlans,
  type StrategyFormValues,
} from '../api';
import { placeIssues, targetingIssuesByRule } from '../flow';
import { reportPlanError, reportedOnce } from '../messages';
import { ruleIssues } from '../targeting';
import { TargetingCheckContext, TargetingEditor } from './TargetingEditor';
import styles from './StrategyForm.module.css';
import { MoneyInput } from '../../../components/form/MoneyInput';
import { showMoney } from '../../../lib/money';

const FIELDS = ['name', 'bid', 'style_ids', 'languages'] as const;

export function StrategyForm({
  plan,
  strategy,
  onBack,
}: {
  plan: PlanDetail;
  /** The strategy being edited; null for a new one. */
  strategy: Strategy | null;
  /** Back to the strategy list (after a save, or without one). */
  onBack(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user } = useSession();
  const advanced = hasAbility(user?.ability ?? 0, Ability.adManageAdvanced);
  const [form] = Form.useForm<StrategyFormValues>();
  const [messages, messageHolder] = message.useMessage();
  const noted = useNotedWrite();
  const refresh = useInvalidatePlans();
  const styleList = useStyles();
  const [initial] = useState(() => (strategy ? strategyFormOf(strategy) : newStrategyForm()));
  const leave = useLeaveGuard(form);
  const [tried, setTried] = useState(false);
  const [serverRuleIssues, setServerRuleIssues] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const checks = useMemo(
    () => ({ showIssues: tried, serverIssues: serverRuleIssues }),
    [tried, serverRuleIssues],
  );

  const styleOptions = (styleList.data ?? [])
    .filter((style) => style.status === SimpleStatus.active || initial.style_ids.includes(style.id))
    .map((style) => ({
      value: style.id,
      label: (
        <span>
          {style.name}{' '}
          <Typography.Text type="secondary">
            ({AdStyleType.label(style.type, lang)})
          </Typography.Text>
          {style.status !== SimpleStatus.active && (
            <Tag className={styles.off}>{SimpleStatus.label(style.status, lang)}</Tag>
          )}
        </span>
      ),
    }));

  const refused = (error: unknown) => {
    reportPlanError(error, (issues: FieldIssue[]) => {
      setServerRuleIssues(targetingIssuesByRule(issues));
      const rest = placeIssues(form, issues, FIELDS);
      return rest.filter((issue) => !issue.path.startsWith('targeting'));
    });
  };

  const submit = async () => {
    setTried(true);
    setServerRuleIssues({});
    let values: StrategyFormValues;
    try {
      values = { ...(await form.validateFields()), ...form.getFieldsValue(true) };
    } catch {
      return;
    }
    if (ruleIssues(values.targeting ?? []).some(Boolean)) return;
    const body = strategyBodyOf(values);
    setSaving(true);
    try {
      if (!strategy) {
        await call(createStrategy, {
          body: { ...body, plan_id: plan.id, creative_ids: [] },
          silent: true,
        });
      } else {
        const result = await noted.write({
          targetType: 'strategy',
          method: 'modify',
          target: strategy.id,
          before: strategyBodyOfStrategy(strategy),
          after: body,
          quiet: !isComplete(plan),
          send: (changed) =>
            reportedOnce(
              call(modifyStrategy, {
                body: changed as EndpointBody<typeof modifyStrategy>,
                silent: true,
              }),
              refused,
            ),
        });
        if (result.status !== 'done') return;
      }
      leave.markSaved();
      await refresh();
      void messages.success(t('plan.strategy.saved'));
      onBack();
    } catch (error) {
      refused(error);
    } finally {
      setSaving(false);
    }
  };

  const planBid =
    plan.bid > 0
      ? t('plan.strategy.bidHelp', { bid: showMoney(plan.bid) })
      : t('plan.strategy.bidHelpNoPlanBid');

  return (
    <>
      {messageHolder}
      {noted.holder}
      {leave.holder}
      <Space className={styles.head}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          {t('plan.strategy.backToList')}
        </Button>
        <Typography.Title level={4} className={styles.title}>
          {strategy
            ? t('plan.strategy.editTitle', { name: strategy.name })
            : t('plan.strategy.addTitle')}
        </Typography.Title>
      </Space>
      <TargetingCheckContext value={checks}>
        <Form<StrategyFormValues>
          form={form}
          name="strategy"
          layout="vertical"
          initialValues={initial}
          scrollToFirstError
          className={styles.form}
          onFinish={() => void submit()}
          // The targeting rules report their own problems once a save was tried.
          onFinishFailed={() => setTried(true)}
        >
          <Form.Item
            label={t('plan.strategy.name')}
            name="name"
            rules={[strategyRule('name', plan.bid)]}
          >
            <Input maxLength={64} className={styles.wide} />
          </Form.Item>
          <Form.Item
            label={t('plan.strategy.bid')}
            name="bid"
            extra={planBid}
            rules={[strategyRule('bid', plan.bid)]}
          >
            <MoneyInput className={styles.money} />
          </Form.Item>
          <Form.Item
            label={t('plan.strategy.styles')}
            name="style_ids"
            extra={t('plan.strategy.stylesHelp')}
            rules={[strategyRule('style_ids', plan.bid)]}
          >
            <Checkbox.Group options={styleOptions} className={styles.checks} />
          </Form.Item>
          <Form.Item
            label={t('plan.strategy.languages')}
            name="languages"
            rules={[strategyRule('languages', plan.bid)]}
          >
            <Checkbox.Group options={CreativeLanguage.options(lang)} />
          </Form.Item>
          <Form.Item
            label={t('plan.strategy.targeting')}
            name="targeting"
            extra={t('plan.strategy.targetingHelp')}
          >
            <TargetingEditor advanced={advanced} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('plan.strategy.save')}
            </Button>
            <Button onClick={onBack}>{t('plan.strategy.cancel')}</Button>
          </Space>
        </Form>
      </TargetingCheckContext>
    </>
  );
}
