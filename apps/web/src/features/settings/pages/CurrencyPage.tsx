/**
 * /system/currency: the operator's currency rate table (issue 22 item 6,
 * docs/decisions/currencies.md) — paged and searchable by code, each rate with its last
 * change, noted edits, status switch and history. Names come from the browser's Intl in the
 * interface language.
 */
import { Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZCurrencyRateFields,
  createCurrencyRate,
  listCurrencyRates,
  modifyCurrencyRate,
  rateText,
  switchCurrencyRate,
  type CurrencyRate,
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

interface CurrencyForm {
  code: string;
  rate: string;
}

const SORTS = ['id', 'code', 'per_usd_micros', 'status', 'updated_at'] as const;

/** The currency's name in the interface language ('' when the browser does not know it). */
function currencyName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'currency' }).of(code);
    return name && name !== code ? name : '';
  } catch {
    return '';
  }
}

export function CurrencyPage() {
  const { t, i18n } = useTranslation();
  const list = useListState({ sortable: SORTS });
  const query = useQuery(endpointQuery(listCurrencyRates, list.query, { silent: true }));
  const refresh = useInvalidate(listCurrencyRates);
  const dialog = useDialog<CurrencyRate>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<CurrencyForm>();
  const switcher = useStatusSwitch<CurrencyRate>(
    'currencyRate',
    (body) => call(switchCurrencyRate, { body, silent: true }),
    refresh,
  );
  const formOf = (row: CurrencyRate): CurrencyForm => ({
    code: row.code,
    rate: rateText(row.per_usd_micros),
  });

  const submit = async (values: CurrencyForm): Promise<boolean> => {
    if (dialog.row) {
      const result = await noted.write({
        targetType: 'currencyRate',
        method: 'modify',
        target: dialog.row.id,
        before: { ...formOf(dialog.row) },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyCurrencyRate, {
            body: body as EndpointBody<typeof modifyCurrencyRate>,
            silent: true,
          }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createCurrencyRate, { body: values, silent: true });
    }
    await refresh();
    return true;
  };

  return (
    <SettingsCard title={t('menu.currency')}>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('settings.addCurrency')}
        onAdd={dialog.create}
      />
      <ListTable<CurrencyRate>
        emptyText={t('settings.noCurrencies')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          { title: t('settings.currencyCode'), dataIndex: 'code', key: 'code', sorter: true },
          {
            title: t('settings.currencyName'),
            key: 'name',
            render: (_, row) => currencyName(row.code, i18n.language) || '-',
          },
          {
            title: t('settings.currencyRate'),
            dataIndex: 'per_usd_micros',
            key: 'per_usd_micros',
            align: 'right',
            sorter: true,
            render: (micros: number) => rateText(micros),
          },
          statusColumn(t, switcher),
          updatedColumn(t),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => dialog.edit(row)}
                onHistory={() =>
                  history.show({ targetType: 'currencyRate', id: row.id, name: row.code })
                }
              />
            ),
          },
        ]}
      />
      <FormDialog<CurrencyForm>
        title={dialog.row ? t('settings.editCurrency') : t('settings.addCurrency')}
        open={dialog.open}
        form={form}
        initialValues={dialog.row ? formOf(dialog.row) : {}}
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <Form.Item
          label={t('settings.currencyCode')}
          name="code"
          extra={t('settings.currencyCodeHelp')}
          rules={[zodRule(ZCurrencyRateFields, 'code')]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={3} />
        </Form.Item>
        <Form.Item
          label={t('settings.currencyRate')}
          name="rate"
          extra={t('settings.currencyRateHelp')}
          rules={[zodRule(ZCurrencyRateFields, 'rate')]}
        >
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </SettingsCard>
  );
}
