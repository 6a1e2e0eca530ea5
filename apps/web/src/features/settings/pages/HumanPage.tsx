/** /system/human: audience characteristics, two levels (top-level items and their children). */
import { Button, Form, Input, InputNumber } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZHumanFields,
  createHuman,
  listHuman,
  modifyHuman,
  switchHuman,
  type EndpointBody,
  type HumanItem,
  type HumanNode,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { statusColumn } from '../../../components/list/columns';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar, useCanWrite } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { filterRows, useListState } from '../../../components/list/useListState';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { FormDialog, SettingsCard, useHistory, useInvalidate, useStatusSwitch } from '../shared';
import { useState } from 'react';

interface HumanForm {
  code: string;
  name: string;
  sort: number;
}

type Row = HumanItem & { children?: HumanItem[] };

/** The dialog: adding a top-level item, a child of `parent`, or editing `row`. */
type DialogState =
  | { open: false; row: null; parent: null }
  | { open: true; row: Row | null; parent: HumanNode | null };

const CLOSED: DialogState = { open: false, row: null, parent: null };

/** Top-level items matching the search, or holding a child that does (with those children). */
function filterTree(tree: HumanNode[] | undefined, keyword: string | undefined): Row[] {
  return (tree ?? []).flatMap((node) => {
    const own = filterRows([node], { keyword }, (row) => [row.name, row.code]).length > 0;
    const children = own
      ? node.children
      : filterRows(node.children, { keyword }, (row) => [row.name, row.code]);
    if (!own && children.length === 0) return [];
    return [{ ...node, children: children.length > 0 ? children : undefined }];
  });
}

export function HumanPage() {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const list = useListState();
  const query = useQuery(endpointQuery(listHuman, undefined, { silent: true }));
  const refresh = useInvalidate(listHuman);
  const [dialog, setDialog] = useState<DialogState>(CLOSED);
  const history = useHistory();
  const noted = useNotedWrite();
  const [form] = Form.useForm<HumanForm>();
  const switcher = useStatusSwitch<HumanItem>(
    'human',
    (body) => call(switchHuman, { body, silent: true }),
    refresh,
  );
  const rows = filterTree(query.data, list.keyword);

  const submit = async (form_: HumanForm): Promise<boolean> => {
    const values = { ...form_, sort: form_.sort ?? 0 };
    if (dialog.row) {
      const row = dialog.row;
      const result = await noted.write({
        targetType: 'human',
        method: 'modify',
        target: row.id,
        before: { code: row.code, name: row.name, sort: row.sort },
        after: { ...values },
        form,
        send: (body) =>
          call(modifyHuman, { body: body as EndpointBody<typeof modifyHuman>, silent: true }),
      });
      if (result.status !== 'done') return false;
    } else {
      await call(createHuman, {
        // A top-level item travels with an empty parent_id (multipart has no null).
        body: { ...values, parent_id: dialog.parent ? dialog.parent.id : '' },
        silent: true,
      });
    }
    await refresh();
    return true;
  };

  const title = dialog.row
    ? t('settings.editItem')
    : dialog.parent
      ? t('settings.addChildOf', { parent: dialog.parent.name })
      : t('settings.addItem');

  return (
    <SettingsCard title={t('menu.human')}>
      {noted.holder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        addLabel={t('settings.addItem')}
        onAdd={() => setDialog({ open: true, row: null, parent: null })}
      />
      <ListTable<Row>
        emptyText={t('settings.noHuman')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        columns={[
          { title: t('settings.name'), dataIndex: 'name' },
          { title: t('settings.code'), dataIndex: 'code' },
          { title: t('settings.sort'), dataIndex: 'sort' },
          statusColumn(t, switcher, { sorter: false }),
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions
                onEdit={() => setDialog({ open: true, row, parent: null })}
                onHistory={() => history.show({ targetType: 'human', id: row.id, name: row.name })}
              >
                {canWrite && row.parent_id === null && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      const parent = query.data?.find((node) => node.id === row.id) ?? null;
                      setDialog({ open: true, row: null, parent });
                    }}
                  >
                    {t('settings.addChild')}
                  </Button>
                )}
              </RowActions>
            ),
          },
        ]}
      />
      <FormDialog<HumanForm>
        title={title}
        creating={!dialog.row}
        open={dialog.open}
        form={form}
        initialValues={
          dialog.row
            ? { code: dialog.row.code, name: dialog.row.name, sort: dialog.row.sort }
            : { sort: 0 }
        }
        onCancel={() => setDialog(CLOSED)}
        onSubmit={submit}
      >
        <Form.Item label={t('settings.name')} name="name" rules={[zodRule(ZHumanFields, 'name')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('settings.code')}
          name="code"
          extra={t('settings.humanCodeHelp')}
          rules={[zodRule(ZHumanFields, 'code')]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          label={t('settings.sort')}
          name="sort"
          extra={t('settings.sortHelp')}
          rules={[zodRule(ZHumanFields, 'sort')]}
        >
          <InputNumber min={0} max={10_000} precision={0} />
        </Form.Item>
      </FormDialog>
      <ChangeHistoryDrawer target={history.target} onClose={history.close} />
    </SettingsCard>
  );
}
