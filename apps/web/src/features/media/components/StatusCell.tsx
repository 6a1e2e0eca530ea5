/**
 * The status of a media or slot in a list: the Active / Inactive switch (through the note
 * prompt), and Delete behind a confirmation; a deleted one shows a red tag and nothing more.
 */
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WideStatus, type Role } from '@adloom/domain';
import type { RowSwitcher } from '../../../components/list/columns';
import { useCanWrite } from '../../../components/list/ListToolbar';
import { StatusSwitch } from '../../../components/list/RowControls';
import { currentLanguage } from '../../../lib/i18n';

export const SUPPLY_WRITERS: readonly Role[] = ['system', 'ssp', 'slot'];

export function DeletedTag() {
  return <Tag color="red">{WideStatus.label(WideStatus.deleted, currentLanguage())}</Tag>;
}

export function StatusCell<R extends { id: number; status: number; name: string }>({
  row,
  switcher,
}: {
  row: R;
  switcher: RowSwitcher<R>;
}) {
  if (row.status === WideStatus.deleted) return <DeletedTag />;
  return (
    <StatusSwitch
      status={row.status}
      loading={switcher.pendingId === row.id}
      onChange={(next) => void switcher.toggle(row, next)}
      writers={SUPPLY_WRITERS}
    />
  );
}

/** The Delete action with its confirmation; nothing for a deleted row or a reader. */
export function DeleteAction<R extends { id: number; status: number; name: string }>({
  row,
  switcher,
  title,
  help,
  label,
}: {
  row: R;
  switcher: RowSwitcher<R>;
  title: string;
  help: string;
  label: string;
}) {
  const { t } = useTranslation();
  const canWrite = useCanWrite(SUPPLY_WRITERS);
  if (!canWrite || row.status === WideStatus.deleted) return null;
  return (
    <Popconfirm
      title={title}
      description={help}
      okText={label}
      okButtonProps={{ danger: true }}
      cancelText={t('change.cancel')}
      onConfirm={() => switcher.toggle(row, WideStatus.deleted)}
    >
      <Button type="link" size="small" danger>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** The status filter of a supply list: Active, Inactive or Deleted (deleted only when asked). */
export function wideStatusOptions() {
  return WideStatus.options(currentLanguage());
}
