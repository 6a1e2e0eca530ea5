/** The labels of a creative's fields in its change history, as the form names them. */
import { useTranslation } from 'react-i18next';

const KEYS: Record<string, string> = {
  name: 'creative.name',
  style_id: 'creative.styleId',
  language: 'creative.language',
  os: 'creative.os',
  title: 'creative.title',
  description: 'creative.description',
  icon_material_id: 'creative.icon',
  image_material_id: 'creative.image',
  group_material_ids: 'creative.groupImagesField',
  video_material_id: 'creative.video',
  click_action: 'creative.clickAction',
  action_text: 'creative.actionText',
  special_config: 'creative.specialConfig',
  app_name: 'creative.appName',
  app_package: 'creative.appPackage',
  click_url: 'creative.clickUrl',
  deeplink_url: 'creative.deeplink',
  impression_monitor_urls: 'creative.impressionMonitors',
  click_monitor_urls: 'creative.clickMonitors',
  review: 'creative.review',
  reject_reason: 'creative.reasonLabel',
  status: 'list.status',
};

export function useCreativeFieldLabels(): (field: string) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const key = KEYS[field];
    return key ? t(key) : undefined;
  };
}
