/**
 * A strategy's targeting (docs/product/advertising.md#targeting): one rule per dimension, each including or excluding its
 * values. Countries, OS, network, brands, models and audience characteristics are picked
 * from their lists; the free-entry dimensions (UID, app version, device ids, packages, OS
 * versions, special slots) take typed or pasted lists, split on lines, commas and spaces,
 * with the values failing their format marked before anything is sent. Each rule shows the
 * docs/product/messages-and-codes.md#form-messages message that concerns it. A form control over the contract's rules.
 */
import { createContext, use, useState, type ReactNode } from 'react';
import {
  Button,
  Dropdown,
  Empty,
  Input,
  Radio,
  Select,
  Space,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OrientationKey,
  SimpleStatus,
  TargetingMode,
  listAllBrands,
  listHuman,
  listModels,
  splitPastedValues,
  type OrientationKeyValue,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { useCountries } from '../../../lib/settings';
import { planMessageText } from '../messages';
import {
  enumValueOptions,
  type EnumOrientationKey,
  newRule,
  offeredKeys,
  ruleIssues,
  type TargetingRule,
} from '../targeting';
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
  const options = (countries.data ?? [])
    .filter((country) => country.status === SimpleStatus.active)
    .map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }));
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

type ValueEditorProps = ValuesProps & { invalid: readonly string[] };

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

function RuleValues(props: ValueEditorProps) {
  const key = props.rule.key as OrientationKeyValue;
  // A stored key no longer known reads as a typed list, so its values can still be removed.
  const Editor = Object.hasOwn(VALUE_EDITORS, key) ? VALUE_EDITORS[key] : FreeEntryValues;
  return <Editor {...props} />;
}

/**
 * What the form around the editor knows: a save was tried, the server's messages by rule.
 * A context rather than props: antd's Form.Item re-renders its control only when the value
 * changes.
 */
export const TargetingCheckContext = createContext<{
  showIssues: boolean;
  serverIssues: Record<number, string>;
}>({ showIssues: false, serverIssues: {} });

export function TargetingEditor({
  value,
  onChange,
  advanced,
  showIssues: showIssuesProp,
  serverIssues: serverIssuesProp,
  id,
}: {
  value?: TargetingRule[];
  onChange?: (rules: TargetingRule[]) => void;
  /** The acting user holds adManageAdvanced: audience characteristics are offered. */
  advanced: boolean;
  /** Show every rule's issue (after a save was tried); format and duplicate issues always show. */
  showIssues?: boolean;
  /** The server's messages by rule index (`targeting.N…`). */
  serverIssues?: Record<number, string>;
  id?: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const checks = use(TargetingCheckContext);
  const showIssues = showIssuesProp ?? checks.showIssues;
  const serverIssues = serverIssuesProp ?? checks.serverIssues;
  const rules = value ?? [];
  const issues = ruleIssues(rules);
  const offered = offeredKeys(rules, advanced);

  const update = (index: number, patch: Partial<TargetingRule>) =>
    onChange?.(rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  return (
    <div id={id} className={styles.editor}>
      {rules.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('plan.targeting.none')}
          className={styles.empty}
        />
      )}
      {rules.map((rule, index) => {
        const keyLabel = OrientationKey.label(rule.key, lang);
        const issue = issues[index];
        // An empty rule is only reported once a save was tried; format and duplicates at once.
        const alwaysShown = issue && issue.code !== 'ad.targetingEmpty';
        const message =
          serverIssues[index] ?? (issue && (showIssues || alwaysShown) ? issue.code : undefined);
        return (
          <section
            key={`${rule.key}-${index}`}
            className={message ? `${styles.rule} ${styles.ruleError}` : styles.rule}
            aria-label={t('plan.targeting.ruleLabel', { key: keyLabel })}
            data-testid={`rule-${rule.key}`}
          >
            <RuleHead
              keyLabel={keyLabel}
              mode={rule.mode}
              onMode={(mode) => update(index, { mode })}
              onRemove={() => onChange?.(rules.filter((_, at) => at !== index))}
              modeLabel={t('plan.targeting.modeLabel', { key: keyLabel })}
              removeLabel={t('plan.targeting.remove', { key: keyLabel })}
            />
            <RuleValues
              rule={rule}
              rules={rules}
              label={t('plan.targeting.valuesLabel', { key: keyLabel })}
              invalid={issue?.invalid ?? []}
              onValues={(values) => update(index, { values })}
            />
            {message && (
              <Typography.Text type="danger" role="alert" className={styles.message}>
                {planMessageText(message)}
              </Typography.Text>
            )}
          </section>
        );
      })}
      {offered.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: offered.map((key) => ({ key, label: OrientationKey.label(key, lang) })),
            onClick: ({ key }) => onChange?.([...rules, newRule(key as OrientationKeyValue)]),
          }}
        >
          <Button icon={<PlusOutlined aria-hidden />} className={styles.add}>
            {t('plan.targeting.add')}
          </Button>
        </Dropdown>
      )}
      {!advanced && (
        <Typography.Text type="secondary" className={styles.hint}>
          {t('plan.targeting.audienceNeedsAdvanced')}
        </Typography.Text>
      )}
    </div>
  );
}

/** A rule's head row, shared with the SSP trigger editor: its dimension, include/exclude, remove. */
export function RuleHead({
  keyLabel,
  mode,
  onMode,
  onRemove,
  modeLabel,
  removeLabel,
}: {
  keyLabel: string;
  mode: string;
  onMode(mode: string): void;
  onRemove(): void;
  modeLabel: string;
  removeLabel: string;
}) {
  const lang = currentLanguage();
  return (
    <div className={styles.ruleHead}>
      <Typography.Text strong>{keyLabel}</Typography.Text>
      <Radio.Group
        size="small"
        optionType="button"
        value={mode}
        onChange={(event) => onMode(String(event.target.value))}
        options={TargetingMode.options(lang)}
        aria-label={modeLabel}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={removeLabel}
        onClick={onRemove}
      />
    </div>
  );
}
