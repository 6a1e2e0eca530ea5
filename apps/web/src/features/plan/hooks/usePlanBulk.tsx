/**
 * Row selection and bulk actions of the plan list (docs/decisions/working-lists.md): start,
 * stop and archive; restore in the Archived view. Each asks once through the ConfirmDialog
 * with the change note a single switch asks for, says what stops, and reports the plans the
 * server left unchanged with its reasons.
 */
import { useState } from 'react';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { PlanStatus, bulkPlans, type PlanBulkAction, type PlanListItem } from '@adloom/domain';
import { BulkBar, useBulkAction, type BulkActionButton } from '../../../components/list/bulk';
import type { ConfirmRequest } from '../../../components/confirm/ConfirmDialog';
import { call } from '../../../lib/api';

/** Statuses that serve or are waiting to (a stop changes them). */
const STARTED: readonly number[] = [
  PlanStatus.live,
  PlanStatus.outOfTime,
  PlanStatus.balanceExhausted,
  PlanStatus.lackOfFunds,
];

const DONE_KEY = {
  start: 'plan.bulk.started',
  stop: 'plan.bulk.stopped',
  archive: 'plan.bulk.archived',
  restore: 'plan.bulk.restored',
} as const satisfies Record<PlanBulkAction, string>;

export function usePlanBulk({
  rows,
  archivedView,
  refresh,
}: {
  rows: readonly PlanListItem[];
  archivedView: boolean;
  refresh: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Only rows still on the page count: a refresh may have moved some out of the view.
  const chosen = selected.flatMap((id) => byId.get(id) ?? []);
  const serving = chosen.filter((row) => row.status === PlanStatus.live).length;
  const started = chosen.filter((row) => STARTED.includes(row.status)).length;

  const bulk = useBulkAction<PlanBulkAction>({
    send: (ids, action, comment) =>
      call(bulkPlans, { body: { ids, action, ...(comment ? { comment } : {}) } }),
    doneText: (action, count) => t(DONE_KEY[action], { count }),
    nameOf: (id) => byId.get(id)?.name ?? `#${id}`,
    refresh: async () => {
      setSelected([]);
      await refresh();
    },
  });

  const count = chosen.length;
  const confirmOf = (action: PlanBulkAction): ConfirmRequest => {
    switch (action) {
      case 'start':
        return {
          title: t('plan.bulk.startTitle', { count }),
          impact: t('plan.bulk.startImpact'),
          okText: t('plan.bulk.start'),
        };
      case 'stop':
        return {
          title: t('plan.bulk.stopTitle', { count }),
          impact: serving > 0 ? t('plan.bulk.stopImpact', { count: serving }) : undefined,
          okText: t('plan.bulk.stop'),
          danger: true,
        };
      case 'archive':
        return {
          title: t('plan.bulk.archiveTitle', { count }),
          impact: (
            <>
              {t('plan.bulk.archiveImpact')}
              {serving > 0 && <div>{t('plan.bulk.stopImpact', { count: serving })}</div>}
            </>
          ),
          okText: t('plan.bulk.archive'),
          danger: true,
        };
      case 'restore':
        return {
          title: t('plan.bulk.restoreTitle', { count }),
          impact: t('plan.bulk.restoreImpact'),
          okText: t('plan.bulk.restore'),
        };
    }
  };

  const buttons: BulkActionButton<PlanBulkAction>[] = archivedView
    ? [{ action: 'restore', label: t('plan.bulk.restore') }]
    : [
        { action: 'start', label: t('plan.bulk.start') },
        {
          action: 'stop',
          label: t('plan.bulk.stop'),
          danger: true,
          disabledReason: started === 0 ? t('plan.bulk.nothingToStop') : undefined,
        },
        { action: 'archive', label: t('plan.bulk.archive'), danger: true },
      ];

  const rowSelection: TableRowSelection<PlanListItem> = {
    selectedRowKeys: chosen.map((row) => row.id),
    onChange: (keys) => setSelected(keys.map(Number)),
  };

  const bar = (
    <BulkBar<PlanBulkAction>
      count={count}
      actions={buttons}
      busy={bulk.busy}
      onAction={(action) =>
        bulk.ask(
          action,
          chosen.map((row) => row.id),
          confirmOf(action),
        )
      }
      onClear={() => setSelected([])}
    />
  );

  return { bar, holder: bulk.holder, rowSelection, clear: () => setSelected([]) };
}
