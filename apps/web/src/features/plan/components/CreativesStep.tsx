/**
 * Step 3 of the creation flow (docs/product/console.md#plan-creation-flow): configure the creatives of every strategy. The
 * plan owner's creatives are read once; each strategy chooses among those that fit it and
 * saves its choice (modifyStrategy creative_ids; noted once the plan is complete). Going on
 * saves what is still unsaved.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listCreatives, modifyStrategy, type PlanDetail, type Strategy } from '@adloom/domain';
import { call, ApiError, errorText } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { isComplete, useInvalidatePlans } from '../api';
import { reportedOnce } from '../messages';
import { strategyAnchor } from '../paths';
import { CreativeSelector } from './CreativeSelector';
import { TargetingSummary } from './StrategyList';

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export function CreativesStep({
  plan,
  onBack,
  onNext,
  onAddStrategy,
}: {
  plan: PlanDetail;
  onBack(): void;
  onNext(): void;
  onAddStrategy(): void;
}) {
  const { t } = useTranslation();
  const refresh = useInvalidatePlans();
  const noted = useNotedWrite();
  const creatives = useQuery(
    endpointQuery(
      listCreatives,
      { owner_id: plan.owner.id, size: 500, sort: 'updated_at', order: 'desc' },
      { silent: true },
    ),
  );
  const [choices, setChoices] = useState<Record<number, number[]>>({});
  const [saving, setSaving] = useState<number | 'all' | null>(null);

  const selectedOf = (strategy: Strategy) => choices[strategy.id] ?? strategy.creative_ids;
  const isDirty = (strategy: Strategy) =>
    JSON.stringify(sortedIds(selectedOf(strategy))) !==
    JSON.stringify(sortedIds(strategy.creative_ids));

  /** Saves one strategy's choice; true when it is saved (or there was nothing to save). */
  const save = async (strategy: Strategy): Promise<boolean> => {
    if (!isDirty(strategy)) return true;
    const result = await noted.write({
      targetType: 'strategy',
      method: 'modify',
      target: strategy.id,
      before: { creative_ids: sortedIds(strategy.creative_ids) },
      after: { creative_ids: sortedIds(selectedOf(strategy)) },
      quiet: !isComplete(plan),
      send: (body) =>
        reportedOnce(call(modifyStrategy, { body: { ...body, id: strategy.id }, silent: true })),
    });
    if (result.status !== 'done') return false;
    await refresh();
    setChoices((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => Number(id) !== strategy.id)),
    );
    return true;
  };

  const saveOne = async (strategy: Strategy) => {
    setSaving(strategy.id);
    try {
      await save(strategy);
    } finally {
      setSaving(null);
    }
  };

  const next = async () => {
    setSaving('all');
    try {
      for (const strategy of plan.strategies) {
        if (!(await save(strategy))) return;
      }
      onNext();
    } finally {
      setSaving(null);
    }
  };

  const loadError = creatives.error;

  return (
    <>
      {noted.holder}
      <Typography.Paragraph type="secondary">{t('plan.creatives.intro')}</Typography.Paragraph>
      {loadError && (
        <Alert
          type="error"
          showIcon
          title={t('plan.creatives.loadFailed')}
          description={
            loadError instanceof ApiError
              ? errorText(loadError, currentLanguage())
              : String(loadError)
          }
          action={
            <Button size="small" onClick={() => void creatives.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {plan.strategies.length === 0 && (
        <Empty description={t('plan.creatives.noStrategies')}>
          <Button type="primary" onClick={onAddStrategy}>
            {t('plan.strategy.add')}
          </Button>
        </Empty>
      )}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {plan.strategies.map((strategy) => (
          <Card
            key={strategy.id}
            id={strategyAnchor(strategy.id)}
            size="small"
            title={t('plan.creatives.strategyTitle', { name: strategy.name })}
            extra={<TargetingSummary strategy={strategy} />}
          >
            <CreativeSelector
              strategy={strategy}
              creatives={creatives.data?.list ?? []}
              loading={creatives.isPending}
              selected={selectedOf(strategy)}
              onSelect={(ids) => setChoices((current) => ({ ...current, [strategy.id]: ids }))}
              dirty={isDirty(strategy)}
              saving={saving === strategy.id}
              onSave={() => void saveOne(strategy)}
              showMissing
            />
          </Card>
        ))}
      </Space>
      <Space style={{ marginTop: 24 }}>
        <Button onClick={onBack}>{t('plan.flow.backStrategies')}</Button>
        <Button type="primary" loading={saving === 'all'} onClick={() => void next()}>
          {t('plan.flow.nextComplete')}
        </Button>
      </Space>
    </>
  );
}
