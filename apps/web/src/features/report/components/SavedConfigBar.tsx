/**
 * The saved configurations of a report screen: pick one to load or switch (clears its
 * modify flag), save over it (sets the flag), save as a new named one, delete; the flag
 * shows beside the name, as docs/product/reports.md#saved-configs has it.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm/useConfirm';
import type { SavedReportConfigs } from '../hooks/useSavedReportConfigs';

const NAME_MAX = 100;

export function SavedConfigBar({
  saved,
  onLoad,
  onSave,
  onSaveAs,
  onReset,
}: {
  saved: Pick<SavedReportConfigs, 'configs' | 'current' | 'remove'>;
  onLoad(id: string): void;
  onSave(): void;
  onSaveAs(name: string): void;
  /** Back to the screen's defaults. */
  onReset(): void;
}) {
  const { t } = useTranslation();
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const { current, configs } = saved;
  const confirm = useConfirm();

  const remove = async () => {
    if (!current) return;
    const confirmed = await confirm.ask({
      title: t('report.config.deleteConfirm', { name: current.name }),
      okText: t('report.config.delete'),
      danger: true,
    });
    if (confirmed) saved.remove(current.id);
  };

  const submitName = async () => {
    const { name } = await form.validateFields();
    onSaveAs(name.trim());
    setNaming(false);
    form.resetFields();
  };

  return (
    <Space wrap data-testid="report-config-bar">
      <Select<string>
        aria-label={t('report.config.saved')}
        placeholder={t('report.config.none')}
        value={current?.id}
        // onSelect also fires for the config already chosen: choosing it again reloads it.
        onSelect={(id) => onLoad(id)}
        options={configs.map((config) => ({ value: config.id, label: config.name }))}
        notFoundContent={t('report.config.empty')}
        style={{ minWidth: 220 }}
      />
      {current?.modify && (
        <Tooltip title={t('report.config.modifiedHint')}>
          <Tag color="orange" data-testid="report-config-modified">
            {t('report.config.modified')}
          </Tag>
        </Tooltip>
      )}
      <Button icon={<SaveOutlined aria-hidden />} disabled={!current} onClick={onSave}>
        {t('report.config.save')}
      </Button>
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setNaming(true)}>
        {t('report.config.saveAs')}
      </Button>
      <Button
        icon={<DeleteOutlined aria-hidden />}
        danger
        disabled={!current}
        onClick={() => void remove()}
      >
        {t('report.config.delete')}
      </Button>
      {confirm.holder}
      <Button icon={<UndoOutlined aria-hidden />} onClick={onReset}>
        {t('report.config.reset')}
      </Button>
      <Modal
        title={t('report.config.saveAsTitle')}
        open={naming}
        okText={t('report.config.save')}
        cancelText={t('change.cancel')}
        onOk={() => void submitName().catch(() => undefined)}
        onCancel={() => setNaming(false)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={() => void submitName()}>
          <Form.Item
            name="name"
            label={t('report.config.name')}
            rules={[
              { required: true, whitespace: true, message: t('report.config.nameRequired') },
              { max: NAME_MAX },
            ]}
          >
            <Input autoFocus maxLength={NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
