/** /system/style: creative styles with their sizes, meta elements and text limits. */
import { Checkbox, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AdStyleType,
  StyleMeta,
  ZAdStyleFields,
  createStyle,
  formatSize,
  listStyles,
  modifyStyle,
  parseSize,
  switchStyle,
  type AdStyle,
  type EndpointBody,
  type Size,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { settingsQueries } from '../../../lib/settings';
import { zodRule } from '../../../lib/zodRule';
import { statusColumn } from '../../../components/list/columns';
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

const SIZE_FIELDS = ['icon_size', 'img_size', 'img3_size', 'video_size'] as const;
type SizeField = (typeof SIZE_FIELDS)[number];

interface StyleForm {
  name: string;
  type: number;
  icon_size: string;
  img_size: string;
  img3_size: string;
  video_size: string;
  meta: string[];
  title_length: number;
  description_length: number;
}

function styleForm(style: AdStyle): StyleForm {
  return {
    name: style.name,
    type: style.type,
    icon_size: style.icon_size ? formatSize(style.icon_size) : '',
    img_size: style.img_size ? formatSize(style.img_size) : '',
    img3_size: style.img3_size ? formatSize(style.img3_size) : '',
    video_size: style.video_size ? formatSize(style.video_size) : '',
    meta: style.meta,
    title_length: style.title_length,
    description_length: style.description_length,
  };
}

/** The form as the object's fields: sizes as { width, height } or null. */
function styleFields(values: StyleForm): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    ...values,
    meta: values.meta ?? [],
    // An emptied number input means 0: unlimited.
    title_length: values.title_length ?? 0,
    description_length: values.description_length ?? 0,
  };
  for (const key of SIZE_FIELDS) fields[key] = parseSize(values[key] ?? '');
  return fields;
}

function rowFields(style: AdStyle): Record<string, unknown> {
  const { id: _id, status: _status, created_at: _c, updated_at: _u, ...fields } = style;
  return fields;
}

/** On the wire: sizes as "width x height" ('' for none), meta joined with commas. */
function styleWire(fields: Record<string, unknown>): Record<string, unknown> {
  const wire: Record<string, unknown> = { ...fields };
  for (const key of SIZE_FIELDS) {
    if (key in wire) wire[key] = wire[key] ? formatSize(wire[key] as Size) : '';
  }
  if (Array.isArray(wire.meta)) wire.meta = wire.meta.join(',');
  return wire;
}

export function StylePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useListState();
  const query = useQuery(settingsQueries.styles());
  const refresh = useInvalidate(listStyles);
  const dialog = useDialog<AdStyle>();
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<StyleForm>();
  const switcher = useStatusSwitch<AdStyle>(
    'style',
    (body) => call(switchStyle, { body, silent: true }),
    refresh,
  );
  const rows = filterRows(query.data, list, (row) => [row.name]);

  const sizeLabels: Record<SizeField, string> = {
    icon_size: t('settings.iconSize'),
    img_size: t('settings.imageSize'),
    img3_size: t('settings.threeImageSize'),
    video_size: t('settings.videoSize'),
  };
  const lengthText = (value: number) => (value === 0 ? t('settings.unlimited') : String(value));

  const submit = async (values: StyleForm): Promise<boolean> => {
    if (dialog.row) {
      const result = await noted.write({
        targetType: 'style',
        method: 'modify',
        target: dialog.row.id,
        before: rowFields(dialog.row),
        after: styleFields(values),
        form,
        send: (body) =>
          call(modifyStyle, {
            body: styleWire(body) as EndpointBody<typeof modifyStyle>,
            silent: true,
          }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createStyle, {
        body: styleWire(styleFields(values)) as EndpointBody<typeof createStyle>,
        silent: true,
      });
    }
    await refresh();
    return true;
  };

  return (
    <SettingsCard title={t('menu.style')}>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('settings.addStyle')}
        onAdd={dialog.create}
      />
      <p>{t('settings.sizeHint')}</p>
      <ListTable<AdStyle>
        emptyText={t('settings.noStyles')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={rows}
        pagination={{ showSizeChanger: true }}
        columns={[
          { title: t('settings.name'), dataIndex: 'name' },
          {
            title: t('settings.styleType'),
            dataIndex: 'type',
            render: (type: number) => AdStyleType.label(type, lang),
          },
          ...SIZE_FIELDS.map((key) => ({
            title: sizeLabels[key],
            dataIndex: key,
            render: (size: Size | null) => formatSize(size),
          })),
          {
            title: t('settings.meta'),
            dataIndex: 'meta',
            render: (meta: string[]) =>
              meta.map((item) => <Tag key={item}>{StyleMeta.label(item, lang)}</Tag>),
          },
          {
            title: t('settings.titleLength'),
            dataIndex: 'title_length',
            render: lengthText,
          },
          {
            title: t('settings.descriptionLength'),
            dataIndex: 'description_length',
            render: lengthText,
          },
          statusColumn(t, switcher, { sorter: false }),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'style', id: row.id, name: row.name })}
              />
            ),
          },
        ]}
      />
      <FormDialog<StyleForm>
        title={dialog.row ? t('settings.editStyle') : t('settings.addStyle')}
        creating={!dialog.row}
        open={dialog.open}
        form={form}
        initialValues={
          dialog.row
            ? styleForm(dialog.row)
            : {
                icon_size: '',
                img_size: '',
                img3_size: '',
                video_size: '',
                meta: [],
                title_length: 0,
                description_length: 0,
              }
        }
        onCancel={dialog.close}
        onSubmit={submit}
      >
        <Form.Item label={t('settings.name')} name="name" rules={[zodRule(ZAdStyleFields, 'name')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('settings.styleType')}
          name="type"
          rules={[zodRule(ZAdStyleFields, 'type')]}
        >
          <Select options={AdStyleType.options(lang)} />
        </Form.Item>
        {SIZE_FIELDS.map((key) => (
          <Form.Item
            key={key}
            label={sizeLabels[key]}
            name={key}
            extra={t('settings.sizeHelp')}
            rules={[zodRule(ZAdStyleFields, key)]}
          >
            <Input placeholder="320 x 50" />
          </Form.Item>
        ))}
        <Form.Item label={t('settings.meta')} name="meta" rules={[zodRule(ZAdStyleFields, 'meta')]}>
          <Checkbox.Group options={StyleMeta.options(lang)} />
        </Form.Item>
        <Form.Item
          label={t('settings.titleLength')}
          name="title_length"
          extra={t('settings.lengthHelp')}
          rules={[zodRule(ZAdStyleFields, 'title_length')]}
        >
          <InputNumber min={0} max={10_000} precision={0} />
        </Form.Item>
        <Form.Item
          label={t('settings.descriptionLength')}
          name="description_length"
          extra={t('settings.lengthHelp')}
          rules={[zodRule(ZAdStyleFields, 'description_length')]}
        >
          <InputNumber min={0} max={10_000} precision={0} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </SettingsCard>
  );
}
