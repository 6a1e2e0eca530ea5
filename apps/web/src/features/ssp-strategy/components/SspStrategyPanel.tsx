/**
 * The SSP strategy configuration of the DSP screen (/ssp/dsp, roles system and ssp): the
 * strategies of every slot — searchable, filtered by slot, demand partner and status,
 * sorted and paged — with their triggers and allocations as "DSP A 600‰, own 400‰" and a
 * stacked bar; add and edit (noted), switch, history, and each slot's traffic split.
 * Without slots there is nothing to configure: the empty state says where to start.
 */
import { useState } from 'react';
import { Alert, Button, Select, Space, Typography } from 'antd';
import { PieChartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  getSlotSplit,
  listSspStrategies,
  switchSspStrategy,
  type Role,
  type SspStrategy,
} from '@adloom/domain';
import { statusColumn, updatedColumn } from '../../../components/list/columns';
import {
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import { call } from '../../../lib/api';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useAllDsps, useAllSlots, useSspStrategies } from '../api';
import { AllocationBar, useSplitSummary } from './AllocationBar';
import { useStrategyFieldLabel } from './fieldLabels';
import { SlotSplitDrawer } from './SlotSplitDrawer';
import { StrategyDialog, slotLabel } from './StrategyDialog';
import { TriggerSummary } from './TriggerSummary';

const WRITERS: readonly Role[] = ['system', 'ssp'];
const SORTS = ['id', 'name', 'priority', 'status', 'updated_at'] as const;

export function SspStrategyPanel() {
  const { t } = useTranslation();
  const list = useListState({ sortable: SORTS });
  const [slotFilter, setSlotFilter] = useState<number | undefined>();
  const [dspFilter, setDspFilter] = useState<number | undefined>();
  const query = useSspStrategies({
    ...list.query,
    ...(slotFilter === undefined ? {} : { slot_id: slotFilter }),
    ...(dspFilter === undefined ? {} : { dsp_id: dspFilter }),
  });
  const slots = useAllSlots();
  const dsps = useAllDsps();
  const refresh = useInvalidate(listSspStrategies, getSlotSplit);
  const dialog = useDialog<SspStrategy>();
  const history = useHistory();
  const fieldLabel = useStrategyFieldLabel();
  const summary = useSplitSummary();
  const [split, setSplit] = useState<{ open: boolean; slotId: number | undefined }>({
    open: false,
    slotId: undefined,
  });
  const switcher = useStatusSwitch<SspStrategy>(
    'sspStrategy',
    (body) => call(switchSspStrategy, { body, silent: true }),
    refresh,
  );

  const slotList = slots.data ?? [];
  const dspList = dsps.data ?? [];
  const listsLoading = slots.isPending || dsps.isPending;
  const noSlots = !slots.isPending && !slots.isError && slotList.length === 0;
  const noDsps = !dsps.isPending && !dsps.isError && dspList.length === 0;
  const filtered = slotFilter !== undefined || dspFilter !== undefined;
  const showSplit = (slotId?: number) => setSplit({ open: true, slotId });

  const emptyText = noSlots
    ? t('sspStrategy.empty.noSupply')
    : filtered || list.keyword || list.status !== undefined
      ? t('sspStrategy.empty.noMatch')
      : t('sspStrategy.empty.noStrategies');

  return (
    <>
      {switcher.holder}
      {(noSlots || noDsps) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={noSlots ? t('sspStrategy.empty.noSupply') : t('sspStrategy.empty.noDsps')}
          description={
            noSlots ? (
              <Space wrap>
                <Link to="/ssp/media">{t('sspStrategy.empty.toMedia')}</Link>
                <Link to="/ssp/slot">{t('sspStrategy.empty.toSlots')}</Link>
              </Space>
            ) : (
              t('sspStrategy.empty.noDspsHelp')
            )
          }
        />
      )}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('sspStrategy.searchPlaceholder')}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={noSlots ? undefined : t('sspStrategy.add')}
        onAdd={dialog.create}
        writers={WRITERS}
        extra={
          <>
            <Select<number>
              aria-label={t('sspStrategy.slotFilter')}
              placeholder={t('sspStrategy.allSlots')}
              allowClear
              value={slotFilter}
              onChange={(value) => {
                setSlotFilter(value ?? undefined);
                list.setPage(1);
              }}
              options={slotList.map((slot) => ({ value: slot.id, label: slotLabel(slot) }))}
              showSearch={{ optionFilterProp: 'label' }}
              loading={slots.isPending}
              style={{ width: 200 }}
            />
            <Select<number>
              aria-label={t('sspStrategy.dspFilter')}
              placeholder={t('sspStrategy.allDsps')}
              allowClear
              value={dspFilter}
              onChange={(value) => {
                setDspFilter(value ?? undefined);
                list.setPage(1);
              }}
              options={dspList.map((dsp) => ({ value: dsp.id, label: dsp.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              loading={dsps.isPending}
              style={{ width: 180 }}
            />
            <Button
              icon={<PieChartOutlined aria-hidden />}
              onClick={() => showSplit(slotFilter)}
              disabled={noSlots}
            >
              {t('sspStrategy.split.title')}
            </Button>
          </>
        }
      />
      <ListTable<SspStrategy>
        emptyText={emptyText}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          { title: t('sspStrategy.name'), dataIndex: 'name', key: 'name', sorter: true },
          {
            title: t('sspStrategy.slot'),
            key: 'slot',
            render: (_, row) => (
              <Typography.Link onClick={() => showSplit(row.slot_id)}>
                {slotLabel({ media_name: row.media_name, name: row.slot_name })}
              </Typography.Link>
            ),
          },
          {
            title: t('sspStrategy.triggers'),
            dataIndex: 'triggers',
            render: (rules: SspStrategy['triggers']) => <TriggerSummary rules={rules} />,
          },
          {
            title: t('sspStrategy.allocations'),
            key: 'allocations',
            render: (_, row) => (
              <div style={{ minWidth: 200 }}>
                <div>{summary(row.allocations, row.own_permille)}</div>
                <AllocationBar shares={row.allocations} own={row.own_permille} />
              </div>
            ),
          },
          {
            title: t('sspStrategy.priority'),
            dataIndex: 'priority',
            key: 'priority',
            sorter: true,
          },
          statusColumn(t, switcher, { writers: WRITERS }),
          updatedColumn(t),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                writers={WRITERS}
                onEdit={() => dialog.edit(row)}
                onHistory={() =>
                  history.show({ targetType: 'sspStrategy', id: row.id, name: row.name })
                }
              >
                <Button type="link" size="small" onClick={() => showSplit(row.slot_id)}>
                  {t('sspStrategy.split.action')}
                </Button>
              </RowActions>
            ),
          },
        ]}
      />
      <StrategyDialog
        open={dialog.open}
        strategy={dialog.row}
        slots={slotList}
        dsps={dspList}
        loadingLists={listsLoading}
        onClose={dialog.close}
        onSaved={refresh}
      />
      <SlotSplitDrawer
        open={split.open}
        slotId={split.slotId}
        onSlot={(slotId) => setSplit({ open: true, slotId })}
        slots={slotList}
        loading={slots.isPending}
        onClose={() => setSplit((current) => ({ ...current, open: false }))}
      />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
      />
    </>
  );
}
