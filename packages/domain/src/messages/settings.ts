/** The system settings' forms. */
import type { Label } from '../labels.js';

/** Settings: styles, languages, countries, brands, models, human attributes, system. */
export const SETTINGS_MESSAGES = {
  sizeFormat: {
    en: 'Write the size as width x height, e.g. 320 x 50 (0 means unlimited)',
    zh: '请按“宽 x 高”填写尺寸，例如 320 x 50（0 表示不限）',
  },
  languageCode: {
    en: 'Use an ISO language code such as en or zh-CN',
    zh: '请填写 ISO 语言代码，例如 en 或 zh-CN',
  },
  countryCode: {
    en: 'Use the two-letter ISO country code, e.g. FR',
    zh: '请填写两位字母的 ISO 国家代码，例如 FR',
  },
  tooManyLanguages: { en: 'At most 50 languages', zh: '最多 50 种语言' },
  unknownLanguages: { en: 'Unknown language ids: {{ids}}', zh: '未知的语言 ID：{{ids}}' },
  mainLanguage: {
    en: 'The main language must be one of the languages (lang_ids)',
    zh: '主要语言必须是所选语言之一',
  },
  brandCode: {
    en: 'Use lower-case letters, digits, - and _ (at most 32), e.g. xiaomi',
    zh: '请使用小写字母、数字、- 和 _（最多 32 个），例如 xiaomi',
  },
  modelCode: {
    en: 'Use letters, digits, space and _ . + - (at most 64)',
    zh: '请使用字母、数字、空格和 _ . + -（最多 64 个）',
  },
  humanCode: {
    en: 'Use lower-case letters, digits, - and _ (at most 32), e.g. age_18_24',
    zh: '请使用小写字母、数字、- 和 _（最多 32 个），例如 age_18_24',
  },
  unknownBrand: { en: 'Brand {{id}} does not exist', zh: '品牌 {{id}} 不存在' },
  unknownParent: { en: 'Item {{id}} does not exist', zh: '项目 {{id}} 不存在' },
  twoLevels: {
    en: 'Only two levels: the parent must be a top-level item',
    zh: '只允许两级：上级必须是顶级项目',
  },
  activeOrInactive: {
    en: 'Must be 0 (active) or 1 (inactive)',
    zh: '只能是 0（启用）或 1（停用）',
  },
  styleType: { en: 'Unknown style type', zh: '未知的样式类型' },
  metaElement: { en: 'Unknown meta element', zh: '未知的元素' },
  adForm: { en: 'Unknown ad form', zh: '未知的广告形式' },
  atLeastZero: { en: 'Must be 0 or more', zh: '不能小于 0' },
  currencyCodeFormat: {
    en: 'Use the three-letter ISO 4217 code, e.g. EUR',
    zh: '请填写三位字母的 ISO 4217 货币代码，例如 EUR',
  },
  currencyNotIso: {
    en: 'Not an ISO 4217 currency code in circulation',
    zh: '不是流通中的 ISO 4217 货币代码',
  },
  currencyIsBase: {
    en: 'US dollars are the base currency: their rate is always 1',
    zh: '美元是基准货币，汇率始终为 1',
  },
  currencyRate: {
    en: 'Write how many units one US dollar buys, e.g. 0.92 (more than 0, at most 6 decimals)',
    zh: '请填写 1 美元可兑换的数量，例如 0.92（大于 0，最多 6 位小数）',
  },
} as const satisfies Record<string, Label>;
