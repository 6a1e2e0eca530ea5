/**
 * The report table: a column per chosen dimension (names, not ids) and metric, the totals
 * row (over every row of the filter, not only the page: the server sums them), server-side
 * sort and paging with the docs/product/constants.md#page-sizes, an empty state and an error state.
 */
import { Empty, Table, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import {
  PAGE_SIZES,
  REPORT_METRIC_HINTS,
  ReportDimension,
  ReportMetric,
  type PageSize,
  type InterfaceLanguage,
  type ReportMetricValue,
  type ReportResult,
  type ReportRow,
} from '@adloom/domain';
import { HINTED_SORTER_TOOLTIP, HintedTitle } from '../../../components/list/HintedTitle';
import { ListTable } from '../../../components/list/ListTable';
import { currentLanguage } from '../../../lib/i18n';
import type { LabelOf } from '../model/chart';
import { formatMetric, rowKey } from '../model/format';
import type { TableView } from '../model/query';
import type { ReportSettings } from '../model/settings';
import styles from './report.module.css';

export function ReportTable({
  settings,
  result,
  loading,
  error,
  onRetry,
  view,
  onView,
  labelOf,
}: {
  settings: ReportSettings;
  result: ReportResult | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  view: TableView;
  onView(next: TableView): void;
  labelOf: LabelOf;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const dimensions = settings.checkedDimensions;
  const metrics = settings.checkedMetrics;
  const sortOrderOf = (key: string) =>
    view.sort === key ? (view.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableColumnsType<ReportRow> = [
    ...dimensions.map((dimension) => ({
      title: ReportDimension.label(dimension, lang),
      key: dimension,
      sorter: true,
      sortOrder: sortOrderOf(dimension),
      render: (_: unknown, row: ReportRow) => labelOf(dimension, row),
    })),
    ...metrics.map((metric) => ({
      title: metricTitle(metric, lang),
      ...(REPORT_METRIC_HINTS[metric] ? { showSorterTooltip: HINTED_SORTER_TOOLTIP } : {}),
      key: metric,
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOrderOf(metric),
      render: (_: unknown, row: ReportRow) => formatMetric(metric, row[metric], lang),
    })),
  ];

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<ReportRow> | SorterResult<ReportRow>[],
  ) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = single?.order ? String(single.columnKey) : undefined;
    const order = single?.order === 'descend' ? 'desc' : 'asc';
    const size = (PAGE_SIZES as readonly number[]).includes(pagination.pageSize ?? 0)
      ? (pagination.pageSize as PageSize)
      : view.size;
    const sortChanged = sort !== view.sort || (sort !== undefined && order !== view.order);
    const page = sortChanged || size !== view.size ? 1 : (pagination.current ?? 1);
    onView({ ...(sort ? { sort } : {}), order, page, size });
  };

  const totals = result?.totals;
  const hasRows = (result?.list.length ?? 0) > 0;

  return (
    <ListTable<ReportRow>
      emptyText={t('report.empty')}
      locale={{
        emptyText: (
          <Empty
            description={
              <>
                <div>{t('report.empty')}</div>
                <Typography.Text type="secondary">{t('report.emptyHint')}</Typography.Text>
              </>
            }
          />
        ),
      }}
      error={error}
      onRetry={onRetry}
      loading={loading}
      rowKey={(row) => rowKey(dimensions, row)}
      dataSource={result?.list}
      columns={columns}
      onChange={onChange}
      pagination={{
        current: view.page,
        pageSize: view.size,
        total: result?.total ?? 0,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: (total) => t('report.rows', { count: total }),
      }}
      summary={() =>
        totals && hasRows ? (
          <Table.Summary>
            <Table.Summary.Row className={styles.totals} data-testid="report-totals">
              <Table.Summary.Cell index={0} colSpan={dimensions.length}>
                {t('report.total')}
              </Table.Summary.Cell>
              {metrics.map((metric, index) => (
                <Table.Summary.Cell key={metric} index={dimensions.length + index} align="right">
                  {formatMetric(metric, totals[metric], lang)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : undefined
      }
    />
  );
}

/** A metric's header: its label, with what it counts on hover where the label may mislead. */
function metricTitle(metric: ReportMetricValue, lang: InterfaceLanguage) {
  const label = ReportMetric.label(metric, lang);
  const hint = REPORT_METRIC_HINTS[metric];
  return hint ? <HintedTitle label={label} hint={hint[lang]} /> : label;
}
