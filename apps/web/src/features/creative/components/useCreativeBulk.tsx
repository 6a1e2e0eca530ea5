/**
 * Row selection and bulk actions of the creative list (docs/decisions/working-lists.md):
 * shelve, restore and delete (final), each asked once through the ConfirmDialog with the
 * change note a single switch asks for; creatives the server left unchanged are listed
 * with its reasons.
 */
import { useState } from 'react';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { WideStatus, bulkCreatives, type Creative, type CreativeBulkAction } from '@adloom/domain';
import { BulkBar, useBulkAction, type BulkActionButton } from '../../../components/list/bulk';
import type { ConfirmRequest } from '../../../components/confirm/ConfirmDialog';
import { call } from '../../../lib/api';

const DONE_KEY = {
  shelve: 'creative.bulk.shelved',
  restore: 'creative.bulk.restored',
  delete: 'creative.bulk.deleted',
} as const satisfies Record<CreativeBulkAction, string>;

/** The status each action leaves, for the buttons a selection can use. */
const FROM_STATUSES = {
  shelve: [WideStatus.active],
  restore: [WideStatus.inactive],
  delete: [WideStatus.active, WideStatus.inactive],
} as const satisfies Record<CreativeBulkAction, readonly number[]>;

export function useCreativeBulk({
  rows,
  refresh,
}: {
  rows: readonly Creative[];
  refresh: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chosen = selected.flatMap((id) => byId.get(id) ?? []);
  const count = chosen.length;

  const bulk = useBulkAction<CreativeBulkAction>({
    send: (ids, action, comment) =>
      call(bulkCreatives, { body: { ids, action, ...(comment ? { comment } : {}) } }),
    doneText: (action, done) => t(DONE_KEY[action], { count: done }),
    nameOf: (id) => byId.get(id)?.name ?? `#${id}`,
    refresh: async () => {
      setSelected([]);
      await refresh();
    },
  });

  const confirmOf = (action: CreativeBulkAction): ConfirmRequest => ({
    title: t(`creative.bulk.${action}Title`, { count }),
    impact: t(`creative.bulk.${action}Impact`),
    okText: t(`creative.${action}`),
    danger: action !== 'restore',
  });

  const applies = (action: CreativeBulkAction) =>
    chosen.some((row) => (FROM_STATUSES[action] as readonly number[]).includes(row.status));
  const buttons: BulkActionButton<CreativeBulkAction>[] = (
    ['shelve', 'restore', 'delete'] as const
  ).flatMap((action) =>
    applies(action)
      ? [{ action, label: t(`creative.${action}`), danger: action === 'delete' }]
      : [],
  );

  const rowSelection: TableRowSelection<Creative> = {
    selectedRowKeys: chosen.map((row) => row.id),
    onChange: (keys) => setSelected(keys.map(Number)),
    // A deleted creative takes no action any more.
    getCheckboxProps: (row) => ({ disabled: row.status === WideStatus.deleted }),
  };

  const bar = (
    <BulkBar<CreativeBulkAction>
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

  return { bar, holder: bulk.holder, rowSelection };
}
