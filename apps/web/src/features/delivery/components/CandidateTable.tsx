/**
 * Every candidate (a plan's strategy with one creative) and its fate: served first, then
 * outbid, then each rejection in the order the engine checks its rules. Filters by reason
 * and plan, client-side paging (the diagnosis answers all candidates at once).
 */
import { useMemo, useState } from 'react';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, RejectReason, type CandidateFate } from '@adloom/domain';
import { ListTable } from '../../../components/list/ListTable';
import { currentLanguage } from '../../../lib/i18n';
import { filterCandidates, plansOf, reasonCounts, sortCandidates } from '../diagnosis';
import { ReasonTag } from './ReasonTag';
import styles from './DiagnosisResult.module.css';
import { showMoney } from '../../../lib/money';

const rowKey = (row: CandidateFate) => `${row.strategy_id}:${row.creative_id}`;

export function CandidateTable({
  candidates,
  emptyText,
}: {
  candidates: readonly CandidateFate[];
  /** What to say when the diagnosis has no candidate at all. */
  emptyText: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [reasons, setReasons] = useState<string[]>([]);
  const [planId, setPlanId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);

  const sorted = useMemo(() => sortCandidates(candidates), [candidates]);
  const shown = useMemo(
    () => filterCandidates(sorted, { reasons, planId }),
    [sorted, reasons, planId],
  );
  const idName = (name: string, id: number) => t('delivery.candidates.idName', { name, id });

  return (
    <>
      <Space wrap className={styles.toolbar}>
        <Select<string[]>
          mode="multiple"
          aria-label={t('delivery.candidates.filterReason')}
          placeholder={t('delivery.candidates.filterReasonPlaceholder')}
          allowClear
          className={styles.filter}
          value={reasons}
          onChange={(next) => {
            setReasons(next);
            setPage(1);
          }}
          optionFilterProp="label"
          options={reasonCounts(candidates).map(({ reason, count }) => ({
            value: reason,
            label: `${RejectReason.label(reason, lang)} (${count})`,
          }))}
        />
        <Select<number>
          aria-label={t('delivery.candidates.filterPlan')}
          placeholder={t('delivery.candidates.filterPlanPlaceholder')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className={styles.filter}
          value={planId}
          onChange={(next) => {
            setPlanId(next ?? undefined);
            setPage(1);
          }}
          options={plansOf(candidates).map((plan) => ({
            value: plan.id,
            label: idName(plan.name, plan.id),
          }))}
        />
        <Typography.Text type="secondary" data-testid="candidate-count">
          {t('delivery.candidates.count', { count: shown.length })}
        </Typography.Text>
      </Space>
      <ListTable<CandidateFate>
        rowKey={rowKey}
        emptyText={
          candidates.length > 0 && shown.length === 0
            ? t('delivery.candidates.emptyFiltered')
            : emptyText
        }
        dataSource={shown}
        rowClassName={(row) => (row.reason === RejectReason.served ? (styles.served ?? '') : '')}
        pagination={{
          current: page,
          pageSize: size,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          hideOnSinglePage: false,
          onChange: (next, nextSize) => {
            setPage(nextSize !== size ? 1 : next);
            setSize(nextSize);
          },
        }}
        columns={[
          {
            title: t('delivery.candidates.plan'),
            dataIndex: 'plan_name',
            key: 'plan',
            render: (name: string, row) => idName(name, row.plan_id),
          },
          {
            title: t('delivery.candidates.strategy'),
            dataIndex: 'strategy_name',
            key: 'strategy',
            render: (name: string, row) => idName(name, row.strategy_id),
          },
          {
            title: t('delivery.candidates.creative'),
            dataIndex: 'creative_name',
            key: 'creative',
            // 0: the strategy was rejected before its creatives were looked at.
            render: (name: string, row) =>
              row.creative_id === 0 ? (
                <Typography.Text type="secondary">
                  {t('delivery.candidates.notReached')}
                </Typography.Text>
              ) : (
                idName(name, row.creative_id)
              ),
          },
          {
            title: t('delivery.candidates.ecpm'),
            dataIndex: 'ecpm',
            key: 'ecpm',
            align: 'right',
            render: (micros: number) => showMoney(micros),
          },
          {
            title: t('delivery.candidates.reason'),
            dataIndex: 'reason',
            key: 'reason',
            render: (reason: string) => <ReasonTag reason={reason} />,
          },
          {
            title: t('delivery.candidates.detail'),
            dataIndex: 'detail',
            key: 'detail',
            render: (detail: string) => <div className={styles.detail}>{detail}</div>,
          },
        ]}
      />
    </>
  );
}
