/**
 * The values of one targeting rule, entered the way its dimension asks: countries, OS,
 * network, brands, models and audience characteristics picked from their lists; the
 * free-entry dimensions typed or pasted, with the values failing their format listed.
 */
import { useState, type ReactNode } from 'react';
import { Button, Input, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SimpleStatus,
  listAllBrands,
  listHuman,
  listModels,
  splitPastedValues,
  type OrientationKeyValue,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { usePlaceNames } from '../../../lib/placeNames';
import { endpointQuery } from '../../../lib/query';
import { useCountries } from '../../../lib/settings';
import { enumValueOptions, type EnumOrientationKey, type TargetingRule } from '../targeting';
import styles from './TargetingEditor.module.css';

/** How many invalid values are listed under a pasted list. */
const SHOWN_INVALID = 20;

interface ValuesProps {
  rule: TargetingRule;
  onValues(values: string[]): void;
  label: string;
  /** Every rule, for the models of the chosen brands. */
  rules: readonly TargetingRule[];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** A typed or pasted list of values; the count and the values failing the format show below. */
export function FreeEntryValues({
  rule,
  onValues,
  label,
  invalid,
}: ValuesProps & {
  invalid: readonly string[];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => rule.values.join('\n'));
  // The values changed from outside (a reset, removing invalid ones): show them.
  const shown = sameList(splitPastedValues(text), rule.values) ? text : rule.values.join('\n');
  const invalidSet = new Set(invalid);
  return (
    <div className={styles.free}>
      <Input.TextArea
        aria-label={label}
        value={shown}
        rows={4}
        placeholder={t('plan.targeting.pastePlaceholder')}
        status={invalid.length > 0 ? 'error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onValues(splitPastedValues(event.target.value));
        }}
      />
      <Space wrap size={[8, 4]} className={styles.freeInfo}>
        <Typography.Text type="secondary" data-testid="value-count">
          {t('plan.targeting.valueCount', { count: rule.values.length })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t(`plan.targeting.format.${rule.key}`, { defaultValue: '' })}
        </Typography.Text>
      </Space>
      {invalid.length > 0 && (
        <div className={styles.invalid} data-testid="invalid-values">
          <Typography.Text type="danger">
            {t('plan.targeting.invalidCount', { count: invalid.length })}
          </Typography.Text>
          <div>
            {invalid.slice(0, SHOWN_INVALID).map((value) => (
              <Tag key={value} color="error">
                {value}
              </Tag>
            ))}
            {invalid.length > SHOWN_INVALID && (
              <Tag>{t('plan.targeting.more', { count: invalid.length - SHOWN_INVALID })}</Tag>
            )}
          </div>
          <Button
            size="small"
            onClick={() => onValues(rule.values.filter((value) => !invalidSet.has(value)))}
          >
            {t('plan.targeting.removeInvalid')}
          </Button>
        </div>
      )}
    </div>
  );
}

function MultiSelect({
  rule,
  onValues,
  label,
  options,
  loading,
  disabled,
  placeholder,
}: Omit<ValuesProps, 'rules'> & {
  options: { value: string; label: string }[];
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  // Values no longer offered (a switched-off country) stay visible so they can be removed.
  const known = new Set(options.map((option) => option.value));
  const extra = rule.values
    .filter((value) => !known.has(value))
    .map((value) => ({ value, label: value }));
  return (
    <Select<string[]>
      mode="multiple"
      aria-label={label}
      value={rule.values}
      onChange={(values) => onValues(values)}
      options={[...options, ...extra]}
      optionFilterProp="label"
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      maxTagCount={12}
      className={styles.select}
    />
  );
}

function CountryValues(props: ValuesProps) {
  const countries = useCountries();
  const places = usePlaceNames();
  const options = (countries.data ?? [])
    .filter((country) => country.status === SimpleStatus.active)
    .map((country) => ({
      value: country.code,
      label: places.label('region', country.code, country.name),
    }));
  return <MultiSelect {...props} options={options} loading={countries.isPending} />;
}

function useBrands() {
  return useQuery({
    ...endpointQuery(listAllBrands, undefined, { silent: true }),
    staleTime: 600_000,
  });
}

function BrandValues(props: ValuesProps) {
  const brands = useBrands();
  const options = (brands.data ?? [])
    .filter((brand) => brand.status === SimpleStatus.active)
    .map((brand) => ({ value: brand.code, label: `${brand.name} (${brand.code})` }));
  return <MultiSelect {...props} options={options} loading={brands.isPending} />;
}

/** The models of the brands the brand rule names (a model is chosen within its brand). */
function ModelValues(props: ValuesProps) {
  const { t } = useTranslation();
  const brands = useBrands();
  const codes = props.rules.find((rule) => rule.key === 'brand')?.values ?? [];
  const chosen = (brands.data ?? []).filter((brand) => codes.includes(brand.code));
  const models = useQueries({
    queries: chosen.map((brand) => ({
      ...endpointQuery(listModels, { brand_id: brand.id, size: 500 }, { silent: true }),
      staleTime: 600_000,
    })),
  });
  const options = chosen.flatMap((brand, index) =>
    (models[index]?.data?.list ?? [])
      .filter((model) => model.status === SimpleStatus.active)
      .map((model) => ({
        value: model.code,
        label: `${brand.name} ${model.name} (${model.code})`,
      })),
  );
  return (
    <MultiSelect
      {...props}
      options={options}
      loading={brands.isPending || models.some((query) => query.isPending)}
      disabled={chosen.length === 0 && props.rule.values.length === 0}
      placeholder={chosen.length === 0 ? t('plan.targeting.chooseBrandsFirst') : undefined}
    />
  );
}

function AudienceValues({ rule, onValues, label }: ValuesProps) {
  const tree = useQuery({
    ...endpointQuery(listHuman, undefined, { silent: true }),
    staleTime: 600_000,
  });
  const active = (tree.data ?? []).filter((node) => node.status === SimpleStatus.active);
  const treeData = active.map((node) => ({
    value: node.code,
    title: node.name,
    children: node.children
      .filter((child) => child.status === SimpleStatus.active)
      .map((child) => ({ value: `${node.code}/${child.code}`, title: child.name })),
  }));
  return (
    <TreeSelect<string[]>
      aria-label={label}
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      value={rule.values}
      onChange={(values) => onValues(values)}
      treeData={treeData}
      treeNodeFilterProp="title"
      loading={tree.isPending}
      allowClear
      className={styles.select}
    />
  );
}

export type ValueEditorProps = ValuesProps & { invalid: readonly string[] };

/** OS, network and device type: picked from the enum's members. */
function EnumValues(props: ValueEditorProps) {
  const key = props.rule.key as EnumOrientationKey;
  return <MultiSelect {...props} options={enumValueOptions(key, currentLanguage())} />;
}

/**
 * How each dimension's values are entered. A Record over every key: a new targeting key
 * does not compile until it names its editor.
 */
const VALUE_EDITORS: Record<OrientationKeyValue, (props: ValueEditorProps) => ReactNode> = {
  country: CountryValues,
  os: EnumValues,
  network: EnumValues,
  deviceType: EnumValues,
  brand: BrandValues,
  model: ModelValues,
  audience: AudienceValues,
  uid: FreeEntryValues,
  appVersion: FreeEntryValues,
  oaid: FreeEntryValues,
  imei: FreeEntryValues,
  idfa: FreeEntryValues,
  pkg: FreeEntryValues,
  osv: FreeEntryValues,
  slot: FreeEntryValues,
  siteDomain: FreeEntryValues,
};

export function RuleValues(props: ValueEditorProps) {
  const key = props.rule.key as OrientationKeyValue;
  // A stored key no longer known reads as a typed list, so its values can still be removed.
  const Editor = Object.hasOwn(VALUE_EDITORS, key) ? VALUE_EDITORS[key] : FreeEntryValues;
  return <Editor {...props} />;
}
