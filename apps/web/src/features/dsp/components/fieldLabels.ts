/** The labels of a demand partner's fields in its change history, as the form names them. */
import { useTranslation } from 'react-i18next';

const KEYS: Record<string, string> = {
  name: 'dsp.field.name',
  type: 'dsp.field.type',
  slot_type: 'dsp.field.slotType',
  timeout_ms: 'dsp.field.timeout',
  request_url: 'dsp.field.requestUrl',
  test_url: 'dsp.field.testUrl',
  cpm: 'dsp.field.cpm',
  percent: 'dsp.field.percent',
  config: 'dsp.field.config',
  status: 'list.status',
};

export function useDspFieldLabels(): (field: string) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const key = KEYS[field];
    return key ? t(key) : undefined;
  };
}
