/** /system/brand: device brands (paged, searchable) with a link to each brand's models. */
import { Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ZBrandFields,
  createBrand,
  listAllBrands,
  listBrands,
  modifyBrand,
  switchBrand,
  type Brand,
  type BrandFields,
  type EndpointBody,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { statusColumn, updatedColumn } from '../../../components/list/columns';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useNotedWrite } from '../../changes/useNotedWrite';
import {
  FormDialog,
  SettingsCard,
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../shared';

const BRAND_SORTS = ['id', 'code', 'name', 'status', 'updated_at'] as const;

export function BrandPage() {
  const { t } = useTranslation();
  const list = useListState({ sortable: BRAND_SORTS });
  const query = useQuery(endpointQuery(listBrands, list.query, { silent: true }));
  const refresh = useInvalidate(listBrands, listAllBrands);
  const dialog = useDialog<Brand>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<BrandFields>();
  const switcher = useStatusSwitch<Brand>(
    'brand',
    (body) => call(switchBrand, { body, silent: true }),
    refresh,
  );

  const submit = async (values: BrandFields): Promise<boolean> => {
    if (dialog.row) {
      const row = dialog.row;
      const result = await noted.write({
        targetType: 'brand',
        method: 'modify',
        target: row.id,
        before: { code: row.code, name: row.name },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyBrand, { body: body as EndpointBody<typeof modifyBrand>, silent: true }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createBrand, { body: values, silent: true });
    }
    await refresh();
    return true;
  };

  return (
    <SettingsCard title={t('menu.brand')}>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('settings.addBrand')}
        onAdd={dialog.create}
      />
      <ListTable<Brand>
        emptyText={t('settings.noBrands')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          { title: t('settings.code'), dataIndex: 'code', key: 'code', sorter: true },
          { title: t('settings.name'), dataIndex: 'name', key: 'name', sorter: true },
          {
            title: t('settings.models'),
            dataIndex: 'model_count',
            render: (count: number, row) => (
              <Link
                to={`/system/brand/${row.id}`}
                aria-label={t('settings.modelsOf', { brand: row.name, count })}
              >
                {count}
              </Link>
            ),
          },
          statusColumn(t, switcher),
          updatedColumn(t),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'brand', id: row.id, name: row.name })}
              />
            ),
          },
        ]}
      />
      <FormDialog<BrandFields>
        title={dialog.row ? t('settings.editBrand') : t('settings.addBrand')}
        creating={!dialog.row}
        open={dialog.open}
        form={form}
        initialValues={dialog.row ? { code: dialog.row.code, name: dialog.row.name } : {}}
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <Form.Item
          label={t('settings.code')}
          name="code"
          extra={t('settings.brandCodeHelp')}
          rules={[zodRule(ZBrandFields, 'code')]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item label={t('settings.name')} name="name" rules={[zodRule(ZBrandFields, 'name')]}>
          <Input maxLength={64} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </SettingsCard>
  );
}
