/** /system/brand/:id: the models of one brand (paged, searchable). */
import { Form, Input, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  ZModelFields,
  createModel,
  getBrand,
  listAllBrands,
  listBrands,
  listModels,
  modifyModel,
  switchModel,
  type EndpointBody,
  type Model,
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

const MODEL_SORTS = ['id', 'code', 'name', 'status', 'updated_at'] as const;

interface ModelForm {
  code: string;
  name: string;
}

function Models({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const list = useListState({ sortable: MODEL_SORTS });
  const query = useQuery(
    endpointQuery(listModels, { ...list.query, brand_id: brandId }, { silent: true }),
  );
  const refresh = useInvalidate(listModels, listBrands, listAllBrands, getBrand);
  const dialog = useDialog<Model>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<ModelForm>();
  const switcher = useStatusSwitch<Model>(
    'model',
    (body) => call(switchModel, { body, silent: true }),
    refresh,
  );

  const submit = async (values: ModelForm): Promise<boolean> => {
    if (dialog.row) {
      const row = dialog.row;
      const result = await noted.write({
        targetType: 'model',
        method: 'modify',
        target: row.id,
        before: { code: row.code, name: row.name },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyModel, { body: body as EndpointBody<typeof modifyModel>, silent: true }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createModel, { body: { ...values, brand_id: brandId }, silent: true });
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
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('settings.addModel')}
        onAdd={dialog.create}
      />
      <ListTable<Model>
        emptyText={t('settings.noModels')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          { title: t('settings.code'), dataIndex: 'code', key: 'code', sorter: true },
          { title: t('settings.name'), dataIndex: 'name', key: 'name', sorter: true },
          statusColumn(t, switcher),
          updatedColumn(t),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'model', id: row.id, name: row.name })}
              />
            ),
          },
        ]}
      />
      <FormDialog<ModelForm>
        title={dialog.row ? t('settings.editModel') : t('settings.addModel')}
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
          extra={t('settings.modelCodeHelp')}
          rules={[zodRule(ZModelFields, 'code')]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('settings.name')} name="name" rules={[zodRule(ZModelFields, 'name')]}>
          <Input maxLength={64} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </>
  );
}

export function BrandModelsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const brand = useQuery({
    ...endpointQuery(getBrand, { id }, { silent: true }),
    enabled: valid,
  });
  const back = (
    <Link to="/system/brand">
      <ArrowLeftOutlined aria-hidden /> {t('settings.backToBrands')}
    </Link>
  );

  if (!valid || brand.isError) {
    return (
      <SettingsCard title={t('menu.models')}>
        <Result status="warning" title={t('settings.brandNotFound')} extra={back} />
      </SettingsCard>
    );
  }
  if (brand.isPending) {
    return (
      <SettingsCard title={t('menu.models')}>
        <Skeleton active />
      </SettingsCard>
    );
  }
  return (
    <SettingsCard title={t('settings.modelsHeading', { brand: brand.data.name })}>
      <p>{back}</p>
      <Models brandId={id} />
    </SettingsCard>
  );
}
