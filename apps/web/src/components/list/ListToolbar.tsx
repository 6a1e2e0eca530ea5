/** The toolbar above a settings table: labelled search, status filter and the Add button. */
import type { ReactNode } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SimpleStatus, hasAnyRole, type Role } from '@adloom/domain';
import { useSession } from '../../app/session';
import { currentLanguage } from '../../lib/i18n';

export function useCanWrite(required: readonly Role[] = ['system']): boolean {
  const { roles } = useSession();
  return hasAnyRole(roles, required);
}

export function ListToolbar({
  keyword,
  onKeyword,
  searchPlaceholder,
  status,
  onStatus,
  addLabel,
  onAdd,
  extra,
  writers,
}: {
  keyword: string;
  onKeyword(text: string): void;
  /** What the search looks in; 'Name or code' unless told. */
  searchPlaceholder?: string;
  /** The status filter; left out when undefined is not a choice (no `onStatus`). */
  status?: number;
  onStatus?: (status: number | undefined) => void;
  addLabel?: string;
  onAdd?: () => void;
  extra?: ReactNode;
  /** Who sees the Add button; the system role unless told. */
  writers?: readonly Role[];
}) {
  const { t } = useTranslation();
  const canWrite = useCanWrite(writers);
  const lang = currentLanguage();
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        {/* A plain input (no search button): the label 'Search' names one element only. */}
        <Input
          type="search"
          aria-label={t('list.search')}
          placeholder={searchPlaceholder ?? t('list.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={keyword}
          onChange={(event) => onKeyword(event.target.value)}
          style={{ width: 260 }}
        />
        {onStatus && (
          <Select<number>
            aria-label={t('list.status')}
            placeholder={t('list.allStatuses')}
            allowClear
            value={status}
            onChange={(value) => onStatus(value ?? undefined)}
            options={SimpleStatus.options(lang)}
            style={{ width: 160 }}
          />
        )}
        {extra}
      </Space>
      {canWrite && addLabel && onAdd && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </Space>
  );
}
