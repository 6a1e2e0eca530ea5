/** Column builders every editable list shares: the status switch and the update time. */
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime, type Role } from '@adloom/domain';
import { StatusSwitch } from './RowControls';
import type { ConfirmRequest } from '../confirm/ConfirmDialog';

/** What useStatusSwitch gives a list. */
export interface RowSwitcher<R> {
  pendingId: number | null;
  /** Through the note prompt, saying `confirm`'s title and impact when given. */
  toggle(row: R, status: number, confirm?: ConfirmRequest): Promise<void>;
}

/**
 * Active / Inactive as a switch that goes through the note prompt. `sorter` false for lists
 * the browser holds whole (the table would otherwise ask the server to sort).
 */
export function statusColumn<R extends { id: number; status: number }>(
  t: TFunction,
  switcher: RowSwitcher<R>,
  { sorter = true, writers }: { sorter?: boolean; writers?: readonly Role[] } = {},
): TableColumnType<R> {
  return {
    title: t('list.status'),
    dataIndex: 'status',
    key: 'status',
    sorter,
    render: (status: number, row) => (
      <StatusSwitch
        status={status}
        loading={switcher.pendingId === row.id}
        onChange={(next) => void switcher.toggle(row, next)}
        writers={writers}
      />
    ),
  };
}

/** When the row last changed, in UTC. */
export function updatedColumn<R extends { updated_at: string }>(
  t: TFunction,
  { sorter = true }: { sorter?: boolean } = {},
): TableColumnType<R> {
  return {
    title: t('list.updated'),
    dataIndex: 'updated_at',
    key: 'updated_at',
    sorter,
    render: (value: string) => formatDateTime(value),
  };
}
