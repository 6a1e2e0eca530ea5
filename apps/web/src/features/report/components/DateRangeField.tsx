/**
 * The report's date range: a docs/product/reports.md#date-presets preset (resolved in UTC days when the query is built,
 * so "today" stays today) or a custom pick of two days.
 */
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePreset, type DatePresetValue } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { rangeOf, type DateChoice } from '../model/query';

const DAY = 'YYYY-MM-DD';

export function DateRangeField({
  value,
  onChange,
}: {
  value: DateChoice;
  onChange(next: DateChoice): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const range = rangeOf(value);
  return (
    <Space wrap>
      <Select<DatePresetValue | 'custom'>
        aria-label={t('report.datePreset')}
        value={value.preset}
        onChange={(preset) => {
          if (preset === 'custom') onChange({ preset, range });
          else onChange({ preset });
        }}
        options={[
          ...DatePreset.options(lang),
          { value: 'custom' as const, label: t('report.customRange') },
        ]}
        style={{ width: 160 }}
      />
      <DatePicker.RangePicker
        aria-label={t('report.dateRange')}
        allowClear={false}
        value={[dayjs(range.from), dayjs(range.to)]}
        onChange={(days: [Dayjs | null, Dayjs | null] | null) => {
          const [from, to] = days ?? [];
          if (!from || !to) return;
          onChange({ preset: 'custom', range: { from: from.format(DAY), to: to.format(DAY) } });
        }}
      />
    </Space>
  );
}
