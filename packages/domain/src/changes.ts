/**
 * The change-note pattern (docs/product/api-conventions.md#change-notes): what counts as a change, and which objects
 * keep a history. Shared so the console's "None Update" and the server's agree.
 */
import { defineEnum } from './enum.js';

/** Fields never compared: creation and modification times (docs/product/api-conventions.md#change-notes). */
export const UNCOMPARED_FIELDS: readonly string[] = [
  'created_at',
  'updated_at',
  'createdAt',
  'updatedAt',
];

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields of `after` that differ from `before`, times ignored. An empty result means
 * the write is cancelled with 'None Update'.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: Partial<T>,
  after: Partial<T>,
): (keyof T & string)[] {
  return (Object.keys(after) as (keyof T & string)[]).filter(
    (key) =>
      !UNCOMPARED_FIELDS.includes(key) &&
      after[key] !== undefined &&
      !sameValue(before[key], after[key]),
  );
}

/** Picks `keys` of an object: the changed fields a noted write carries. */
export function pickFields<T extends Record<string, unknown>, K extends keyof T>(
  value: T,
  keys: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** How a write changed its object, as the change log records it. */
export const ChangeMethod = defineEnum({
  create: { value: 'create', en: 'Created', zh: '创建' },
  modify: { value: 'modify', en: 'Modified', zh: '修改' },
  switch: { value: 'switch', en: 'Status switched', zh: '切换状态' },
  delete: { value: 'delete', en: 'Deleted', zh: '删除' },
  password: { value: 'password', en: 'Password changed', zh: '修改密码' },
  unlock: { value: 'unlock', en: 'Unlocked', zh: '解锁' },
  approve: { value: 'approve', en: 'Approved', zh: '审核通过' },
  reject: { value: 'reject', en: 'Rejected', zh: '审核驳回' },
});

/** The kinds of object whose writes are logged; each has a history. */
export const TargetType = defineEnum({
  user: { value: 'user', en: 'Account', zh: '账户' },
  language: { value: 'language', en: 'Language', zh: '语言' },
  country: { value: 'country', en: 'Country', zh: '国家' },
  style: { value: 'style', en: 'Creative style', zh: '创意样式' },
  adType: { value: 'adType', en: 'Ad type', zh: '广告类型' },
  brand: { value: 'brand', en: 'Brand', zh: '品牌' },
  model: { value: 'model', en: 'Model', zh: '机型' },
  human: { value: 'human', en: 'Audience characteristic', zh: '人群特征' },
  plan: { value: 'plan', en: 'Plan', zh: '计划' },
  strategy: { value: 'strategy', en: 'Strategy', zh: '策略' },
  creative: { value: 'creative', en: 'Creative', zh: '创意' },
  material: { value: 'material', en: 'Material', zh: '素材' },
  media: { value: 'media', en: 'Media', zh: '媒体' },
  slot: { value: 'slot', en: 'Slot', zh: '广告位' },
  dsp: { value: 'dsp', en: 'Demand partner', zh: '需求方' },
  sspStrategy: { value: 'sspStrategy', en: 'SSP strategy', zh: 'SSP 策略' },
  systemParameter: { value: 'systemParameter', en: 'System parameters', zh: '系统参数' },
  currencyRate: { value: 'currencyRate', en: 'Currency rate', zh: '汇率' },
});

export type TargetTypeValue = (typeof TargetType.values)[number];

/** Target types whose history only the system role reads: the settings vocabulary. */
export const SETTINGS_TARGET_TYPES: readonly TargetTypeValue[] = [
  'language',
  'country',
  'style',
  'adType',
  'brand',
  'model',
  'human',
  'systemParameter',
  'currencyRate',
];
