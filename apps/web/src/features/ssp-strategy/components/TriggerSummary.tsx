/** Trigger rules in a cell: "Country: US, GB" per rule, excluded ones marked; none = every request. */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrientationKey, TargetingMode } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { valuesPreview, type TargetingRule } from '../../plan/targeting';

export function TriggerSummary({ rules }: { rules: readonly TargetingRule[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (rules.length === 0) {
    return <Typography.Text type="secondary">{t('sspStrategy.trigger.every')}</Typography.Text>;
  }
  return (
    <Space orientation="vertical" size={2}>
      {rules.map((rule) => {
        const { shown, more } = valuesPreview(rule, lang);
        const excluded = rule.mode === TargetingMode.exclude;
        return (
          <span key={rule.key}>
            <Tag color={excluded ? 'red' : 'blue'}>
              {OrientationKey.label(rule.key, lang)}
              {excluded && ` · ${TargetingMode.label(rule.mode, lang)}`}
            </Tag>
            {shown.join(', ')}
            {more > 0 && ` ${t('sspStrategy.trigger.more', { count: more })}`}
          </span>
        );
      })}
    </Space>
  );
}
