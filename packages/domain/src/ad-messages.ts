/**
 * The messages of plan, strategy and supply-side forms (spec §5), in one place: the server
 * answers them as field messages (English on the wire), the console shows them in the
 * interface language through `adMessageText`.
 */
import type { InterfaceLanguage, Label } from './labels.js';

export const AD_MESSAGES = {
  needConfiguration: { en: 'Need to add configuration', zh: '需要添加配置' },
  needCreative: { en: 'Need to add creative', zh: '需要添加创意' },
  configurationFormat: { en: 'Configuration format is incorrect', zh: '配置格式不正确' },
  unspecifiedCreative: {
    en: 'There are unspecified creative items in a strategy',
    zh: '策略中存在未指定的创意项',
  },
  targetingEmpty: {
    en: 'Some orientation methods or targets cannot be empty',
    zh: '部分定向方式或定向目标不能为空',
  },
  targetingWrong: { en: 'Targeting information is wrong', zh: '定向信息有误' },
  confirmStyle: { en: 'Please confirm the support style', zh: '请确认支持的样式' },
  bidRequired: {
    en: 'Please enter at least one correct bid price',
    zh: '请至少输入一个正确的出价',
  },
  needLanguage: { en: 'Need to add language', zh: '需要添加语言' },
  needRequestUrl: { en: 'Need to add request URL', zh: '需要添加请求地址' },
  jsonFormat: { en: 'JSON format error', zh: 'JSON 格式错误' },
  slotRequired: { en: 'Slot required for SSP strategy', zh: 'SSP 策略需要关联广告位' },
  followPrompts: {
    en: 'Follow the prompts before performing this operation',
    zh: '请按提示操作后再执行此操作',
  },
} as const satisfies Record<string, Label>;
export type AdMessageKey = keyof typeof AD_MESSAGES;

const byEnglish = new Map<string, Label>(
  Object.values(AD_MESSAGES).map((label) => [label.en, label]),
);

/** The text of a spec §5 message in `lang`; undefined when `message` is not one of them. */
export function adMessageText(message: string, lang: InterfaceLanguage): string | undefined {
  return byEnglish.get(message)?.[lang];
}
