/**
 * /ad/resource, the material library (docs/product/console.md#screens, docs/product/advertising.md#materials, docs/product/advertising.md#transcoding): thumbnails with dimensions,
 * duration, size, kind and state; search, kind and status filters, sorting, paging; upload
 * by drag-and-drop with progress; videos' transcoding state live; preview; rename (noted),
 * shelve / restore / delete, history. The server enforces reach and every rule.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_SORTS,
  MaterialKind,
  WideStatus,
  ZMaterialFields,
  formatDateTime,
  getMaterial,
  listMaterials,
  modifyMaterial,
  switchMaterial,
  type EndpointBody,
  type EnumValue,
  type Material,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar, useCanWrite } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import {
  FormDialog,
  SettingsCard,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { zodRule } from '../../../lib/zodRule';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { dimensionsText, durationText, sizeText, useMaterialList } from '../api';
import { MaterialPreview } from '../components/MaterialPreview';
import { MaterialThumb } from '../components/MaterialThumb';
import { MaterialUploader } from '../components/MaterialUploader';
import { StatusTag, TranscodeTag } from '../components/MaterialTags';

const WRITERS = ['adController'] as const;

type KindValue = EnumValue<typeof MaterialKind>;

export function MaterialsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canWrite = useCanWrite(WRITERS);
  const list = useListState({ sortable: MATERIAL_SORTS });
  const [kind, setKind] = useState<KindValue | undefined>();
  const query = useMaterialList({ ...list.query, ...(kind ? { kind } : {}) });
  const refresh = useInvalidate(listMaterials, getMaterial);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<Material | null>(null);
  const [renaming, setRenaming] = useState<Material | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const noted = useNotedWrite();
  const history = useHistory();
  const switcher = useStatusSwitch<Material>(
    'material',
    (body) => call(switchMaterial, { body, silent: true }),
    refresh,
  );
  const filtered = Boolean(list.keyword) || kind !== undefined || list.status !== undefined;
  const polling = query.data?.list.some((row) => row.transcode_state === 0) ?? false;
  // The owner column only helps someone who sees others' materials (an agent, a manager).
  const { user } = useSession();
  const othersListed = query.data?.list.some((row) => row.owner.id !== user?.id) ?? false;

  const rename = async (values: { name: string }): Promise<boolean> => {
    if (!renaming) return true;
    const result = await noted.write({
      targetType: 'material',
      method: 'modify',
      target: renaming.id,
      before: { name: renaming.name },
      after: { name: values.name.trim() },
      form,
      send: (body) =>
        call(modifyMaterial, {
          body: body as EndpointBody<typeof modifyMaterial>,
          silent: true,
        }),
    });
    if (result.status === 'done') await refresh();
    return result.status === 'done' || result.status === 'none';
  };

  const statusActions = (row: Material) => {
    if (!canWrite) return null;
    const to = (status: number, label: string, danger = false) => (
      <Button
        type="link"
        size="small"
        danger={danger}
        loading={switcher.pendingId === row.id}
        onClick={() =>
          void switcher.toggle(
            row,
            status,
            // Deleting asks in the console's one confirmation: what goes, a red button, the note.
            danger
              ? { title: t('material.deleteConfirm', { name: row.name }), okText: label, danger }
              : undefined,
          )
        }
      >
        {label}
      </Button>
    );
    return (
      <>
        {row.status === WideStatus.active && to(WideStatus.inactive, t('material.shelve'))}
        {row.status !== WideStatus.active && to(WideStatus.active, t('material.restore'))}
        {row.status !== WideStatus.deleted && to(WideStatus.deleted, t('material.delete'), true)}
      </>
    );
  };

  return (
    <SettingsCard title={t('menu.resources')}>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('material.searchPlaceholder')}
        addLabel={t('material.upload')}
        onAdd={() => setUploading(true)}
        writers={WRITERS}
        extra={
          <>
            <Select<KindValue>
              aria-label={t('material.kind')}
              placeholder={t('material.allKinds')}
              allowClear
              value={kind}
              onChange={(value) => {
                setKind(value ?? undefined);
                list.setPage(1);
              }}
              options={MaterialKind.options(lang)}
              style={{ width: 140 }}
            />
            <Select<number>
              aria-label={t('material.status')}
              placeholder={t('material.allStatuses')}
              allowClear
              value={list.status}
              onChange={(value) => list.setStatus(value ?? undefined)}
              options={WideStatus.options(lang)}
              style={{ width: 150 }}
            />
          </>
        }
      />
      <ListTable<Material>
        emptyText={filtered ? t('material.emptyFiltered') : t('material.empty')}
        loading={query.isFetching && !polling}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('material.preview'),
            key: 'preview',
            width: 88,
            render: (_, row) => <MaterialThumb material={row} onClick={() => setPreviewing(row)} />,
          },
          { title: t('material.name'), dataIndex: 'name', key: 'name', sorter: true },
          {
            title: t('material.kind'),
            dataIndex: 'kind',
            render: (value: string) => MaterialKind.label(value, lang),
          },
          {
            title: t('material.dimensions'),
            key: 'dimensions',
            render: (_, row) => dimensionsText(row),
          },
          {
            title: t('material.duration'),
            dataIndex: 'duration_ms',
            render: (value: number | null, row) =>
              row.kind === 'video' ? durationText(value) : '-',
          },
          {
            title: t('material.size'),
            dataIndex: 'size_bytes',
            key: 'size_bytes',
            sorter: true,
            render: (value: number) => sizeText(value),
          },
          {
            title: t('material.state'),
            key: 'state',
            render: (_, row) => <TranscodeTag material={row} />,
          },
          {
            title: t('material.status'),
            dataIndex: 'status',
            render: (status: number) => <StatusTag status={status} />,
          },
          ...(othersListed
            ? [
                {
                  title: t('material.owner'),
                  dataIndex: 'owner',
                  render: (owner: Material['owner']) => (
                    <Tooltip title={owner.username}>{owner.nickname || owner.username}</Tooltip>
                  ),
                },
              ]
            : []),
          {
            title: t('material.uploadedAt'),
            dataIndex: 'created_at',
            key: 'created_at',
            sorter: true,
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                writers={WRITERS}
                onHistory={() =>
                  history.show({ targetType: 'material', id: row.id, name: row.name })
                }
              >
                {canWrite && (
                  <Button type="link" size="small" onClick={() => setRenaming(row)}>
                    {t('material.rename')}
                  </Button>
                )}
                {statusActions(row)}
              </RowActions>
            ),
          },
        ]}
      />
      <Modal
        title={t('material.uploadTitle')}
        open={uploading}
        onCancel={() => setUploading(false)}
        footer={
          <Space>
            <Button onClick={() => setUploading(false)}>{t('material.done')}</Button>
          </Space>
        }
        width={640}
      >
        <MaterialUploader withName onUploaded={() => void refresh()} />
      </Modal>
      <FormDialog<{ name: string }>
        title={t('material.renameTitle')}
        open={renaming !== null}
        form={form}
        initialValues={renaming ? { name: renaming.name } : {}}
        onCancel={() => setRenaming(null)}
        onSubmit={rename}
      >
        <Form.Item
          label={t('material.name')}
          name="name"
          rules={[zodRule(ZMaterialFields, 'name')]}
        >
          <Input maxLength={128} />
        </Form.Item>
      </FormDialog>
      <MaterialPreview material={previewing} onClose={() => setPreviewing(null)} />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={(field) => (field === 'name' ? t('material.name') : undefined)}
      />
    </SettingsCard>
  );
}
