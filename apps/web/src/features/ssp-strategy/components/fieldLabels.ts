/** The labels of SSP strategy fields in the history drawer, as the form names them. */
import { useTranslation } from 'react-i18next';

const FIELD_KEYS: Record<string, string> = {
  slot_id: 'sspStrategy.slot',
  name: 'sspStrategy.name',
  priority: 'sspStrategy.priority',
  percent: 'sspStrategy.percent',
  triggers: 'sspStrategy.triggers',
  allocations: 'sspStrategy.allocations',
  config: 'sspStrategy.config',
  status: 'list.status',
};

export function useStrategyFieldLabel(): (field: string) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const key = FIELD_KEYS[field];
    return key ? t(key) : undefined;
  };
}
