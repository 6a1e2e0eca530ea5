/**
 * /ad/exam, creative audit (docs/product/console.md#screens, docs/product/advertising.md#creative-review, docs/product/roles-and-access.md#ownership): the queue by review state, pending first,
 * with counts; each creative with its preview, owner, style and submission time; approve,
 * reject with a reason, bulk approve of the selected rows; who decided and when. exam
 * sees its own users' creatives, examAdvanced everyone's; the server decides.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Empty, Input, Select, Space, Tabs, Typography, message } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CreativeAuditState,
  CreativeLanguage,
  Platform,
  REVIEW_STATES,
  approveCreatives,
  countAudit,
  formatDateTime,
  listAudit,
  type Creative,
  type ReviewState,
} from '@adloom/domain';
import { useConfirm } from '../../../components/confirm/useConfirm';
import { ListTable } from '../../../components/list/ListTable';
import { useListState } from '../../../components/list/useListState';
import { SettingsCard, useInvalidate } from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { reportFormError } from '../../../lib/formErrors';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { useStyles } from '../../../lib/settings';
import { ReviewTag } from '../components/AuditTags';
import { CreativeDetails } from '../components/CreativeDetails';
import { CreativePreview } from '../components/CreativePreview';
import { RejectDialog } from '../components/RejectDialog';
import { translatedError } from '../api';

const AUDIT_SORTS = ['id', 'name', 'submitted_at', 'reviewed_at'] as const;
const WAITING: readonly ReviewState[] = ['pending', 'underAudit'];

/** Shows a failed decision as a toast (field issues have no form here). */
const DETACHED = {
  getFieldsValue: () => ({}),
  setFields: () => undefined,
} as unknown as Parameters<typeof reportFormError>[0];

export function AuditPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // The dashboard's cards open a tab directly (`?tab=failed`).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<ReviewState>(() => {
    const wanted = params.get('tab') ?? '';
    return (REVIEW_STATES as readonly string[]).includes(wanted)
      ? (wanted as ReviewState)
      : 'pending';
  });
  const [styleId, setStyleId] = useState<number | undefined>();
  const [language, setLanguage] = useState<string | undefined>();
  const list = useListState({ sortable: AUDIT_SORTS });
  const filters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(styleId ? { style_id: styleId } : {}),
    ...(language ? { language } : {}),
  };
  const query = useQuery(
    endpointQuery(listAudit, { ...list.query, audit_state: tab, ...filters }, { silent: true }),
  );
  const counts = useQuery(endpointQuery(countAudit, filters, { silent: true }));
  const stylesQuery = useStyles();
  const styleOf = useMemo(
    () => new Map((stylesQuery.data ?? []).map((style) => [style.id, style])),
    [stylesQuery.data],
  );
  const refresh = useInvalidate(listAudit, countAudit);
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[]>([]);
  const [approving, setApproving] = useState<number[]>([]);
  const [details, setDetails] = useState<Creative | null>(null);
  const [messages, messageHolder] = message.useMessage();
  const confirm = useConfirm();
  const waiting = WAITING.includes(tab);

  const changeTab = (next: string) => {
    setTab(next as ReviewState);
    setSelected([]);
    list.setPage(1);
  };

  const decided = async (ids: number[], text: string) => {
    setSelected((current) => current.filter((id) => !ids.includes(id)));
    setDetails(null);
    void messages.success(text);
    await refresh();
  };

  const approve = async (ids: number[]) => {
    setApproving(ids);
    try {
      const done = await call(approveCreatives, { body: { ids }, silent: true });
      await decided(ids, t('creative.audit.approved', { count: done.length }));
    } catch (error) {
      reportFormError(DETACHED, translatedError(error));
      await refresh();
    } finally {
      setApproving([]);
    }
  };

  // One decision on one row needs no question; several at once are asked about first.
  const approveSelected = async () => {
    const ids = selected;
    const confirmed = await confirm.ask({
      title: t('creative.audit.bulkApproveConfirm', { count: ids.length }),
      okText: t('creative.audit.approve'),
    });
    if (confirmed) await approve(ids);
  };

  const decisionButtons = (row: Creative) =>
    waiting && (
      <Space wrap>
        <Button
          type="primary"
          size="small"
          loading={approving.includes(row.id)}
          onClick={() => void approve([row.id])}
        >
          {t('creative.audit.approve')}
        </Button>
        <Button danger size="small" onClick={() => setRejecting([row.id])}>
          {t('creative.audit.reject')}
        </Button>
      </Space>
    );

  const tabLabel = (state: ReviewState) => (
    <Space size={6}>
      {CreativeAuditState.label(state, lang)}
      <Badge
        count={counts.data?.[state] ?? 0}
        showZero
        overflowCount={9999}
        color={WAITING.includes(state) && (counts.data?.[state] ?? 0) > 0 ? undefined : '#8c8c8c'}
      />
    </Space>
  );

  const emptyText =
    list.keyword || styleId || language ? t('creative.noMatch') : t(`creative.audit.empty.${tab}`);

  return (
    <SettingsCard title={t('menu.exam')}>
      {messageHolder}
      {confirm.holder}
      <Tabs
        activeKey={tab}
        onChange={changeTab}
        items={REVIEW_STATES.map((state) => ({ key: state, label: tabLabel(state) }))}
      />
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input
            type="search"
            aria-label={t('list.search')}
            placeholder={t('creative.searchPlaceholder')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={list.keywordInput}
            onChange={(event) => list.setKeyword(event.target.value)}
            style={{ width: 240 }}
          />
          <Select<number>
            aria-label={t('creative.style')}
            placeholder={t('creative.anyStyle')}
            allowClear
            value={styleId}
            onChange={(value) => {
              setStyleId(value ?? undefined);
              list.setPage(1);
            }}
            options={(stylesQuery.data ?? []).map((style) => ({
              value: style.id,
              label: style.name,
            }))}
            style={{ width: 160 }}
          />
          <Select<string>
            aria-label={t('creative.language')}
            placeholder={t('creative.anyLanguage')}
            allowClear
            value={language}
            onChange={(value) => {
              setLanguage(value ?? undefined);
              list.setPage(1);
            }}
            options={CreativeLanguage.options(lang)}
            style={{ width: 140 }}
          />
        </Space>
        {waiting && (
          <Space wrap>
            <Typography.Text type="secondary">
              {t('creative.audit.selected', { count: selected.length })}
            </Typography.Text>
            <Button
              type="primary"
              disabled={selected.length === 0}
              loading={approving.length > 1}
              onClick={() => void approveSelected()}
            >
              {t('creative.audit.bulkApprove')}
            </Button>
            <Button danger disabled={selected.length === 0} onClick={() => setRejecting(selected)}>
              {t('creative.audit.bulkReject')}
            </Button>
          </Space>
        )}
      </Space>
      <ListTable<Creative>
        emptyText={emptyText}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        rowSelection={
          waiting
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        columns={[
          {
            title: t('creative.preview.column'),
            key: 'preview',
            render: (_, row) => (
              <CreativePreview creative={row} style={styleOf.get(row.style_id)} compact />
            ),
          },
          {
            title: t('creative.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            render: (name: string, row) => (
              <Space orientation="vertical" size={4}>
                <Typography.Link onClick={() => setDetails(row)}>
                  {name} (#{row.id})
                </Typography.Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.style_name} · {CreativeLanguage.label(row.language, lang)} ·{' '}
                  {Platform.label(row.os, lang)}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 12, maxWidth: 260 }} ellipsis>
                  {row.click_url || '-'}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('creative.owner'),
            dataIndex: 'owner',
            render: (owner: Creative['owner']) => (
              <div>
                <div>{owner.nickname}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {owner.username}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('creative.submitted'),
            dataIndex: 'submitted_at',
            key: 'submitted_at',
            sorter: true,
            render: (value: string) => formatDateTime(value),
          },
          waiting
            ? {
                title: t('creative.audit.state'),
                key: 'state',
                render: (_, row) => <ReviewTag creative={row} />,
              }
            : {
                title: t('creative.decided'),
                dataIndex: 'reviewed_at',
                key: 'reviewed_at',
                sorter: true,
                render: (_, row) => (
                  <Space orientation="vertical" size={4}>
                    <ReviewTag creative={row} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('creative.decidedBy', {
                        user: row.reviewer?.nickname || row.reviewer?.username || '-',
                        time: formatDateTime(row.reviewed_at),
                      })}
                    </Typography.Text>
                  </Space>
                ),
              },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space orientation="vertical" size={4}>
                {decisionButtons(row)}
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => setDetails(row)}
                >
                  {t('creative.audit.details')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <RejectDialog
        ids={rejecting}
        onClose={() => setRejecting([])}
        onDone={async (rejected) => {
          const ids = rejecting;
          setRejecting([]);
          await decided(ids, t('creative.audit.rejected', { count: rejected.length }));
        }}
      />
      <CreativeDetails
        creative={details}
        style={details ? styleOf.get(details.style_id) : undefined}
        onClose={() => setDetails(null)}
        extra={details && decisionButtons(details)}
      />
    </SettingsCard>
  );
}
