/**
 * The traffic split of one slot: pick a slot, see its active strategies in the order they
 * are tried (priority, then age), each as a stacked bar and a table of shares with what
 * stays with our own DSP. A slot without active strategies sends everything to our own DSP.
 */
import { Alert, Button, Card, Drawer, Empty, Select, Skeleton, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SimpleStatus, type SlotSplit } from '@adloom/domain';
import { ApiError, errorText } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useSlotSplit } from '../api';
import { percentText } from '../form';
import { AllocationBar, shareColor } from './AllocationBar';
import { slotLabel } from './StrategyDialog';
import { TriggerSummary } from './TriggerSummary';

type SplitStrategy = SlotSplit['strategies'][number];

interface ShareRow {
  key: string;
  name: string;
  permille: number;
  color?: string;
  own?: boolean;
  paused?: boolean;
}

function StrategySplit({ strategy, order }: { strategy: SplitStrategy; order: number }) {
  const { t } = useTranslation();
  const rows: ShareRow[] = [
    ...strategy.shares.map((share, index) => ({
      key: String(share.dsp_id),
      name: share.dsp_name || `#${share.dsp_id}`,
      permille: share.permille,
      color: shareColor(index),
      paused: share.dsp_status !== SimpleStatus.active,
    })),
    { key: 'own', name: t('sspStrategy.split.own'), permille: strategy.own_permille, own: true },
  ];
  return (
    <Card
      size="small"
      title={t('sspStrategy.split.strategyTitle', { order, name: strategy.name })}
      extra={<Tag>{t('sspStrategy.split.priority', { priority: strategy.priority })}</Tag>}
      data-testid={`split-${strategy.id}`}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <TriggerSummary rules={strategy.triggers} />
        <AllocationBar shares={strategy.shares} own={strategy.own_permille} large />
        <Table<ShareRow>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={rows}
          columns={[
            {
              title: t('sspStrategy.split.partner'),
              dataIndex: 'name',
              render: (name: string, row) => (
                <Space size={6}>
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      background: row.own ? '#bfbfbf' : row.color,
                    }}
                  />
                  {name}
                  {row.paused && <Tag color="orange">{t('sspStrategy.split.paused')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('sspStrategy.split.permille'),
              dataIndex: 'permille',
              align: 'right',
              render: (permille: number) => `${permille}‰`,
            },
            {
              title: t('sspStrategy.split.share'),
              dataIndex: 'permille',
              key: 'percent',
              align: 'right',
              render: (permille: number) => percentText(permille),
            },
          ]}
        />
      </Space>
    </Card>
  );
}

export function SlotSplitView({ slotId }: { slotId: number | undefined }) {
  const { t } = useTranslation();
  const split = useSlotSplit(slotId);
  if (slotId === undefined) {
    return <Empty description={t('sspStrategy.split.pickSlot')} />;
  }
  if (split.isPending) return <Skeleton active />;
  if (split.isError) {
    const text =
      split.error instanceof ApiError
        ? errorText(split.error, currentLanguage())
        : String(split.error);
    return (
      <Alert
        type="error"
        showIcon
        title={t('sspStrategy.split.loadFailed')}
        description={text}
        action={
          <Button size="small" onClick={() => void split.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (split.data.strategies.length === 0) {
    return <Empty description={t('sspStrategy.split.noStrategies')} />;
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Alert type="info" showIcon title={t('sspStrategy.split.orderHelp')} />
      {split.data.strategies.map((strategy, index) => (
        <StrategySplit key={strategy.id} strategy={strategy} order={index + 1} />
      ))}
    </Space>
  );
}

export function SlotSplitDrawer({
  open,
  slotId,
  onSlot,
  slots,
  loading,
  onClose,
}: {
  open: boolean;
  slotId: number | undefined;
  onSlot(slotId: number | undefined): void;
  slots: readonly { id: number; name: string; media_name: string }[];
  loading: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('sspStrategy.split.title')} open={open} onClose={onClose} size={640}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Select<number>
          aria-label={t('sspStrategy.split.slot')}
          placeholder={t('sspStrategy.split.pickSlot')}
          value={slotId}
          onChange={(value) => onSlot(value ?? undefined)}
          options={slots.map((slot) => ({ value: slot.id, label: slotLabel(slot) }))}
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          allowClear
          style={{ width: '100%' }}
        />
        {open && <SlotSplitView slotId={slotId} />}
      </Space>
    </Drawer>
  );
}
