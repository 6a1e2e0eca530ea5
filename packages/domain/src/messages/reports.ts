/** Reports, the change log and the delivery diagnosis. */
import type { Label } from '../labels.js';

/** Reports, the change log and the delivery diagnosis. */
export const REPORT_MESSAGES = {
  notADate: { en: 'Not a valid date', zh: '日期无效' },
  fromAfterTo: { en: 'Must not be after to', zh: '开始日期不能晚于结束日期' },
  rangeTooLong: { en: 'The range covers at most {{days}} days', zh: '时间范围最多 {{days}} 天' },
  chosenTwice: { en: 'Chosen twice', zh: '重复选择' },
  unknownSort: { en: 'Sort by a chosen dimension or metric', zh: '请按已选的维度或指标排序' },
  id: { en: 'Expected a whole number id', zh: '应为整数 ID' },
  day: { en: 'Expected a date YYYY-MM-DD', zh: '应为日期 YYYY-MM-DD' },
  hour: { en: 'Expected an hour from 0 to 23', zh: '应为 0 到 23 的小时' },
  country: { en: 'Expected a country code of 2 letters', zh: '应为两位字母的国家代码' },
  os: { en: 'Expected an OS: {{values}}', zh: '应为操作系统：{{values}}' },
  supplyOnly: {
    en: 'Only the supply-side report (role system) uses this dimension',
    zh: '只有供给侧报表（系统角色）可以使用此维度',
  },
  dimension: { en: 'Unknown dimension', zh: '未知的维度' },
  metric: { en: 'Unknown metric', zh: '未知的指标' },
  tooManyRows: {
    en: 'An export holds at most {{max}} rows: narrow the report',
    zh: '导出最多 {{max}} 行，请缩小报表范围',
  },
  targetType: { en: 'Unknown target type', zh: '未知的对象类型' },
  method: { en: 'Unknown method', zh: '未知的操作' },
  noteJson: { en: 'The note is not valid JSON', zh: '备注不是有效的 JSON' },
  countryCode: { en: 'Two-letter country code', zh: '请填写两位字母的国家代码' },
} as const satisfies Record<string, Label>;
