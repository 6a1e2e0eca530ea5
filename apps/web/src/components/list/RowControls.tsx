/** The controls of an editable row: the status switch and the Edit / History actions. */
import type { ReactNode } from 'react';
import { Button, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SimpleStatus, type Role } from '@adloom/domain';
import { useCanWrite } from './ListToolbar';

export function StatusSwitch({
  status,
  onChange,
  loading,
  writers,
}: {
  status: number;
  onChange(next: number): void;
  loading?: boolean;
  /** Who may switch; the system role unless told. */
  writers?: readonly Role[];
}) {
  const { t } = useTranslation();
  const canWrite = useCanWrite(writers);
  const active = status === SimpleStatus.active;
  return (
    <Switch
      aria-label={t('list.active')}
      checked={active}
      loading={loading}
      disabled={!canWrite}
      checkedChildren={t('list.on')}
      unCheckedChildren={t('list.off')}
      onChange={(checked) => onChange(checked ? SimpleStatus.active : SimpleStatus.inactive)}
    />
  );
}

export function RowActions({
  onEdit,
  onHistory,
  children,
  writers,
}: {
  onEdit?: () => void;
  onHistory?: () => void;
  children?: ReactNode;
  /** Who sees Edit; the system role unless told. */
  writers?: readonly Role[];
}) {
  const { t } = useTranslation();
  const canWrite = useCanWrite(writers);
  return (
    <Space size={0} wrap>
      {children}
      {canWrite && onEdit && (
        <Button type="link" size="small" onClick={onEdit}>
          {t('list.edit')}
        </Button>
      )}
      {onHistory && (
        <Button type="link" size="small" onClick={onHistory}>
          {t('list.history')}
        </Button>
      )}
    </Space>
  );
}
