/**
 * An antd Table for settings lists: loading, an empty state that says what to do, an
 * error state with a retry.
 */
import { Alert, Button, Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';

export interface ListTableProps<T> extends TableProps<T> {
  /** What to say when there are no rows: 'No countries yet — add the first one'. */
  emptyText: string;
  error?: unknown;
  onRetry?: () => void;
}

export function ListTable<T extends object>({
  emptyText,
  error,
  onRetry,
  ...table
}: ListTableProps<T>) {
  const { t } = useTranslation();
  if (error) {
    const text = error instanceof ApiError ? errorText(error, currentLanguage()) : String(error);
    return (
      <Alert
        type="error"
        showIcon
        title={t('list.loadFailed')}
        description={text}
        action={
          onRetry && (
            <Button size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )
        }
      />
    );
  }
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      {...table}
    />
  );
}
