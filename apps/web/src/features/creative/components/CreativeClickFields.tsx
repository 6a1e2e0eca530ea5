/** The creative form's click action and the fields it shows (link, app, action text, deeplink). */
import { Divider, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClickAction } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import type { CreativeForm, visibleFields } from '../api';
import type { FieldRules } from './useCreativeFieldRules';

export function CreativeClickFields({
  clickAction,
  show,
  rulesOf,
}: {
  clickAction: CreativeForm['click_action'];
  show: ReturnType<typeof visibleFields>;
  rulesOf: FieldRules;
}) {
  const { t } = useTranslation();
  const clickOptions = ClickAction.options(currentLanguage());

  return (
    <>
      <Divider titlePlacement="start">{t('creative.form.click')}</Divider>
      <Form.Item
        label={t('creative.clickAction')}
        name="click_action"
        rules={rulesOf('click_action')}
      >
        <Radio.Group options={clickOptions} optionType="button" />
      </Form.Item>
      {show.clickUrl && (
        <Form.Item
          label={
            clickAction === ClickAction.telephone
              ? t('creative.phone')
              : clickAction === ClickAction.downloadApp
                ? t('creative.downloadUrl')
                : t('creative.clickUrl')
          }
          name="click_url"
          rules={rulesOf('click_url')}
          dependencies={['click_action']}
        >
          <Input
            maxLength={2048}
            placeholder={
              clickAction === ClickAction.telephone
                ? 'tel:+33123456789'
                : 'https://example.com/landing'
            }
          />
        </Form.Item>
      )}
      {show.appName && (
        <Form.Item
          label={t('creative.appName')}
          name="app_name"
          rules={rulesOf('app_name')}
          dependencies={['click_action', 'style_id']}
        >
          <Input maxLength={64} />
        </Form.Item>
      )}
      {show.appPackage && (
        <Form.Item
          label={t('creative.appPackage')}
          name="app_package"
          rules={rulesOf('app_package')}
          dependencies={['click_action']}
        >
          <Input maxLength={255} placeholder="com.example.app" />
        </Form.Item>
      )}
      {show.actionText && (
        <Form.Item
          label={t('creative.actionText')}
          name="action_text"
          rules={rulesOf('action_text')}
          extra={t('creative.form.actionTextHelp')}
        >
          <Input maxLength={20} showCount />
        </Form.Item>
      )}
      {show.deeplink && (
        <Form.Item
          label={t('creative.deeplink')}
          name="deeplink_url"
          rules={rulesOf('deeplink_url')}
          extra={t('creative.form.deeplinkHelp')}
        >
          <Input maxLength={2048} placeholder="myapp://path" />
        </Form.Item>
      )}
    </>
  );
}
