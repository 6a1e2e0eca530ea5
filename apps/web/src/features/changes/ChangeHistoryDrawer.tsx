/**
 * The change history of one object (docs/product/api-conventions.md#change-notes): newest first, paged; each entry
 * says when (UTC), how, who (and for whom, by proxy), the note, and before → after of every
 * changed field.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Pagination,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldLabelKey, isMoneyField } from './fieldLabels';
import {
  ChangeMethod,
  formatDateTime,
  listChanges,
  type ChangeEntry,
  type TargetTypeValue,
} from '@adloom/domain';
import { endpointQuery } from '../../lib/query';
import { currentLanguage } from '../../lib/i18n';
import { ApiError, errorText } from '../../lib/api';
import { showMoney } from '../../lib/money';

const HISTORY_PAGE_SIZE = 10;

export interface HistoryTarget {
  targetType: TargetTypeValue;
  id: number;
  /** What the object is called, shown under the title. */
  name?: string;
}

/** Names a field's value the way its screen does (ids → names); undefined for the default. */
export type FieldValueText = (field: string, value: unknown) => string | undefined;

/** A value as the history shows it: money fields from micros in currency units. */
function valueText(field: string, value: unknown, named?: FieldValueText): string {
  if (value === undefined || value === null || value === '') return '-';
  const text = named?.(field, value);
  if (text !== undefined) return text;
  if (typeof value === 'number' && isMoneyField(field)) return showMoney(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

function diffRows(entry: ChangeEntry): DiffRow[] {
  const fields = new Set([
    ...Object.keys(entry.value_before ?? {}),
    ...Object.keys(entry.value_after ?? {}),
  ]);
  return [...fields].map((field) => ({
    field,
    before: entry.value_before?.[field],
    after: entry.value_after?.[field],
  }));
}

function HistoryList({
  target,
  fieldLabel,
  fieldValue,
}: {
  target: HistoryTarget;
  fieldLabel?: (field: string) => string | undefined;
  fieldValue?: FieldValueText;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [page, setPage] = useState(1);
  const query = useQuery(
    endpointQuery(
      listChanges,
      { target_type: target.targetType, target_id: target.id, page, size: HISTORY_PAGE_SIZE },
      { silent: true },
    ),
  );

  if (query.isPending) return <Skeleton active aria-label={t('common.loading')} />;
  if (query.isError) {
    const text =
      query.error instanceof ApiError ? errorText(query.error, lang) : String(query.error);
    return (
      <Alert
        type="error"
        showIcon
        title={t('change.historyFailed')}
        description={text}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const { list, total } = query.data;
  if (list.length === 0) return <Empty description={t('change.noHistory')} />;

  return (
    <>
      <Timeline
        items={list.map((entry) => ({
          key: entry.id,
          content: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <strong>{formatDateTime(entry.created_at)} UTC</strong>
                <Tag>{ChangeMethod.label(entry.method, lang)}</Tag>
                <span>
                  {t('change.by', { user: entry.actor.nickname || entry.actor.username })}
                  {entry.acting_user.id !== entry.actor.id &&
                    ` ${t('change.for', {
                      user: entry.acting_user.nickname || entry.acting_user.username,
                    })}`}
                </span>
              </Space>
              <div>
                {t('change.note')}: {entry.comment || '-'}
              </div>
              {diffRows(entry).length > 0 && (
                <Table<DiffRow>
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={diffRows(entry)}
                  columns={[
                    {
                      title: t('change.field'),
                      dataIndex: 'field',
                      render: (field: string) => {
                        const key = fieldLabelKey(field);
                        return fieldLabel?.(field) ?? (key ? t(key) : field);
                      },
                    },
                    {
                      title: t('change.before'),
                      dataIndex: 'before',
                      render: (value: unknown, row) => valueText(row.field, value, fieldValue),
                    },
                    {
                      title: t('change.after'),
                      dataIndex: 'after',
                      render: (value: unknown, row) => valueText(row.field, value, fieldValue),
                    },
                  ]}
                />
              )}
            </Space>
          ),
        }))}
      />
      {total > HISTORY_PAGE_SIZE && (
        <Pagination
          size="small"
          current={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
}

export function ChangeHistoryDrawer({
  target,
  onClose,
  fieldLabel,
  fieldValue,
}: {
  /** The object whose history is open; null when closed. */
  target: HistoryTarget | null;
  onClose(): void;
  fieldLabel?: (field: string) => string | undefined;
  /** Values by name rather than id (a strategy's creatives, styles, languages). */
  fieldValue?: FieldValueText;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('change.historyTitle')}
      open={target !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {target && (
        <>
          {target.name && <p>{target.name}</p>}
          <HistoryList
            key={`${target.targetType}:${target.id}`}
            target={target}
            fieldLabel={fieldLabel}
            fieldValue={fieldValue}
          />
        </>
      )}
    </Drawer>
  );
}
