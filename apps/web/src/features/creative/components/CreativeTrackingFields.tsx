/** The creative form's last sections: the monitor links and the special configuration (JSON). */
import { Button, Divider, Form, Input, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MAX_MONITOR_URLS,
  canonicalSpecialConfig,
  isHttpUrl,
  isSpecialConfig,
} from '@adloom/domain';
import { messageText } from '../../../lib/messages';
import type { CreativeForm } from '../api';

/** A list of monitor links: add, remove, each an http(s) address. */
function MonitorLinks({ name, label }: { name: keyof CreativeForm; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label={label} extra={t('creative.form.monitorHelp', { max: MAX_MONITOR_URLS })}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Space.Compact key={field.key} style={{ width: '100%' }}>
                <Form.Item
                  name={field.name}
                  noStyle
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        const text = typeof value === 'string' ? value.trim() : '';
                        if (text !== '' && !isHttpUrl(text)) {
                          throw new Error(messageText('input.httpUrl'));
                        }
                      },
                    },
                  ]}
                >
                  <Input
                    aria-label={`${label} ${index + 1}`}
                    placeholder="https://track.example.com/…"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('creative.form.removeLink', { index: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Space.Compact>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= MAX_MONITOR_URLS}
              onClick={() => add('')}
            >
              {t('creative.form.addLink')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}

/** Impression and click monitor links. */
export function CreativeTrackingFields() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('creative.form.tracking')}</Divider>
      <MonitorLinks name="impression_monitor_urls" label={t('creative.impressionMonitors')} />
      <MonitorLinks name="click_monitor_urls" label={t('creative.clickMonitors')} />
    </>
  );
}

/** The special configuration: JSON checked as typed, with a button that formats it. */
export function CreativeAdvancedFields({
  form,
  specialConfig,
}: {
  form: FormInstance<CreativeForm>;
  specialConfig: CreativeForm['special_config'];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('creative.form.advanced')}</Divider>
      <Form.Item label={t('creative.specialConfig')} extra={t('creative.form.specialConfigHelp')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Form.Item
            name="special_config"
            noStyle
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (typeof value === 'string' && !isSpecialConfig(value)) {
                    throw new Error(messageText('ad.configurationFormat'));
                  }
                },
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              aria-label={t('creative.specialConfig')}
              placeholder={'{\n  "key": "value"\n}'}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
          <Button
            size="small"
            disabled={!specialConfig || !isSpecialConfig(specialConfig)}
            onClick={() =>
              form.setFieldValue(
                'special_config',
                canonicalSpecialConfig(form.getFieldValue('special_config') as string),
              )
            }
          >
            {t('creative.form.formatJson')}
          </Button>
        </Space>
      </Form.Item>
    </>
  );
}
