/**
 * The report's filter list (docs/product/reports.md#saved-configs filterList): each filter a dimension, include or
 * exclude, and values picked from the console's lists where it has one, typed otherwise.
 */
import { useEffect, useState } from 'react';
import { Button, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ReportDimension,
  reportFilterValueIssue,
  type ReportDimensionValue,
  type ReportFilter,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { messageText } from '../../../lib/messages';
import { useFilterOptions } from '../hooks/useFilterOptions';
import styles from './report.module.css';

const SEARCH_DEBOUNCE_MS = 300;
export const MAX_FILTERS = 20;

function FilterValues({
  dimension,
  values,
  onChange,
  label,
}: {
  dimension: ReportDimensionValue;
  values: string[];
  onChange(values: string[]): void;
  label: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { options, loading, remote } = useFilterOptions(dimension, keyword);
  if (options === undefined) {
    const wrong = values.filter((value) => reportFilterValueIssue(dimension, value));
    const issue = wrong[0] ? reportFilterValueIssue(dimension, wrong[0]) : undefined;
    return (
      <>
        <Select
          mode="tags"
          aria-label={label}
          placeholder={t('report.filter.typeValues')}
          value={values}
          onChange={onChange}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          status={issue ? 'error' : undefined}
          style={{ minWidth: 280, flex: 1 }}
        />
        {issue && (
          <span role="alert" className={styles.issue}>
            {t('report.filter.ignored', {
              values: wrong.join(', '),
              reason: issue ? messageText(issue) : '',
            })}
          </span>
        )}
      </>
    );
  }
  // Chosen values stay visible even when the current search does not list them.
  const known = new Set(options.map((option) => option.value));
  const all = [
    ...options,
    ...values.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v })),
  ];
  return (
    <Select
      mode="multiple"
      aria-label={label}
      placeholder={t('report.filter.pickValues')}
      value={values}
      onChange={onChange}
      options={all}
      loading={loading}
      showSearch={
        remote ? { filterOption: false, onSearch: setTyped } : { optionFilterProp: 'label' }
      }
      maxTagCount="responsive"
      style={{ minWidth: 280, flex: 1 }}
    />
  );
}

export function FilterList({
  dimensions,
  value,
  onChange,
}: {
  /** The dimensions a filter may use. */
  dimensions: readonly ReportDimensionValue[];
  value: readonly ReportFilter[];
  onChange(next: ReportFilter[]): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const update = (index: number, change: Partial<ReportFilter>) =>
    onChange(value.map((filter, i) => (i === index ? { ...filter, ...change } : filter)));
  const unused = dimensions.find((dimension) => !value.some((f) => f.dimension === dimension));
  return (
    <fieldset className={styles.fieldset} data-testid="report-filters">
      <legend className={styles.legend}>{t('report.filter.title')}</legend>
      {value.map((filter, index) => {
        const dimension = filter.dimension as ReportDimensionValue;
        const name = ReportDimension.label(dimension, lang);
        return (
          <div key={index} className={styles.filterRow} data-testid={`report-filter-${index}`}>
            <Select<ReportDimensionValue>
              aria-label={t('report.filter.dimension', { index: index + 1 })}
              value={dimension}
              onChange={(next) => update(index, { dimension: next, values: [] })}
              options={dimensions.map((option) => ({
                value: option,
                label: ReportDimension.label(option, lang),
              }))}
              style={{ width: 150 }}
            />
            <Select<'include' | 'exclude'>
              aria-label={t('report.filter.mode', { index: index + 1 })}
              value={filter.mode}
              onChange={(mode) => update(index, { mode })}
              options={[
                { value: 'include', label: t('report.filter.include') },
                { value: 'exclude', label: t('report.filter.exclude') },
              ]}
              style={{ width: 130 }}
            />
            <FilterValues
              dimension={dimension}
              values={filter.values}
              onChange={(values) => update(index, { values })}
              label={t('report.filter.values', { name })}
            />
            <Button
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('report.filter.remove', { name })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <Button
        icon={<PlusOutlined aria-hidden />}
        disabled={value.length >= MAX_FILTERS || !dimensions.length}
        onClick={() =>
          onChange([
            ...value,
            { dimension: unused ?? dimensions[0] ?? 'date', mode: 'include', values: [] },
          ])
        }
      >
        {t('report.filter.add')}
      </Button>
    </fieldset>
  );
}
