/**
 * The trigger rules of an SSP strategy: at most one rule per dimension of TRIGGER_KEYS
 * (country, OS, app version, network), each including or excluding its values. Countries,
 * OS and networks are picked from their lists; app versions are typed or pasted (split on
 * lines, commas and spaces) with the ones failing the format marked. No rule = every
 * request of the slot. A form control over the contract's rules.
 */
import { Button, Dropdown, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  OrientationKey,
  SimpleStatus,
  TRIGGER_KEYS,
  type OrientationKeyValue,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { placeLabel } from '../../../lib/placeNames';
import { useCountries } from '../../../lib/settings';
import { RuleHead } from '../../plan/components/RuleHead';
import { FreeEntryValues } from '../../plan/components/TargetingValues';
import styles from './TriggerEditor.module.css';
import {
  enumValueOptions,
  invalidValues,
  newRule,
  type EnumOrientationKey,
  type TargetingRule,
} from '../../plan/targeting';

type TriggerKey = (typeof TRIGGER_KEYS)[number];

/** Where a trigger dimension's values come from: picked from a list, or typed. */
type TriggerInput =
  { kind: 'countries' } | { kind: 'enum'; key: EnumOrientationKey } | { kind: 'typed' };

/** Each trigger key's input: a new trigger key does not compile until it names one. */
const TRIGGER_INPUTS: Record<TriggerKey, TriggerInput> = {
  country: { kind: 'countries' },
  os: { kind: 'enum', key: 'os' },
  network: { kind: 'enum', key: 'network' },
  appVersion: { kind: 'typed' },
};

/** A stored key that is no trigger key reads as a typed list, so it can still be cleared. */
function inputOf(key: string): TriggerInput {
  return Object.hasOwn(TRIGGER_INPUTS, key) ? TRIGGER_INPUTS[key as TriggerKey] : { kind: 'typed' };
}

function ValuesSelect({
  rule,
  input,
  label,
  onValues,
}: {
  rule: TargetingRule;
  input: Exclude<TriggerInput, { kind: 'typed' }>;
  label: string;
  onValues(values: string[]): void;
}) {
  const lang = currentLanguage();
  const countries = useCountries();
  const isCountry = input.kind === 'countries';
  const options =
    input.kind === 'countries'
      ? (countries.data ?? [])
          .filter((country) => country.status === SimpleStatus.active)
          .map((country) => ({
            value: country.code,
            label: placeLabel('region', country.code, country.name, lang),
          }))
      : enumValueOptions(input.key, lang);
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
      showSearch={{ optionFilterProp: 'label' }}
      loading={isCountry && countries.isPending}
      allowClear
      maxTagCount={12}
      className={styles.select}
    />
  );
}

export function TriggerEditor({
  value,
  onChange,
  id,
}: {
  value?: TargetingRule[];
  onChange?: (rules: TargetingRule[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const rules = value ?? [];
  const used = new Set(rules.map((rule) => rule.key));
  const offered = TRIGGER_KEYS.filter((key) => !used.has(key));
  const update = (index: number, patch: Partial<TargetingRule>) =>
    onChange?.(rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  return (
    <div id={id} className={styles.editor}>
      {rules.length === 0 && (
        <Typography.Text type="secondary">{t('sspStrategy.trigger.none')}</Typography.Text>
      )}
      {rules.map((rule, index) => {
        const keyLabel = OrientationKey.label(rule.key, lang);
        const label = t('sspStrategy.trigger.valuesLabel', { key: keyLabel });
        const input = inputOf(rule.key);
        return (
          <section
            key={rule.key}
            className={styles.rule}
            aria-label={t('sspStrategy.trigger.ruleLabel', { key: keyLabel })}
            data-testid={`trigger-${rule.key}`}
          >
            <RuleHead
              keyLabel={keyLabel}
              mode={rule.mode}
              onMode={(mode) => update(index, { mode })}
              onRemove={() => onChange?.(rules.filter((_, at) => at !== index))}
              modeLabel={t('sspStrategy.trigger.modeLabel', { key: keyLabel })}
              removeLabel={t('sspStrategy.trigger.remove', { key: keyLabel })}
            />
            {input.kind === 'typed' ? (
              <FreeEntryValues
                rule={rule}
                rules={rules}
                label={label}
                invalid={invalidValues(rule.key, rule.values)}
                onValues={(values) => update(index, { values })}
              />
            ) : (
              <ValuesSelect
                rule={rule}
                input={input}
                label={label}
                onValues={(values) => update(index, { values })}
              />
            )}
          </section>
        );
      })}
      {offered.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: offered.map((key: TriggerKey) => ({
              key,
              label: OrientationKey.label(key, lang),
            })),
            onClick: ({ key }) => onChange?.([...rules, newRule(key as OrientationKeyValue)]),
          }}
        >
          <Button icon={<PlusOutlined aria-hidden />} className={styles.add}>
            {t('sspStrategy.trigger.add')}
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
