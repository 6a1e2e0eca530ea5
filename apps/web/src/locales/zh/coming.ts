import type { coming as en } from '../en/coming';

export const coming: typeof en = {
  title: '即将上线：{{screen}}',
  subtitle: '此页面将在后续版本中提供，内容包括：',
  accountReport: '账户报表：按日期与小时的请求、填充、展示、点击、点击率、花费与 eCPM',
  countryReport: '国家报表：按国家拆分的同一组指标',
  sspReport: '供应方报表：按 DSP、媒体、广告位、应用版本与国家统计',
  diagnosis: '广告位为何投放或未投放某计划：每个候选及其原因',
};
