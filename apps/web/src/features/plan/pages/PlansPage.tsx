/**
 * /ad/plan, the plans within reach (docs/product/console.md#screens, docs/product/advertising.md#plan-status): quick filters (all, live, stalled for
 * short balance, unlive, out of time, unfinished, archived), search, billing filter, sort
 * and paging; each plan's owner (when others' are in reach), billing, daily budget and bid,
 * today's spend, impressions, clicks, CTR and budget pacing, schedule, period, status —
 * live and short-balance stalls distinct — or the step its creation stands at with a link
 * to continue, strategies and update time; edit, start / stop (noted), copy and history;
 * row selection with bulk start, stop, archive and restore. A new advertiser is told where
 * to begin.
 */
import { useState } from 'react';
import {
  Button,
  Empty,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tooltip,
  Typography,
  message,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Billing,
  PlanStatus,
  PlanStep,
  copyPlan,
  formatCount,
  listPlans,
  type EndpointQuery,
  type Plan,
  type PlanListItem,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { updatedColumn } from '../../../components/list/columns';
import { SettingsCard, useHistory } from '../../../components/list/editing';
import { useListState } from '../../../components/list/useListState';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { PLAN_SORTS, isComplete, useInvalidatePlans } from '../api';
import { deliveryColumns } from '../components/deliveryColumns';
import { PlanPeriod, ScheduleSummaryText } from '../components/PlanSummary';
import { PlanStatusTag, SHORT_BALANCE_STATUSES } from '../components/PlanStatusTag';
import { useFieldLabel } from '../components/fieldLabels';
import { usePlanBulk } from '../hooks/usePlanBulk';
import { switchTargetsOf, usePlanSwitch } from '../hooks/usePlanSwitch';
import { reportPlanError } from '../messages';
import { planStepPath } from '../paths';
import { showMoney } from '../../../lib/money';

const WRITERS = ['adController'] as const;

/** The quick filters and the statuses each asks the server for. */
const VIEWS = {
  all: undefined,
  live: [PlanStatus.live],
  stalled: SHORT_BALANCE_STATUSES,
  unlive: [PlanStatus.unlive],
  outOfTime: [PlanStatus.outOfTime],
  unfinished: undefined,
  // Archived plans leave every other view (the server leaves them out without a status).
  archived: [PlanStatus.archived],
} as const satisfies Record<string, readonly number[] | undefined>;
type View = keyof typeof VIEWS;

export function PlansPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const { user } = useSession();
  const list = useListState({ sortable: PLAN_SORTS });
  // The dashboard's cards open a view directly (`?view=live`).
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(() => {
    const wanted = params.get('view');
    return wanted && wanted in VIEWS ? (wanted as View) : 'all';
  });
  const [billing, setBilling] = useState<number | undefined>();
  const [messages, messageHolder] = message.useMessage();
  const refresh = useInvalidatePlans();
  const history = useHistory();
  const fieldLabel = useFieldLabel();
  const switcher = usePlanSwitch(refresh);
  const [copying, setCopying] = useState<number | null>(null);

  const statuses = VIEWS[view];
  const unfinishedView = view === 'unfinished';
  const query: EndpointQuery<typeof listPlans> = {
    ...list.query,
    // Unfinished: creation before step 4, paged by the server.
    ...(unfinishedView ? { complete: 'false' as const } : {}),
    ...(statuses ? { status: statuses.join(',') } : {}),
    ...(billing !== undefined ? { billing } : {}),
  };
  // The rows stay while the next page, search or filter loads (no flash, open pop-ups stay).
  const plans = useQuery({
    ...endpointQuery(listPlans, query, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const rows = plans.data?.list;
  const filtered = view !== 'all' || billing !== undefined || list.keyword !== undefined;
  const showOwner = (plans.data?.list ?? []).some((plan) => plan.owner.id !== user?.id);
  const bulk = usePlanBulk({ rows: rows ?? [], archivedView: view === 'archived', refresh });

  const copy = async (plan: Plan) => {
    setCopying(plan.id);
    try {
      const created = await call(copyPlan, { body: { id: plan.id }, silent: true });
      await refresh();
      void messages.success(t('plan.list.copied', { name: created.name }));
      void navigate(`/ad/plan/${created.id}`);
    } catch (error) {
      reportPlanError(error);
    } finally {
      setCopying(null);
    }
  };

  const empty = filtered ? (
    <Empty description={t('plan.list.noMatch')} />
  ) : (
    <Empty description={t('plan.list.empty')}>
      <Space orientation="vertical">
        <Typography.Text type="secondary">
          {t('plan.list.emptyCreatives')} <Link to="/ad/idea">{t('plan.list.toCreatives')}</Link>
        </Typography.Text>
        <Button type="primary" onClick={() => void navigate('/ad/plan/new')}>
          {t('plan.list.createFirst')}
        </Button>
      </Space>
    </Empty>
  );

  return (
    <SettingsCard title={t('menu.plans')}>
      {messageHolder}
      {switcher.holder}
      {bulk.holder}
      <Segmented<View>
        aria-label={t('plan.list.views')}
        value={view}
        onChange={(next) => {
          setView(next);
          bulk.clear();
          list.setPage(1);
        }}
        options={(Object.keys(VIEWS) as View[]).map((key) => ({
          value: key,
          label: t(`plan.list.view.${key}`),
        }))}
        style={{ marginBottom: 16 }}
      />
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('plan.list.searchPlaceholder')}
        addLabel={t('plan.list.new')}
        onAdd={() => void navigate('/ad/plan/new')}
        writers={WRITERS}
        extra={
          <Select<number>
            aria-label={t('plan.list.billingFilter')}
            placeholder={t('plan.list.anyBilling')}
            allowClear
            value={billing}
            onChange={(value) => {
              setBilling(value ?? undefined);
              list.setPage(1);
            }}
            options={Billing.options(lang)}
            style={{ width: 200 }}
          />
        }
      />
      {bulk.bar}
      <ListTable<PlanListItem>
        emptyText={t('plan.list.empty')}
        rowSelection={bulk.rowSelection}
        locale={{ emptyText: empty }}
        loading={plans.isFetching}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        dataSource={rows}
        pagination={list.pagination(plans.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('plan.form.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            render: (name: string, row) => <Link to={`/ad/plan/${row.id}`}>{name}</Link>,
          },
          ...(showOwner
            ? [
                {
                  title: t('plan.list.owner'),
                  key: 'owner',
                  render: (_: unknown, row: Plan) => row.owner.nickname || row.owner.username,
                },
              ]
            : []),
          {
            title: t('list.status'),
            dataIndex: 'status',
            key: 'status',
            sorter: true,
            render: (_, row) => (
              <Space orientation="vertical" size={2}>
                <PlanStatusTag plan={row} />
                {!isComplete(row) && (
                  <Tooltip title={PlanStep.label(row.creation_step, lang)}>
                    <Link
                      to={planStepPath(row.id, row.creation_step)}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {t('plan.list.continue', { step: row.creation_step })}
                    </Link>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t('plan.form.billing'),
            dataIndex: 'billing',
            key: 'billing',
            render: (value: number) => Billing.label(value, lang),
          },
          {
            title: t('plan.list.budget'),
            dataIndex: 'budget',
            key: 'budget',
            sorter: true,
            align: 'right',
            render: (micros: number) => showMoney(micros),
          },
          {
            title: t('plan.list.bid'),
            dataIndex: 'bid',
            key: 'bid',
            sorter: true,
            align: 'right',
            render: (micros: number) =>
              micros > 0 ? (
                showMoney(micros)
              ) : (
                <Typography.Text type="secondary">{t('plan.list.bidPerStrategy')}</Typography.Text>
              ),
          },
          ...deliveryColumns(t),
          {
            title: t('plan.list.schedule'),
            dataIndex: 'schedule',
            key: 'schedule',
            render: (schedule: number[][]) => <ScheduleSummaryText schedule={schedule} />,
          },
          {
            title: t('plan.list.period'),
            key: 'start_at',
            sorter: true,
            render: (_, row) => <PlanPeriod plan={row} stacked />,
          },
          {
            title: t('plan.list.strategies'),
            dataIndex: 'strategy_count',
            key: 'strategy_count',
            align: 'right',
            render: (count: number) => formatCount(count),
          },
          updatedColumn<PlanListItem>(t),
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => {
              const complete = isComplete(row);
              return (
                <Space size={0} wrap>
                  <Link to={`/ad/plan/${row.id}`} style={{ padding: '0 7px' }}>
                    {t('list.edit')}
                  </Link>
                  {switchTargetsOf(row).map((target) => {
                    const start = target === PlanStatus.live;
                    return (
                      <Tooltip
                        key={target}
                        title={start && !complete ? t('plan.list.startNeedsComplete') : undefined}
                      >
                        <Button
                          type="link"
                          size="small"
                          danger={!start}
                          disabled={start && !complete}
                          loading={switcher.pendingId === row.id}
                          onClick={() => void switcher.toggle(row, target)}
                        >
                          {start
                            ? row.status === PlanStatus.unlive
                              ? t('plan.list.start')
                              : t('plan.list.startAgain')
                            : t('plan.list.stop')}
                        </Button>
                      </Tooltip>
                    );
                  })}
                  <Popconfirm
                    title={t('plan.list.copyConfirm', { name: row.name })}
                    okText={t('plan.list.copy')}
                    cancelText={t('change.cancel')}
                    onConfirm={() => copy(row)}
                  >
                    <Button type="link" size="small" loading={copying === row.id}>
                      {t('plan.list.copy')}
                    </Button>
                  </Popconfirm>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => history.show({ targetType: 'plan', id: row.id, name: row.name })}
                  >
                    {t('list.history')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
      />
    </SettingsCard>
  );
}
