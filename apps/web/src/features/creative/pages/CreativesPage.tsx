/**
 * /ad/idea, creatives (docs/product/console.md#screens, docs/product/advertising.md#creatives, docs/product/advertising.md#creative-review): the creatives in reach with a small
 * preview, style, language, OS, audit state (the reason on failed ones), shelf status and
 * update time; search, filters (audit state, status, style, language), paging and sort;
 * create and edit in a drawer with the live preview; shelve, restore, delete (one
 * confirmation with the change note) and the change history; row selection with bulk shelve,
 * restore and delete. The server enforces every rule; this screen only follows them.
 */
import { useMemo, useState } from 'react';
import { Button, Empty, Select, Typography, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CREATIVE_SORTS,
  CreativeAuditState,
  CreativeLanguage,
  CreativeReview,
  Platform,
  REVIEW_STATES,
  WideStatus,
  formatDateTime,
  getCreative,
  listCreatives,
  shelfStateOf,
  switchCreative,
  type Creative,
} from '@adloom/domain';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import {
  SettingsCard,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { useStyles } from '../../../lib/settings';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { ReviewTag, ShelfTag } from '../components/AuditTags';
import { CreativeDrawer } from '../components/CreativeDrawer';
import { CreativeThumb } from '../components/CreativeThumb';
import { useCreativeBulk } from '../components/useCreativeBulk';
import { useCreativeFieldLabels } from '../components/fieldLabels';
import { isDecided } from '../api';

const WRITERS = ['adController'] as const;

export function CreativesPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useListState({ sortable: CREATIVE_SORTS });
  // The dashboard's cards open the list filtered (`?audit_state=failed`).
  const [params] = useSearchParams();
  const [auditState, setAuditState] = useState<string | undefined>(() => {
    const wanted = params.get('audit_state') ?? '';
    return (REVIEW_STATES as readonly string[]).includes(wanted) ? wanted : undefined;
  });
  const [styleId, setStyleId] = useState<number | undefined>();
  const [language, setLanguage] = useState<string | undefined>();
  const query = useQuery(
    endpointQuery(
      listCreatives,
      {
        ...list.query,
        ...(auditState ? { audit_state: auditState } : {}),
        ...(styleId ? { style_id: styleId } : {}),
        ...(language ? { language } : {}),
      },
      { silent: true },
    ),
  );
  const stylesQuery = useStyles();
  const styles = useMemo(() => stylesQuery.data ?? [], [stylesQuery.data]);
  const styleOf = useMemo(() => new Map(styles.map((style) => [style.id, style])), [styles]);
  const refresh = useInvalidate(listCreatives, getCreative);
  const [drawer, setDrawer] = useState<{ open: boolean; creative: Creative | null }>({
    open: false,
    creative: null,
  });
  const history = useHistory();
  const fieldLabel = useCreativeFieldLabels();
  const [messages, messageHolder] = message.useMessage();
  const switcher = useStatusSwitch<Creative>(
    'creative',
    (body) => call(switchCreative, { body, silent: true }),
    refresh,
  );
  const filtered = auditState !== undefined || styleId !== undefined || language !== undefined;
  const bulk = useCreativeBulk({ rows: query.data?.list ?? [], refresh });

  const filterThen =
    <T,>(set: (value: T | undefined) => void) =>
    (value: T | undefined) => {
      set(value ?? undefined);
      list.setPage(1);
    };

  const saved = async (creative: Creative) => {
    const before = drawer.creative;
    setDrawer((current) => ({ ...current, open: false }));
    if (!before) void messages.success(t('creative.created'));
    else if (isDecided(before) && creative.review === CreativeReview.auditing) {
      void messages.warning(t('creative.backToAudit'));
    } else void messages.success(t('creative.saved'));
    await refresh();
  };

  const emptyText = filtered || list.keyword ? t('creative.noMatch') : t('creative.noCreatives');

  return (
    <SettingsCard title={t('menu.ideas')}>
      {messageHolder}
      {switcher.holder}
      {bulk.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('creative.searchPlaceholder')}
        addLabel={t('creative.add')}
        onAdd={() => setDrawer({ open: true, creative: null })}
        writers={WRITERS}
        extra={
          <>
            <Select<string>
              aria-label={t('creative.auditFilter')}
              placeholder={t('creative.anyAuditState')}
              allowClear
              value={auditState}
              onChange={filterThen(setAuditState)}
              options={REVIEW_STATES.map((state) => ({
                value: state,
                label: CreativeAuditState.label(state, lang),
              }))}
              style={{ width: 160 }}
            />
            <Select<number>
              aria-label={t('list.status')}
              placeholder={t('list.allStatuses')}
              allowClear
              value={list.status}
              onChange={(value) => list.setStatus(value ?? undefined)}
              options={WideStatus.values.map((value) => ({
                value,
                label: CreativeAuditState.label(shelfStateOf(value), lang),
              }))}
              style={{ width: 160 }}
            />
            <Select<number>
              aria-label={t('creative.style')}
              placeholder={t('creative.anyStyle')}
              allowClear
              value={styleId}
              onChange={filterThen(setStyleId)}
              loading={stylesQuery.isPending}
              options={styles.map((style) => ({ value: style.id, label: style.name }))}
              style={{ width: 160 }}
            />
            <Select<string>
              aria-label={t('creative.language')}
              placeholder={t('creative.anyLanguage')}
              allowClear
              value={language}
              onChange={filterThen(setLanguage)}
              options={CreativeLanguage.options(lang)}
              style={{ width: 140 }}
            />
          </>
        }
      />
      {bulk.bar}
      <ListTable<Creative>
        emptyText={emptyText}
        rowSelection={bulk.rowSelection}
        locale={{
          emptyText: (
            <Empty description={emptyText}>
              {!filtered && !list.keyword && (
                <Typography.Paragraph type="secondary" style={{ maxWidth: 480, margin: '0 auto' }}>
                  {t('creative.firstSteps')}
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
            title: t('creative.preview.column'),
            key: 'preview',
            render: (_, row) => <CreativeThumb creative={row} style={styleOf.get(row.style_id)} />,
          },
          {
            title: t('creative.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            render: (name: string, row) => (
              <div>
                <div>{name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  #{row.id}
                  {row.title ? ` · ${row.title}` : ''}
                </Typography.Text>
              </div>
            ),
          },
          { title: t('creative.style'), dataIndex: 'style_name', key: 'style' },
          {
            title: t('creative.language'),
            dataIndex: 'language',
            render: (value: string) => CreativeLanguage.label(value, lang),
          },
          {
            title: t('creative.os'),
            dataIndex: 'os',
            render: (value: number) => Platform.label(value, lang),
          },
          {
            title: t('creative.auditColumn'),
            dataIndex: 'review',
            key: 'review',
            sorter: true,
            render: (_, row) => <ReviewTag creative={row} />,
          },
          {
            title: t('list.status'),
            dataIndex: 'status',
            key: 'status',
            sorter: true,
            render: (status: number) => <ShelfTag status={status} />,
          },
          {
            title: t('list.updated'),
            dataIndex: 'updated_at',
            key: 'updated_at',
            sorter: true,
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => {
              const deleted = row.status === WideStatus.deleted;
              const busy = switcher.pendingId === row.id;
              return (
                <RowActions
                  writers={WRITERS}
                  onEdit={deleted ? undefined : () => setDrawer({ open: true, creative: row })}
                  onHistory={() =>
                    history.show({ targetType: 'creative', id: row.id, name: row.name })
                  }
                >
                  {row.status === WideStatus.active && (
                    <Button
                      type="link"
                      size="small"
                      loading={busy}
                      onClick={() => void switcher.toggle(row, WideStatus.inactive)}
                    >
                      {t('creative.shelve')}
                    </Button>
                  )}
                  {row.status === WideStatus.inactive && (
                    <Button
                      type="link"
                      size="small"
                      loading={busy}
                      onClick={() => void switcher.toggle(row, WideStatus.active)}
                    >
                      {t('creative.restore')}
                    </Button>
                  )}
                  {!deleted && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      loading={busy}
                      onClick={() =>
                        void switcher.toggle(row, WideStatus.deleted, {
                          title: t('creative.deleteConfirm', { name: row.name }),
                          impact: t('creative.deleteHelp'),
                          okText: t('creative.delete'),
                          danger: true,
                        })
                      }
                    >
                      {t('creative.delete')}
                    </Button>
                  )}
                </RowActions>
              );
            },
          },
        ]}
      />
      <CreativeDrawer
        open={drawer.open}
        creative={drawer.creative}
        styles={styles}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
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
