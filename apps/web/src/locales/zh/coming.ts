import type { coming as en } from '../en/coming';

export const coming: typeof en = {
  title: '即将上线：{{screen}}',
  subtitle: '此页面将在后续版本中提供，内容包括：',
  plans: '广告计划：预算、出价、计费方式、投放时间、策略与创意',
  planEdit: '计划编辑：创建计划、添加定向策略、为每个策略配置创意，最后完成创建',
  ideas: '广告创意：样式、语言、图片或视频、文案、点击动作与监测链接',
  resources: '素材库：上传和管理图片与视频（jpg、png、gif、mp4、mkv，最大 50 MB）',
  exam: '创意审核：审核待审创意，通过或驳回',
  media: '媒体：提供广告位的应用与网站',
  slots: '广告位：最低出价、支持的样式、广告类型、国家与尺寸',
  dsp: '需求方（DSP）：请求地址、超时时间与策略配置',
  accountReport: '账户报表：按日期与小时的请求、填充、展示、点击、点击率、花费与 eCPM',
  countryReport: '国家报表：按国家拆分的同一组指标',
  sspReport: '供应方报表：按 DSP、媒体、广告位、应用版本与国家统计',
  human: '人群特征：性别、年龄与分层兴趣',
  style: '创意样式：图标、图片、三图与视频的尺寸，标题与描述的长度限制',
  adType: '广告位与创意使用的广告类型',
  brand: '设备品牌及其代码与机型',
  models: '品牌下的机型列表',
  country: '国家及其代码与语言',
};
