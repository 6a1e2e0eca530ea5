/**
 * The status of a media or slot in a list: the Active / Inactive switch (through the note
 * prompt), and Delete behind a confirmation; a deleted one shows a red tag and nothing more.
 */
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WideStatus, type Role } from '@adloom/domain';
import type { RowSwitcher } from '../../../components/list/columns';
import { useCanWrite } from '../../../components/list/ListToolbar';
import { StatusSwitch } from '../../../components/list/RowControls';
import { currentLanguage } from '../../../lib/i18n';
import { SupplyImpact } from './SupplyImpact';

export const SUPPLY_WRITERS: readonly Role[] = ['system', 'ssp', 'slot'];

export function DeletedTag() {
  return <Tag color="red">{WideStatus.label(WideStatus.deleted, currentLanguage())}</Tag>;
}

/**
 * Deactivating asks with what stops (live slots, recent requests) and a note; activating asks
 * for the note only.
 */
export function StatusCell<R extends { id: number; status: number; name: string }>({
  row,
  switcher,
  target,
}: {
  row: R;
  switcher: RowSwitcher<R>;
  target: 'media' | 'slot';
}) {
  const { t } = useTranslation();
  if (row.status === WideStatus.deleted) return <DeletedTag />;
  return (
    <StatusSwitch
      status={row.status}
      loading={switcher.pendingId === row.id}
      onChange={(next) =>
        void switcher.toggle(
          row,
          next,
          next === WideStatus.inactive
            ? {
                title: t(
                  target === 'media' ? 'media.deactivateConfirm' : 'media.slot.deactivateConfirm',
                  { name: row.name },
                ),
                impact: <SupplyImpact target={target} id={row.id} />,
                okText: t('media.deactivate'),
                danger: true,
              }
            : undefined,
        )
      }
      writers={SUPPLY_WRITERS}
    />
  );
}

/** The Delete action with its confirmation; nothing for a deleted row or a reader. */
export function DeleteAction<R extends { id: number; status: number; name: string }>({
  row,
  switcher,
  target,
  title,
  help,
  label,
}: {
  row: R;
  switcher: RowSwitcher<R>;
  target: 'media' | 'slot';
  title: string;
  help: string;
  label: string;
}) {
  const canWrite = useCanWrite(SUPPLY_WRITERS);
  if (!canWrite || row.status === WideStatus.deleted) return null;
  // One dialog: what is deleted, what stops with it, and the note.
  return (
    <Button
      type="link"
      size="small"
      danger
      onClick={() =>
        void switcher.toggle(row, WideStatus.deleted, {
          title,
          impact: <SupplyImpact target={target} id={row.id} help={help} />,
          okText: label,
          danger: true,
        })
      }
    >
      {label}
    </Button>
  );
}

/** The status filter of a supply list: Active, Inactive or Deleted (deleted only when asked). */
export function wideStatusOptions() {
  return WideStatus.options(currentLanguage());
}
