/** /system/adType: ad types and their ad form. */
import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AdForm,
  ZAdTypeFields,
  createAdType,
  listAdTypes,
  modifyAdType,
  switchAdType,
  type AdType,
  type EndpointBody,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { statusColumn, updatedColumn } from '../../../components/list/columns';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { filterRows, useListState } from '../../../components/list/useListState';
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

interface AdTypeForm {
  name: string;
  ad_form: number;
}

export function AdTypePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useListState();
  const query = useQuery(endpointQuery(listAdTypes, undefined, { silent: true }));
  const refresh = useInvalidate(listAdTypes);
  const dialog = useDialog<AdType>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<AdTypeForm>();
  const switcher = useStatusSwitch<AdType>(
    'adType',
    (body) => call(switchAdType, { body, silent: true }),
    refresh,
  );
  const rows = filterRows(query.data, list, (row) => [row.name]);

  const submit = async (values: AdTypeForm): Promise<boolean> => {
    if (dialog.row) {
      const row = dialog.row;
      const result = await noted.write({
        targetType: 'adType',
        method: 'modify',
        target: row.id,
        before: { name: row.name, ad_form: row.ad_form },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyAdType, { body: body as EndpointBody<typeof modifyAdType>, silent: true }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createAdType, { body: values, silent: true });
    }
    await refresh();
    return true;
  };

  return (
    <SettingsCard title={t('menu.adType')}>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('settings.addAdType')}
        onAdd={dialog.create}
      />
      <ListTable<AdType>
        emptyText={t('settings.noAdTypes')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={rows}
        pagination={{ showSizeChanger: true }}
        columns={[
          { title: t('settings.name'), dataIndex: 'name' },
          {
            title: t('settings.adForm'),
            dataIndex: 'ad_form',
            render: (value: number) => AdForm.label(value, lang),
          },
          statusColumn(t, switcher, { sorter: false }),
          updatedColumn(t, { sorter: false }),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'adType', id: row.id, name: row.name })}
              />
            ),
          },
        ]}
      />
      <FormDialog<AdTypeForm>
        title={dialog.row ? t('settings.editAdType') : t('settings.addAdType')}
        creating={!dialog.row}
        open={dialog.open}
        form={form}
        initialValues={
          dialog.row
            ? { name: dialog.row.name, ad_form: dialog.row.ad_form }
            : { ad_form: AdForm.unlimited }
        }
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <Form.Item label={t('settings.name')} name="name" rules={[zodRule(ZAdTypeFields, 'name')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('settings.adForm')}
          name="ad_form"
          rules={[zodRule(ZAdTypeFields, 'ad_form')]}
        >
          <Select options={AdForm.options(lang)} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </SettingsCard>
  );
}
