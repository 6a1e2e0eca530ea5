/**
 * A strategy's targeting (docs/product/advertising.md#targeting orientation rules and filter keys) as the editor handles
 * it: which dimensions may still be added, how pasted lists split, which values fail their
 * format, and the docs/product/messages-and-codes.md#form-messages message each rule earns — the same checks as ZTargeting, placed
 * on the rule they concern.
 */
import { placeName } from '../../lib/placeNames';
import {
  DeviceType,
  Network,
  ORIENTATION_VALUE_FORMAT,
  OrientationKey,
  Platform,
  TargetingMode,
  splitPastedValues,
  type InterfaceLanguage,
  type OrientationKeyValue,
  type MessageCode,
} from '@adloom/domain';

export { splitPastedValues };

/**
 * A rule as the editor and the answers hold it: key and mode as plain text (the contract's
 * ZTargetingRule judges them; a stored strategy reads back whatever it holds).
 */
export interface TargetingRule {
  key: string;
  mode: string;
  values: string[];
}

/** The values of `values` that do not have the format of dimension `key`. */
export function invalidValues(key: string, values: readonly string[]): string[] {
  const format = ORIENTATION_VALUE_FORMAT[key as OrientationKeyValue] as
    ((value: string) => boolean) | undefined;
  if (!format) return [];
  return values.filter((value) => value !== '' && !format(value));
}

/** What is wrong with one rule, as the code of its docs/product/messages-and-codes.md#form-messages message. */
export interface RuleIssue {
  code: MessageCode;
  /** The values failing the format (configurationFormat only). */
  invalid: string[];
}

/** The issue of every rule (undefined for a sound one), in the rules' order. */
export function ruleIssues(rules: readonly TargetingRule[]): (RuleIssue | undefined)[] {
  const seen = new Set<string>();
  return rules.map((rule) => {
    const duplicate = seen.has(rule.key);
    seen.add(rule.key);
    if (duplicate || !OrientationKey.has(rule.key) || !TargetingMode.has(rule.mode)) {
      return { code: 'ad.targetingWrong', invalid: [] };
    }
    if (rule.values.filter((value) => value.trim() !== '').length === 0) {
      return { code: 'ad.targetingEmpty', invalid: [] };
    }
    const invalid = invalidValues(rule.key, rule.values);
    if (invalid.length > 0) return { code: 'ad.configurationFormat', invalid };
    return undefined;
  });
}

/** Dimensions that can still be added: one rule each; audience only with advanced targeting. */
export function offeredKeys(
  rules: readonly TargetingRule[],
  advanced: boolean,
): OrientationKeyValue[] {
  const used = new Set(rules.map((rule) => rule.key));
  return OrientationKey.values.filter((key) => !used.has(key) && (advanced || key !== 'audience'));
}

/** A new, empty rule of a dimension (included by default). */
export function newRule(key: OrientationKeyValue): TargetingRule {
  return { key, mode: TargetingMode.include, values: [] };
}

/** The rule as it travels: trimmed distinct values, fields in a fixed order. */
export function cleanRule(rule: TargetingRule): TargetingRule {
  return {
    key: rule.key,
    mode: rule.mode,
    values: [...new Set(rule.values.map((value) => value.trim()).filter(Boolean))],
  };
}

const ENUM_OF_KEY = { os: Platform, network: Network, deviceType: DeviceType } as const;
/** The dimensions whose values are members of an enum. */
export type EnumOrientationKey = keyof typeof ENUM_OF_KEY;

/** OS, network and device type values travel as the enum's number, written as text. */
export function enumValueOptions(
  key: EnumOrientationKey,
  lang: InterfaceLanguage,
): { value: string; label: string }[] {
  const source = ENUM_OF_KEY[key];
  return source
    .options(lang)
    .filter((option) => option.value !== 0)
    .map((option) => ({ value: String(option.value), label: option.label }));
}

/** How one value reads in a summary: OS, network and device type by their label, others as they are. */
export function valueLabel(key: string, value: string, lang: InterfaceLanguage): string {
  if (key === 'country') return placeName('region', value, undefined, lang);
  return Object.hasOwn(ENUM_OF_KEY, key)
    ? ENUM_OF_KEY[key as EnumOrientationKey].label(Number(value), lang)
    : value;
}

/** Up to `max` values of a rule, then "+N". */
export function valuesPreview(
  rule: TargetingRule,
  lang: InterfaceLanguage,
  max = 3,
): { shown: string[]; more: number } {
  const labels = rule.values.map((value) => valueLabel(rule.key, value, lang));
  return { shown: labels.slice(0, max), more: Math.max(0, labels.length - max) };
}
