/**
 * Step 4 (docs/product/console.md#plan-creation-flow, complete plan creation): the plan and its strategies at a glance, what
 * still needs doing, and 'Complete plan creation'. The console checks the rules first; the
 * server checks them again and answers 'Follow the prompts before performing this
 * operation' with each problem on its path — shown at the top, and beside the strategy it
 * concerns, each with a link to where it is fixed. A completed plan offers Start / Stop.
 */
import { useState } from 'react';
import { Alert, Button, Card, Result, Space, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CreativeLanguage,
  PlanStatus,
  completePlan,
  formatDateTime,
  getPlan,
  type PlanDetail,
  type Strategy,
} from '@adloom/domain';
import { ApiError, call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointKey } from '../../../lib/query';
import { useStyles } from '../../../lib/settings';
import { effectiveBid, isComplete, useInvalidatePlans } from '../api';
import { completionIssues, problemsOf, type Problem } from '../flow';
import { switchTargetsOf, usePlanSwitch } from '../hooks/usePlanSwitch';
import { followPromptsText, planMessageText, reportPlanError } from '../messages';
import { PlanSummary } from './PlanSummary';
import { showMoney } from '../../../lib/money';

export interface FixTarget {
  step: number;
  strategy?: Strategy;
}

function ProblemLink({ problem, onFix }: { problem: Problem; onFix(target: FixTarget): void }) {
  const { t } = useTranslation();
  const where = problem.strategy
    ? t(problem.step === 3 ? 'plan.complete.fixCreatives' : 'plan.complete.fixStrategy', {
        name: problem.strategy.name,
      })
    : problem.step === 1
      ? t('plan.complete.fixPlan')
      : t('plan.complete.fixAddStrategy');
  return (
    <Button
      type="link"
      size="small"
      onClick={() => onFix({ step: problem.step, strategy: problem.strategy })}
    >
      {where}
    </Button>
  );
}

export function CompleteStep({
  plan,
  onFix,
  onBack,
}: {
  plan: PlanDetail;
  onFix(target: FixTarget): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const queryClient = useQueryClient();
  const refresh = useInvalidatePlans();
  const styles = useStyles();
  const switcher = usePlanSwitch(refresh);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problem[] | null>(null);
  const [completing, setCompleting] = useState(false);
  const complete = isComplete(plan);

  const localProblems = problemsOf(completionIssues(plan), plan.strategies);
  const problems = serverProblems ?? localProblems;
  const styleName = new Map((styles.data ?? []).map((style) => [style.id, style.name]));

  const run = async () => {
    setTried(true);
    setServerProblems(null);
    if (localProblems.length > 0) return;
    setCompleting(true);
    try {
      const detail = await call(completePlan, { body: { id: plan.id }, silent: true });
      queryClient.setQueryData(endpointKey(getPlan, { id: plan.id }), detail);
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        setServerProblems(problemsOf(error.fields, plan.strategies));
      } else {
        reportPlanError(error);
      }
    } finally {
      setCompleting(false);
    }
  };

  const problemsOfStrategy = (strategy: Strategy) =>
    problems.filter((problem) => problem.strategy?.id === strategy.id);

  return (
    <>
      {switcher.holder}
      {complete ? (
        <Result
          status="success"
          title={t('plan.complete.doneTitle')}
          subTitle={t('plan.complete.doneSubtitle', {
            time: plan.published_at ? formatDateTime(plan.published_at) : '-',
          })}
          extra={[
            ...switchTargetsOf(plan).map((target) => (
              <Button
                key={target}
                type={target === PlanStatus.live ? 'primary' : 'default'}
                danger={target !== PlanStatus.live}
                loading={switcher.pendingId === plan.id}
                onClick={() => void switcher.toggle(plan, target)}
              >
                {target !== PlanStatus.live
                  ? t('plan.list.stop')
                  : plan.status === PlanStatus.unlive
                    ? t('plan.list.start')
                    : t('plan.list.startAgain')}
              </Button>
            )),
            <Link key="list" to="/ad/plan">
              {t('plan.complete.toList')}
            </Link>,
          ]}
        />
      ) : (
        problems.length > 0 && (
          <Alert
            type={tried ? 'error' : 'warning'}
            showIcon
            role="alert"
            data-testid="completion-problems"
            title={tried ? followPromptsText() : t('plan.complete.checklist')}
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problems.map((problem, index) => (
                  <li key={index}>
                    {problem.strategy ? <strong>{problem.strategy.name}: </strong> : null}
                    {planMessageText(problem)} <ProblemLink problem={problem} onFix={onFix} />
                  </li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
        )
      )}
      <Card size="small" title={t('plan.complete.planTitle')} style={{ marginBottom: 16 }}>
        <PlanSummary plan={plan} />
      </Card>
      <Card
        size="small"
        title={t('plan.complete.strategiesTitle', { count: plan.strategies.length })}
      >
        <Table<Strategy>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={plan.strategies}
          locale={{ emptyText: planMessageText('ad.needConfiguration') }}
          columns={[
            { title: t('plan.strategy.name'), dataIndex: 'name', key: 'name' },
            {
              title: t('plan.strategy.bid'),
              key: 'bid',
              align: 'right',
              render: (_, row) => {
                const bid = effectiveBid(row.bid, plan.bid);
                return bid > 0 ? showMoney(bid) : '-';
              },
            },
            {
              title: t('plan.strategy.styles'),
              dataIndex: 'style_ids',
              key: 'styles',
              render: (ids: number[]) => ids.map((id) => styleName.get(id) ?? id).join(', '),
            },
            {
              title: t('plan.strategy.languages'),
              dataIndex: 'languages',
              key: 'languages',
              render: (languages: string[]) =>
                languages.map((language) => CreativeLanguage.label(language, lang)).join(', '),
            },
            {
              title: t('plan.strategy.creatives'),
              dataIndex: 'creative_ids',
              key: 'creatives',
              align: 'right',
              render: (ids: number[]) => ids.length,
            },
            {
              title: t('plan.complete.problems'),
              key: 'problems',
              render: (_, row) => {
                const own = problemsOfStrategy(row);
                if (own.length === 0) return <Tag color="success">{t('plan.complete.ready')}</Tag>;
                return (
                  <Space orientation="vertical" size={0}>
                    {own.map((problem, index) => (
                      <span key={index}>
                        <Typography.Text type="danger">{planMessageText(problem)}</Typography.Text>{' '}
                        <ProblemLink problem={problem} onFix={onFix} />
                      </span>
                    ))}
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <Space style={{ marginTop: 24 }}>
        <Button onClick={onBack}>{t('plan.flow.backCreatives')}</Button>
        {!complete && (
          <Button type="primary" loading={completing} onClick={() => void run()}>
            {t('plan.complete.button')}
          </Button>
        )}
      </Space>
    </>
  );
}
