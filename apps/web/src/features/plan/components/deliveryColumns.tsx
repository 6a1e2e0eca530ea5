/**
 * Today's delivery on the plan list (UTC day, from the plan rollup): spend, impressions,
 * clicks, CTR and a pacing bar of today's spend against the daily budget, each sortable by
 * the server (the column key is the contract's sort).
 */
import { Progress, Tooltip, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { formatCount, formatPercent, type PlanListItem } from '@adloom/domain';
import { showMoney } from '../../../lib/money';

/** Today's spend against the daily budget, 0–1 or more (over-delivery shows as is). */
export function pacingOf(plan: Pick<PlanListItem, 'budget' | 'today'>): number {
  return plan.budget > 0 ? plan.today.spend / plan.budget : 0;
}

/** Clicks per impression today; null without impressions (shown as "-"). */
export function ctrOf(plan: Pick<PlanListItem, 'today'>): number | null {
  return plan.today.impressions > 0 ? plan.today.clicks / plan.today.impressions : null;
}

export function deliveryColumns(t: TFunction): TableColumnType<PlanListItem>[] {
  return [
    {
      title: t('plan.list.spendToday'),
      key: 'spend_today',
      sorter: true,
      align: 'right',
      render: (_, row) => showMoney(row.today.spend),
    },
    {
      title: t('plan.list.impressions'),
      key: 'impressions',
      sorter: true,
      align: 'right',
      render: (_, row) => formatCount(row.today.impressions),
    },
    {
      title: t('plan.list.clicks'),
      key: 'clicks',
      sorter: true,
      align: 'right',
      render: (_, row) => formatCount(row.today.clicks),
    },
    {
      title: t('plan.list.ctr'),
      key: 'ctr',
      sorter: true,
      align: 'right',
      render: (_, row) => formatPercent(ctrOf(row)),
    },
    {
      title: t('plan.list.pacing'),
      key: 'pacing',
      sorter: true,
      render: (_, row) => {
        const pacing = pacingOf(row);
        return (
          <Tooltip
            title={t('plan.list.pacingHint', {
              spend: showMoney(row.today.spend),
              budget: showMoney(row.budget),
            })}
          >
            <Progress
              percent={Math.min(100, pacing * 100)}
              format={() => formatPercent(pacing, 0)}
              status={pacing >= 1 ? 'exception' : 'normal'}
              size="small"
              // A fixed bar: the table sizes columns to their content (no cut header).
              style={{ width: 120, margin: 0 }}
              aria-label={t('plan.list.pacing')}
              data-pacing={pacing.toFixed(4)}
            />
          </Tooltip>
        );
      },
    },
  ];
}
