/**
 * The demand partners' health (issue 7) on the DSP screen: per partner its calls, bids and
 * bid rate, timeouts and timeout rate, errors, wins, what the buying exchanges said of the
 * wins we sold on (lost in their auction, never billed) and mean latency over the last hour,
 * day or week, and the bids it had refused before our auction, by reason (expand a row).
 * A partner that times out or never bids shows here first. Our own demand's row, when the
 * exchanges that call us lost or never billed some of its ads, comes last with those two counts.
 */
import { useCallback, useMemo, useState } from 'react';
import { Input, Segmented, Space, Table } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BidRejection,
  DEFAULT_PAGE_SIZE,
  OWN_DEMAND_DSP_ID,
  PAGE_SIZES,
  formatCount,
  formatNumber,
  formatPercent,
  type PartnerHealth,
} from '@adloom/domain';
import { HINTED_SORTER_TOOLTIP, HintedTitle } from '../../../components/list/HintedTitle';
import { ListTable } from '../../../components/list/ListTable';
import { HEALTH_WINDOWS, usePartnerHealth, type HealthWindow } from '../api';

const isOwnDemand = (row: PartnerHealth) => row.dsp_id === OWN_DEMAND_DSP_ID;

/** Calls, bids and latency are a partner's: our own demand's row shows none. */
const partnerOnly =
  <T,>(render: (value: T, row: PartnerHealth) => string) =>
  (value: T, row: PartnerHealth) =>
    isOwnDemand(row) ? '-' : render(value, row);

const countColumn = (title: string, key: keyof PartnerHealth) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  sorter: (a: PartnerHealth, b: PartnerHealth) => Number(a[key] ?? -1) - Number(b[key] ?? -1),
  render: partnerOnly((value: number) => formatCount(value)),
});

/** A count of what the buying exchanges said, ours included; its header says what on hover. */
const hintedCountColumn = (title: string, hint: string, key: keyof PartnerHealth) => ({
  ...countColumn(title, key),
  title: <HintedTitle label={title} hint={hint} />,
  showSorterTooltip: HINTED_SORTER_TOOLTIP,
  render: (value: number) => formatCount(value),
});

const rateColumn = (title: string, key: 'bid_rate' | 'timeout_rate') => ({
  ...countColumn(title, key),
  render: partnerOnly((value: number | null) => formatPercent(value)),
});

const refusedOf = (row: PartnerHealth) =>
  row.rejections.reduce((sum, rejection) => sum + rejection.bids, 0);

/** A partner's refused bids by reason (BidRejection), most first, over the window. */
function RejectionTable({ row }: { row: PartnerHealth }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <Table<PartnerHealth['rejections'][number]>
      size="small"
      rowKey="reason"
      pagination={false}
      locale={{ emptyText: t('delivery.health.noRefusals') }}
      dataSource={row.rejections}
      columns={[
        {
          title: t('delivery.health.reason'),
          dataIndex: 'reason',
          key: 'reason',
          render: (reason: string) => BidRejection.label(reason, lang),
        },
        {
          title: t('delivery.health.refusedCount'),
          dataIndex: 'bids',
          key: 'bids',
          align: 'right',
          render: (bids: number) => formatCount(bids),
        },
      ]}
    />
  );
}

export function PartnerHealthPanel() {
  const { t } = useTranslation();
  const [hours, setHours] = useState<HealthWindow>(24);
  const [keyword, setKeyword] = useState('');
  const query = usePartnerHealth(hours);
  const nameOf = useCallback(
    (row: PartnerHealth) => (isOwnDemand(row) ? t('delivery.health.ownDemand') : row.dsp_name),
    [t],
  );
  const rows = useMemo(() => {
    const text = keyword.trim().toLowerCase();
    const all = query.data ?? [];
    return text ? all.filter((row) => nameOf(row).toLowerCase().includes(text)) : all;
  }, [query.data, keyword, nameOf]);

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<HealthWindow>
          aria-label={t('delivery.health.window')}
          value={hours}
          onChange={setHours}
          options={HEALTH_WINDOWS.map((value) => ({
            value,
            label: t(`delivery.health.windowHours.${value}`),
          }))}
        />
        <Input
          type="search"
          aria-label={t('list.search')}
          placeholder={t('delivery.health.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          style={{ width: 240 }}
        />
      </Space>
      <ListTable<PartnerHealth>
        rowKey="dsp_id"
        emptyText={t('delivery.health.empty')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={rows}
        expandable={{
          expandedRowRender: (row) => <RejectionTable row={row} />,
          rowExpandable: (row) => row.rejections.length > 0,
        }}
        pagination={{
          defaultPageSize: DEFAULT_PAGE_SIZE,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
        }}
        columns={[
          {
            title: t('delivery.health.partner'),
            dataIndex: 'dsp_name',
            key: 'dsp_name',
            fixed: 'left',
            sorter: (a, b) => nameOf(a).localeCompare(nameOf(b)),
            render: (_: string, row: PartnerHealth) =>
              isOwnDemand(row) ? (
                <HintedTitle label={nameOf(row)} hint={t('delivery.health.ownDemandHint')} />
              ) : (
                row.dsp_name
              ),
          },
          countColumn(t('delivery.health.calls'), 'calls'),
          countColumn(t('delivery.health.bids'), 'bids'),
          rateColumn(t('delivery.health.bidRate'), 'bid_rate'),
          countColumn(t('delivery.health.timeouts'), 'timeouts'),
          rateColumn(t('delivery.health.timeoutRate'), 'timeout_rate'),
          countColumn(t('delivery.health.errors'), 'errors'),
          countColumn(t('delivery.health.wins'), 'wins'),
          hintedCountColumn(
            t('delivery.health.callerLosses'),
            t('delivery.health.callerLossesHint'),
            'caller_losses',
          ),
          hintedCountColumn(
            t('delivery.health.unbilled'),
            t('delivery.health.unbilledHint'),
            'unbilled',
          ),
          {
            title: t('delivery.health.refused'),
            key: 'refused',
            align: 'right' as const,
            sorter: (a: PartnerHealth, b: PartnerHealth) => refusedOf(a) - refusedOf(b),
            render: partnerOnly((_: unknown, row: PartnerHealth) => formatCount(refusedOf(row))),
          },
          {
            ...countColumn(t('delivery.health.latency'), 'avg_latency_ms'),
            render: partnerOnly((value: number | null) =>
              value === null ? '-' : t('delivery.health.ms', { value: formatNumber(value, 0) }),
            ),
          },
        ]}
      />
    </>
  );
}
