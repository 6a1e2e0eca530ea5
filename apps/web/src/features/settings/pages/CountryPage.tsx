/**
 * /system/country: countries (paged, searchable) with their languages, and the languages
 * themselves (they have no route of their own).
 */
import { useMemo, useState } from 'react';
import { Form, Input, Select, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZCountryFields,
  ZLanguageFields,
  createCountry,
  createLanguage,
  listAllCountries,
  listCountries,
  listLanguages,
  modifyCountry,
  modifyLanguage,
  switchCountry,
  type Country,
  type EndpointBody,
  type Language,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { endpointQuery } from '../../../lib/query';
import { usePlaceNames } from '../../../lib/placeNames';
import { useLanguages } from '../../../lib/settings';
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

interface CountryForm {
  name: string;
  code: string;
  lang_ids: number[];
  lang_id: number | null;
}

function countryForm(country: Country): CountryForm {
  return {
    name: country.name,
    code: country.code,
    lang_ids: country.lang_list,
    lang_id: country.lang_id,
  };
}

/** lang_list travels joined with commas as lang_ids (docs/product/settings.md#countries). */
function countryWire(fields: Record<string, unknown>): Record<string, unknown> {
  const { lang_ids: ids, ...rest } = fields;
  return Array.isArray(ids) ? { ...rest, lang_ids: ids.join(',') } : rest;
}

const COUNTRY_SORTS = ['id', 'name', 'code', 'status', 'updated_at'] as const;

function CountriesTab() {
  const { t } = useTranslation();
  const list = useListState({ sortable: COUNTRY_SORTS });
  const query = useQuery(endpointQuery(listCountries, list.query, { silent: true }));
  const languages = useLanguages();
  const places = usePlaceNames();
  const languageName = useMemo(
    () =>
      new Map(
        (languages.data ?? []).map((language) => [
          language.id,
          places.name('language', language.code, language.name),
        ]),
      ),
    [languages.data, places],
  );
  const refresh = useInvalidate(listCountries, listAllCountries);
  const dialog = useDialog<Country>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<CountryForm>();
  const chosen = Form.useWatch('lang_ids', form) ?? [];
  const switcher = useStatusSwitch<Country>(
    'country',
    (body) => call(switchCountry, { body, silent: true }),
    refresh,
  );

  const submit = async (values: CountryForm): Promise<boolean> => {
    if (dialog.row) {
      const result = await noted.write({
        targetType: 'country',
        method: 'modify',
        target: dialog.row.id,
        before: { ...countryForm(dialog.row) },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyCountry, {
            body: countryWire(body) as EndpointBody<typeof modifyCountry>,
            silent: true,
          }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createCountry, {
        body: countryWire({ ...values }) as EndpointBody<typeof createCountry>,
        silent: true,
      });
    }
    await refresh();
    return true;
  };

  const languageOptions = (languages.data ?? []).map((language) => ({
    value: language.id,
    label: places.label('language', language.code, language.name),
  }));

  return (
    <>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('settings.addCountry')}
        onAdd={dialog.create}
      />
      <ListTable<Country>
        emptyText={t('settings.noCountries')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('settings.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            render: (name: string, row) => places.name('region', row.code, name),
          },
          { title: t('settings.code'), dataIndex: 'code', key: 'code', sorter: true },
          {
            title: t('settings.mainLanguage'),
            dataIndex: 'lang_id',
            render: (id: number | null) => (id === null ? '-' : (languageName.get(id) ?? id)),
          },
          {
            title: t('settings.languages'),
            dataIndex: 'lang_list',
            render: (ids: number[]) =>
              ids.map((id) => <Tag key={id}>{languageName.get(id) ?? id}</Tag>),
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
                  history.show({ targetType: 'country', id: row.id, name: row.name })
                }
              />
            ),
          },
        ]}
      />
      <FormDialog<CountryForm>
        title={dialog.row ? t('settings.editCountry') : t('settings.addCountry')}
        creating={!dialog.row}
        open={dialog.open}
        form={form}
        initialValues={dialog.row ? countryForm(dialog.row) : { lang_ids: [], lang_id: null }}
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <Form.Item label={t('settings.name')} name="name" rules={[zodRule(ZCountryFields, 'name')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('settings.code')}
          name="code"
          extra={t('settings.countryCodeHelp')}
          rules={[zodRule(ZCountryFields, 'code')]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={2} />
        </Form.Item>
        <Form.Item
          label={t('settings.languages')}
          name="lang_ids"
          rules={[zodRule(ZCountryFields, 'lang_ids')]}
        >
          <Select
            mode="multiple"
            options={languageOptions}
            optionFilterProp="label"
            loading={languages.isPending}
            onChange={(ids: number[]) => {
              const main = form.getFieldValue('lang_id') as number | null;
              if (main !== null && !ids.includes(main)) form.setFieldValue('lang_id', null);
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('settings.mainLanguage')}
          name="lang_id"
          dependencies={['lang_ids']}
          extra={t('settings.mainLanguageHelp')}
          rules={[zodRule(ZCountryFields, 'lang_id')]}
        >
          <Select options={languageOptions.filter((option) => chosen.includes(option.value))} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </>
  );
}

function LanguagesTab() {
  const { t } = useTranslation();
  const list = useListState();
  const languages = useLanguages();
  const refresh = useInvalidate(listLanguages);
  const dialog = useDialog<Language>();
  const history = useHistory();
  const noted = useNotedWrite();
  const places = usePlaceNames();
  const [form] = Form.useForm<{ name: string; code: string }>();
  const rows = filterRows(
    languages.data?.map((language) => ({ ...language, status: 0 })),
    { keyword: list.keyword },
    (row) => [row.name, row.code],
  );

  const submit = async (values: { name: string; code: string }): Promise<boolean> => {
    if (dialog.row) {
      const row = dialog.row;
      const result = await noted.write({
        targetType: 'language',
        method: 'modify',
        target: row.id,
        before: { name: row.name, code: row.code },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyLanguage, {
            body: body as EndpointBody<typeof modifyLanguage>,
            silent: true,
          }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createLanguage, { body: values, silent: true });
    }
    await refresh();
    return true;
  };

  return (
    <>
      {noted.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        addLabel={t('settings.addLanguage')}
        onAdd={dialog.create}
      />
      <ListTable<Language>
        emptyText={t('settings.noLanguages')}
        loading={languages.isFetching}
        error={languages.error}
        onRetry={() => void languages.refetch()}
        dataSource={rows}
        pagination={{ showSizeChanger: true }}
        columns={[
          {
            title: t('settings.name'),
            dataIndex: 'name',
            render: (name: string, row) => places.name('language', row.code, name),
          },
          { title: t('settings.code'), dataIndex: 'code' },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => dialog.edit(row)}
                onHistory={() =>
                  history.show({ targetType: 'language', id: row.id, name: row.name })
                }
              />
            ),
          },
        ]}
      />
      <FormDialog<{ name: string; code: string }>
        title={dialog.row ? t('settings.editLanguage') : t('settings.addLanguage')}
        creating={!dialog.row}
        open={dialog.open}
        form={form}
        initialValues={dialog.row ? { name: dialog.row.name, code: dialog.row.code } : {}}
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <Form.Item
          label={t('settings.name')}
          name="name"
          rules={[zodRule(ZLanguageFields, 'name')]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('settings.code')}
          name="code"
          extra={t('settings.languageCodeHelp')}
          rules={[zodRule(ZLanguageFields, 'code')]}
        >
          <Input maxLength={6} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </>
  );
}

export function CountryPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('countries');
  return (
    <SettingsCard title={t('menu.country')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'countries', label: t('settings.countriesTab'), children: <CountriesTab /> },
          { key: 'languages', label: t('settings.languagesTab'), children: <LanguagesTab /> },
        ]}
      />
    </SettingsCard>
  );
}
