/**
 * /ssp/media (docs/product/console.md#screens, docs/product/supply.md#media): the media in reach with owner (for ssp and system), OS,
 * bundle, slot count linking to their slots, status and update time; search, status, OS and
 * owner filters, paging and sort; add and edit in a dialog, Active / Inactive / Delete
 * through the note prompt, and the change history. The server enforces every rule.
 */
import { useState } from 'react';
import { Empty, Select, Typography, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MEDIA_SORTS,
  Platform,
  WideStatus,
  hasAnyRole,
  listAllMedia,
  listMedia,
  switchMedia,
  type Media,
} from '@adloom/domain';
import { updatedColumn } from '../../../components/list/columns';
import {
  SettingsCard,
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import { useSession } from '../../../app/session';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { translating } from '../api';
import { useMediaFieldLabels } from '../components/fieldLabels';
import { MediaDialog } from '../components/MediaDialog';
import { OwnerSelect, ownerLabel } from '../components/OwnerSelect';
import {
  DeleteAction,
  StatusCell,
  SUPPLY_WRITERS,
  wideStatusOptions,
} from '../components/StatusCell';

export function MediaPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { roles } = useSession();
  const reachesAll = hasAnyRole(roles, ['ssp', 'system']);
  const list = useListState({ sortable: MEDIA_SORTS });
  const [os, setOs] = useState<number | undefined>();
  const [ownerId, setOwnerId] = useState<number | undefined>();
  const query = useQuery(
    endpointQuery(
      listMedia,
      {
        ...list.query,
        ...(os !== undefined ? { os } : {}),
        ...(ownerId !== undefined ? { owner_id: ownerId } : {}),
      },
      { silent: true },
    ),
  );
  const refresh = useInvalidate(listMedia, listAllMedia);
  const dialog = useDialog<Media>();
  const history = useHistory();
  const fieldLabel = useMediaFieldLabels();
  const [messages, messageHolder] = message.useMessage();
  const switcher = useStatusSwitch<Media>(
    'media',
    (body) => translating(() => call(switchMedia, { body, silent: true })),
    refresh,
  );
  const filtered =
    list.status !== undefined || os !== undefined || ownerId !== undefined || !!list.keyword;

  const filterThen =
    <T,>(set: (value: T | undefined) => void) =>
    (value: T | undefined) => {
      set(value ?? undefined);
      list.setPage(1);
    };

  const saved = async (_media: Media, created: boolean) => {
    void messages.success(created ? t('media.created') : t('media.saved'));
    await refresh();
  };

  const emptyText = filtered ? t('media.noMatch') : t('media.noMedia');

  return (
    <SettingsCard title={t('menu.media')}>
      {messageHolder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('media.searchPlaceholder')}
        addLabel={t('media.add')}
        onAdd={dialog.create}
        writers={SUPPLY_WRITERS}
        extra={
          <>
            <Select<number>
              aria-label={t('list.status')}
              placeholder={t('list.allStatuses')}
              allowClear
              value={list.status}
              onChange={(value) => list.setStatus(value ?? undefined)}
              options={wideStatusOptions()}
              style={{ width: 150 }}
            />
            <Select<number>
              aria-label={t('media.os')}
              placeholder={t('media.anyOs')}
              allowClear
              value={os}
              onChange={filterThen(setOs)}
              options={Platform.options(lang)}
              style={{ width: 150 }}
            />
            {reachesAll && (
              <OwnerSelect
                aria-label={t('media.owner')}
                placeholder={t('media.anyOwner')}
                allowClear
                value={ownerId}
                onChange={filterThen(setOwnerId)}
                style={{ width: 220 }}
              />
            )}
          </>
        }
      />
      <ListTable<Media>
        emptyText={emptyText}
        locale={{
          emptyText: (
            <Empty description={emptyText}>
              {!filtered && (
                <Typography.Paragraph type="secondary" style={{ maxWidth: 480, margin: '0 auto' }}>
                  {t('media.firstSteps')}
                </Typography.Paragraph>
              )}
            </Empty>
          ),
        }}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('media.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            render: (name: string, row) => (
              <div>
                <div>{name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  #{row.id}
                </Typography.Text>
              </div>
            ),
          },
          ...(reachesAll
            ? [
                {
                  title: t('media.owner'),
                  key: 'owner',
                  render: (_: unknown, row: Media) => ownerLabel(row.owner),
                },
              ]
            : []),
          {
            title: t('media.os'),
            dataIndex: 'os',
            render: (value: number) => Platform.label(value, lang),
          },
          {
            title: t('media.bundle'),
            dataIndex: 'bundle',
            render: (value: string) => value || '-',
          },
          {
            title: t('media.slots'),
            dataIndex: 'slot_count',
            key: 'slot_count',
            sorter: true,
            render: (count: number, row) => (
              <Link
                to={`/ssp/slot?media_id=${row.id}`}
                aria-label={t('media.slotsOf', { name: row.name, count })}
              >
                {count}
              </Link>
            ),
          },
          {
            title: t('list.status'),
            dataIndex: 'status',
            key: 'status',
            sorter: true,
            render: (_: number, row) => <StatusCell row={row} switcher={switcher} target="media" />,
          },
          updatedColumn<Media>(t),
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <RowActions
                writers={SUPPLY_WRITERS}
                onEdit={row.status === WideStatus.deleted ? undefined : () => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'media', id: row.id, name: row.name })}
              >
                <DeleteAction
                  target="media"
                  row={row}
                  switcher={switcher}
                  title={t('media.deleteConfirm', { name: row.name })}
                  help={t('media.deleteHelp')}
                  label={t('media.delete')}
                />
              </RowActions>
            ),
          },
        ]}
      />
      <MediaDialog
        open={dialog.open}
        row={dialog.row}
        choosesOwner={reachesAll}
        onClose={dialog.close}
        onSaved={saved}
      />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
      />
    </SettingsCard>
  );
}
