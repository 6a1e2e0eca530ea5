/**
 * /ad/plan/{id} (hidden; `new` for a new plan): the creation flow of docs/product/console.md#plan-creation-flow — create plan,
 * add strategies, configure creatives per strategy, complete plan creation — as steps a
 * person can leave and resume. The page opens at the plan's creation step (or `?step=`);
 * once the plan exists every step is reachable. Step 2 holds the strategy list and, with
 * `?strategy=<id|new>`, the strategy editor (edit, save, back to the list). A completed
 * plan is edited on the same page.
 */
import { useEffect } from 'react';
import { Alert, Button, Card, Result, Skeleton, Space, Steps, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlanStep, ResponseCode, getPlan, type PlanDetail } from '@adloom/domain';
import { ApiError, errorText } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { useHistory } from '../../../components/list/editing';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { FLOW_STEPS, isComplete, resumeStep } from '../api';
import { CompleteStep, type FixTarget } from '../components/CompleteStep';
import { CreativesStep } from '../components/CreativesStep';
import { STEP_PARAM, STRATEGY_PARAM, planStepPath } from '../paths';
import { PlanForm } from '../components/PlanForm';
import { PlanStatusTag } from '../components/PlanStatusTag';
import { StrategyForm } from '../components/StrategyForm';
import { StrategyList } from '../components/StrategyList';
import { useFieldLabel } from '../components/fieldLabels';

/**
 * A step's tick follows what the plan holds, not only how far the flow went: the plan exists,
 * it has a strategy, every strategy has creatives, it is complete. (The server keeps
 * creation_step at 3 until completion, so "step < creation_step" never ticked step 3.)
 */
function stepStatus(step: number, current: number, plan: PlanDetail | undefined) {
  if (step === current) return 'process' as const;
  if (!plan) return 'wait' as const;
  if (isComplete(plan)) return 'finish' as const;
  const strategies = plan.strategies;
  const done: Record<number, boolean> = {
    [PlanStep.plan]: true,
    [PlanStep.strategies]: strategies.length > 0,
    [PlanStep.creatives]:
      strategies.length > 0 && strategies.every((strategy) => strategy.creative_ids.length > 0),
  };
  return done[step] ? ('finish' as const) : ('wait' as const);
}

function FlowContent({ plan, step }: { plan: PlanDetail; step: number }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const go = (next: number, strategy?: number | 'new') =>
    navigate(planStepPath(plan.id, next, strategy));

  // Step 3 opened for one strategy (a fix link): bring its card into view.
  useEffect(() => {
    if (step !== PlanStep.creatives || !location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [step, location.hash]);

  const fix = ({ step: target, strategy }: FixTarget) =>
    go(target, target === PlanStep.plan ? undefined : strategy?.id);

  switch (step) {
    case PlanStep.strategies: {
      const wanted = params.get(STRATEGY_PARAM);
      if (wanted !== null) {
        const strategy =
          wanted === 'new'
            ? null
            : (plan.strategies.find((item) => String(item.id) === wanted) ?? undefined);
        if (strategy !== undefined) {
          return (
            <StrategyForm
              key={wanted}
              plan={plan}
              strategy={strategy}
              onBack={() => go(PlanStep.strategies)}
            />
          );
        }
      }
      return (
        <StrategyList
          plan={plan}
          onAdd={() => go(PlanStep.strategies, 'new')}
          onEdit={(strategy) => go(PlanStep.strategies, strategy.id)}
          onBack={() => go(PlanStep.plan)}
          onNext={() => go(PlanStep.creatives)}
        />
      );
    }
    case PlanStep.creatives:
      return (
        <CreativesStep
          plan={plan}
          onBack={() => go(PlanStep.strategies)}
          onNext={() => go(PlanStep.complete)}
          onAddStrategy={() => go(PlanStep.strategies, 'new')}
        />
      );
    case PlanStep.complete:
      return <CompleteStep plan={plan} onFix={fix} onBack={() => go(PlanStep.creatives)} />;
    default:
      return (
        <PlanForm
          key={plan.id}
          plan={plan}
          onCreated={() => undefined}
          onNext={() => go(PlanStep.strategies)}
        />
      );
  }
}

export function PlanEditPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const history = useHistory();
  const fieldLabel = useFieldLabel();
  const isNew = id === 'new';
  const planId = Number(id);
  const valid = isNew || (/^\d+$/.test(id) && planId > 0);
  const query = useQuery({
    ...endpointQuery(getPlan, { id: planId }, { silent: true }),
    enabled: valid && !isNew,
  });
  if (!valid) return <Navigate to="/404" replace />;
  const plan = query.data;

  const requested = Number(params.get(STEP_PARAM));
  const step = isNew
    ? PlanStep.plan
    : plan
      ? (FLOW_STEPS as readonly number[]).includes(requested)
        ? requested
        : resumeStep(plan)
      : PlanStep.plan;

  const header = (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
      <Space wrap align="center">
        <Link to="/ad/plan" aria-label={t('plan.edit.backToList')}>
          <ArrowLeftOutlined aria-hidden /> {t('plan.edit.backToList')}
        </Link>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {isNew ? t('plan.edit.newTitle') : (plan?.name ?? t('menu.planEdit'))}
        </Typography.Title>
        {plan && <PlanStatusTag plan={plan} />}
      </Space>
      {plan && (
        <Button onClick={() => history.show({ targetType: 'plan', id: plan.id, name: plan.name })}>
          {t('list.history')}
        </Button>
      )}
    </Space>
  );

  let content;
  if (isNew) {
    content = (
      <PlanForm
        plan={null}
        onCreated={(created) =>
          navigate(planStepPath(created.id, PlanStep.strategies), { replace: true })
        }
        onNext={() => undefined}
      />
    );
  } else if (query.error) {
    const error = query.error;
    content =
      error instanceof ApiError && error.code === ResponseCode.notFound ? (
        <Result
          status="404"
          title={t('plan.edit.notFound')}
          extra={<Link to="/ad/plan">{t('plan.edit.backToList')}</Link>}
        />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('plan.edit.loadFailed')}
          description={error instanceof ApiError ? errorText(error, lang) : String(error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      );
  } else if (!plan) {
    content = <Skeleton active />;
  } else {
    content = <FlowContent plan={plan} step={step} />;
  }

  return (
    <Card>
      {header}
      <Steps
        current={step - 1}
        onChange={(index) => plan && navigate(planStepPath(plan.id, index + 1))}
        style={{ marginBottom: 24 }}
        items={PlanStep.options(lang).map((option) => ({
          title: option.label,
          status: stepStatus(option.value, step, plan),
          disabled: !plan,
        }))}
      />
      {content}
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
      />
    </Card>
  );
}
