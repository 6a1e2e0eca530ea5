/**
 * The demand partners (docs/product/console.md#screens /ssp/dsp, docs/product/supply.md#demand-partners): name, type, slot type, timeout, request
 * and test URLs, CPM, share, status and update time; search (name or URL), status filter,
 * paging and sort; add and edit in a dialog with the spec defaults (edits are noted
 * writes), the status switch, the OpenRTB Test action and the change history.
 */
import { useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AdForm,
  DSP_SORTS,
  DspType,
  createDsp,
  listAllDsps,
  listDsps,
  modifyDsp,
  switchDsp,
  type Dsp,
  type EndpointBody,
} from '@adloom/domain';
import { statusColumn, updatedColumn } from '../../../components/list/columns';
import {
  FormDialog,
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { useDspFieldLabels } from './fieldLabels';
import {
  dspBodyOf,
  dspBodyOfDsp,
  dspFormOf,
  newDspForm,
  withDspMessages,
  type DspFormValues,
} from '../api';
import { DspFormFields } from './DspFormFields';
import { DspTestDrawer } from './DspTestDrawer';
import styles from './dsp.module.css';
import { showMoney } from '../../../lib/money';

/** Who manages demand partners (docs/product/roles-and-access.md#roles): the system and ssp roles. */
export const DSP_WRITERS = ['system', 'ssp'] as const;

function UrlCell({ url }: { url: string }) {
  const { t } = useTranslation();
  if (!url) return <Typography.Text type="secondary">{t('dsp.none')}</Typography.Text>;
  return (
    <Typography.Text className={styles.url} ellipsis={{ tooltip: url }} copyable={{ text: url }}>
      {url}
    </Typography.Text>
  );
}

/** The host of a partner's user-sync URL, when it has one that reads as a URL. */
function syncHostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

export function DspList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const fieldLabel = useDspFieldLabels();
  const list = useListState({ sortable: DSP_SORTS });
  const query = useQuery(endpointQuery(listDsps, list.query, { silent: true }));
  const refresh = useInvalidate(listDsps, listAllDsps);
  const dialog = useDialog<Dsp>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [testing, setTesting] = useState<Dsp | null>(null);
  const [form] = Form.useForm<DspFormValues>();
  const switcher = useStatusSwitch<Dsp>(
    'dsp',
    (body) => call(switchDsp, { body, silent: true }),
    refresh,
  );

  const submit = async (values: DspFormValues): Promise<boolean> => {
    const body = dspBodyOf(values);
    if (dialog.row) {
      const result = await noted.write({
        targetType: 'dsp',
        method: 'modify',
        target: dialog.row.id,
        before: { ...dspBodyOfDsp(dialog.row) },
        after: { ...body },
        form,
        send: (changes) =>
          withDspMessages(() =>
            call(modifyDsp, {
              body: changes as EndpointBody<typeof modifyDsp>,
              silent: true,
            }),
          ),
      });
      if (result.status !== 'done') return false;
    } else {
      await withDspMessages(() => call(createDsp, { body, silent: true }));
    }
    await refresh();
    return true;
  };

  return (
    <>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('dsp.searchPlaceholder')}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('dsp.add')}
        onAdd={dialog.create}
        writers={DSP_WRITERS}
      />
      <ListTable<Dsp>
        emptyText={t('dsp.empty')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('dsp.field.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            fixed: 'left',
          },
          {
            title: t('dsp.field.type'),
            dataIndex: 'type',
            key: 'type',
            sorter: true,
            render: (type: number) => DspType.label(type, lang),
          },
          {
            title: t('dsp.field.slotType'),
            dataIndex: 'slot_type',
            key: 'slot_type',
            sorter: true,
            render: (slotType: number) => AdForm.label(slotType, lang),
          },
          {
            title: t('dsp.field.timeout'),
            dataIndex: 'timeout_ms',
            key: 'timeout_ms',
            sorter: true,
            align: 'right',
            render: (value: number) => t('dsp.ms', { value }),
          },
          {
            title: t('dsp.field.requestUrl'),
            dataIndex: 'request_url',
            key: 'request_url',
            render: (url: string) => <UrlCell url={url} />,
          },
          {
            title: t('dsp.field.testUrl'),
            dataIndex: 'test_url',
            key: 'test_url',
            render: (url: string) => <UrlCell url={url} />,
          },
          {
            title: t('dsp.field.cpm'),
            dataIndex: 'cpm',
            key: 'cpm',
            sorter: true,
            align: 'right',
            render: (micros: number) => showMoney(micros),
          },
          {
            title: t('dsp.field.percent'),
            dataIndex: 'percent',
            key: 'percent',
            sorter: true,
            align: 'right',
            // The share passed on and our take, the rest (docs/decisions/partner-pricing.md).
            render: (value: number) => t('dsp.permilleWithTake', { value, take: 1000 - value }),
          },
          {
            // The partner's IAB TCF vendor id (config.gvlVendorId): GDPR traffic needs it.
            title: t('dsp.field.vendorId'),
            key: 'vendor_id',
            align: 'right',
            render: (_: unknown, row: { config: Record<string, unknown> }) => {
              const id = row.config.gvlVendorId;
              return typeof id === 'number' || typeof id === 'string' ? (
                String(id)
              ) : (
                <Typography.Text type="secondary">{t('dsp.none')}</Typography.Text>
              );
            },
          },
          {
            // Where browsers are sent to sync with the partner (config.userSync): its host.
            title: t('dsp.field.userSync'),
            key: 'user_sync',
            render: (_: unknown, row: { config: Record<string, unknown> }) => {
              const host = syncHostOf(row.config.userSync);
              if (!host) return <Typography.Text type="secondary">{t('dsp.none')}</Typography.Text>;
              // How the browser syncs (config.userSyncType): an iframe or an image redirect.
              const type = row.config.userSyncType === 'iframe' ? 'iframe' : 'redirect';
              return `${host} (${t(`dsp.syncType.${type}`)})`;
            },
          },
          statusColumn(t, switcher, { writers: DSP_WRITERS }),
          updatedColumn(t),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                writers={DSP_WRITERS}
                onEdit={() => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'dsp', id: row.id, name: row.name })}
              >
                <Button type="link" size="small" onClick={() => setTesting(row)}>
                  {t('dsp.test.action')}
                </Button>
              </RowActions>
            ),
          },
        ]}
      />
      <FormDialog<DspFormValues>
        title={dialog.row ? t('dsp.edit') : t('dsp.add')}
        open={dialog.open}
        form={form}
        initialValues={dialog.row ? dspFormOf(dialog.row) : newDspForm()}
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <DspFormFields />
      </FormDialog>
      <DspTestDrawer dsp={testing} onClose={() => setTesting(null)} />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
      />
    </>
  );
}
