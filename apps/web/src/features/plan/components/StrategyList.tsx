/**
 * Step 2's list of a plan's strategies (docs/product/console.md#plan-creation-flow): name, bid (or the plan's), what the
 * targeting narrows to, styles, languages, creatives, the status switch (noted), edit and
 * delete; 'Add strategy' opens the editor. A plan needs at least one strategy to go on
 * ('Need to add configuration', docs/product/messages-and-codes.md#form-messages).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CreativeLanguage,
  OrientationKey,
  TargetingMode,
  deleteStrategy,
  switchStrategy,
  type PlanDetail,
  type Strategy,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useStyles } from '../../../lib/settings';
import { useConfirm } from '../../../components/confirm/useConfirm';
import { StatusSwitch } from '../../../components/list/RowControls';
import { useHistory, useStatusSwitch } from '../../../components/list/editing';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { noteOf } from '../../changes/notedWrite';
import { useInvalidatePlans } from '../api';
import { planMessageText, reportPlanError, reportedOnce } from '../messages';
import { valuesPreview } from '../targeting';
import { useFieldLabel, useStrategyValueText } from './fieldLabels';
import { showMoney } from '../../../lib/money';

const WRITERS = ['adController'] as const;

export function TargetingSummary({ strategy }: { strategy: Pick<Strategy, 'targeting'> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (strategy.targeting.length === 0) {
    return <Typography.Text type="secondary">{t('plan.targeting.everywhere')}</Typography.Text>;
  }
  return (
    <Space size={[4, 4]} wrap>
      {strategy.targeting.map((rule) => {
        const { shown, more } = valuesPreview(rule, lang);
        const exclude = rule.mode === TargetingMode.exclude;
        return (
          <Tooltip key={rule.key} title={TargetingMode.label(rule.mode, lang)}>
            <Tag color={exclude ? 'volcano' : 'blue'}>
              {OrientationKey.label(rule.key, lang)}
              {exclude ? ' ≠ ' : ': '}
              {shown.join(', ')}
              {more > 0 ? ` +${more}` : ''}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}

export function StrategyList({
  plan,
  onAdd,
  onEdit,
  onBack,
  onNext,
}: {
  plan: PlanDetail;
  onAdd(): void;
  onEdit(strategy: Strategy): void;
  onBack(): void;
  onNext(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const refresh = useInvalidatePlans();
  const history = useHistory();
  const styles = useStyles();
  const fieldLabel = useFieldLabel();
  const fieldValue = useStrategyValueText(plan.owner.id);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [needsOne, setNeedsOne] = useState(false);
  const styleName = useMemo(
    () => new Map((styles.data ?? []).map((style) => [style.id, style.name])),
    [styles.data],
  );
  const switcher = useStatusSwitch<Strategy>(
    'strategy',
    (body) => reportedOnce(call(switchStrategy, { body, silent: true })),
    refresh,
  );

  const confirm = useConfirm();

  const remove = async (strategy: Strategy) => {
    // The server keeps the removal in the plan's history with its note.
    const comment = await confirm.askNote({
      title: t('plan.strategy.deleteConfirm', { name: strategy.name }),
      okText: t('plan.strategy.delete'),
      danger: true,
    });
    if (comment === null) return;
    const note = noteOf(
      {
        targetType: 'strategy',
        method: 'delete',
        target: strategy.id,
        before: { name: strategy.name },
        after: {},
      },
      ['name'],
      comment,
    );
    setDeleting(strategy.id);
    try {
      await call(deleteStrategy, { body: { id: strategy.id, note }, silent: true });
      await refresh();
    } catch (error) {
      reportPlanError(error);
    } finally {
      setDeleting(null);
    }
  };

  const next = () => {
    if (plan.strategies.length === 0) {
      setNeedsOne(true);
      return;
    }
    onNext();
  };

  return (
    <>
      {switcher.holder}
      {confirm.holder}
      <Space className="plan-step-toolbar" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {t('plan.strategy.add')}
        </Button>
      </Space>
      {needsOne && plan.strategies.length === 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={planMessageText('ad.needConfiguration')}
          description={t('plan.strategy.needOne')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<Strategy>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={false}
        dataSource={plan.strategies}
        locale={{
          emptyText: (
            <Empty description={t('plan.strategy.empty')}>
              <Button type="primary" onClick={onAdd}>
                {t('plan.strategy.addFirst')}
              </Button>
            </Empty>
          ),
        }}
        columns={[
          { title: t('plan.strategy.name'), dataIndex: 'name', key: 'name' },
          {
            title: t('plan.strategy.bid'),
            dataIndex: 'bid',
            key: 'bid',
            align: 'right',
            render: (bid: number | null) => {
              if (bid && bid > 0) return showMoney(bid);
              if (plan.bid > 0) {
                return (
                  <Typography.Text type="secondary">
                    {t('plan.strategy.plansBid', { bid: showMoney(plan.bid) })}
                  </Typography.Text>
                );
              }
              return <Tag color="error">{planMessageText('ad.bidRequired')}</Tag>;
            },
          },
          {
            title: t('plan.strategy.targeting'),
            key: 'targeting',
            render: (_, row) => <TargetingSummary strategy={row} />,
          },
          {
            title: t('plan.strategy.styles'),
            dataIndex: 'style_ids',
            key: 'styles',
            render: (ids: number[]) =>
              ids.map((id) => <Tag key={id}>{styleName.get(id) ?? id}</Tag>),
          },
          {
            title: t('plan.strategy.languages'),
            dataIndex: 'languages',
            key: 'languages',
            render: (languages: string[]) =>
              languages.map((language) => (
                <Tag key={language}>{CreativeLanguage.label(language, lang)}</Tag>
              )),
          },
          {
            title: t('plan.strategy.creatives'),
            dataIndex: 'creative_ids',
            key: 'creatives',
            align: 'right',
            render: (ids: number[]) =>
              ids.length > 0 ? (
                ids.length
              ) : (
                <Tag color="warning">{planMessageText('ad.needCreative')}</Tag>
              ),
          },
          {
            title: t('list.status'),
            dataIndex: 'status',
            key: 'status',
            render: (status: number, row) => (
              <StatusSwitch
                status={status}
                writers={WRITERS}
                loading={switcher.pendingId === row.id}
                onChange={(value) => void switcher.toggle(row, value)}
              />
            ),
          },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => onEdit(row)}>
                  {t('list.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  loading={deleting === row.id}
                  onClick={() => void remove(row)}
                >
                  {t('plan.strategy.delete')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    history.show({ targetType: 'strategy', id: row.id, name: row.name })
                  }
                >
                  {t('list.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 24 }}>
        <Button onClick={onBack}>{t('plan.flow.backPlan')}</Button>
        <Button type="primary" onClick={next}>
          {t('plan.flow.nextCreatives')}
        </Button>
      </Space>
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
        fieldValue={fieldValue}
      />
    </>
  );
}
