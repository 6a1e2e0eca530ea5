/**
 * Every enumeration of the product specification (docs/product/constants.md#enumerations), with the
 * wire values the spec gives and labels in both interface languages.
 */
import { defineEnum } from './enum.js';

/** docs/product/advertising.md#creative-review Creative review. */
export const CreativeReview = defineEnum({
  approve: { value: 0, en: 'Approve', zh: '通过' },
  auditing: { value: 1, en: 'Auditing', zh: '审核中' },
  reject: { value: 2, en: 'Reject', zh: '驳回' },
});

/** docs/product/advertising.md#creative-review Creative audit states as the audit screen labels them. */
export const CreativeAuditState = defineEnum({
  pending: { value: 'pending', en: 'Pending', zh: '待审核' },
  underAudit: { value: 'underAudit', en: 'Under audit', zh: '审核中' },
  approved: { value: 'approved', en: 'Approved', zh: '审核通过' },
  failed: { value: 'failed', en: 'Failed', zh: '审核未通过' },
  inactive: { value: 'inactive', en: 'Inactive (shelved)', zh: '已下架' },
  deleted: { value: 'deleted', en: 'Deleted', zh: '已删除' },
  normal: { value: 'normal', en: 'Normal', zh: '正常' },
});

/** docs/product/advertising.md#audit Audit actions. */
export const AuditAction = defineEnum({
  approve: { value: 'approve', en: 'Approve', zh: '通过' },
  reject: { value: 'reject', en: 'Reject', zh: '驳回' },
});

/**
 * docs/product/advertising.md#plan-status. Live and the three stalled states are distinct on the list. Archived is
 * the wide variant's Deleted 5: the plan is kept (history, reports) but serves nothing and
 * leaves the default list (docs/decisions/working-lists.md).
 */
export const PlanStatus = defineEnum({
  live: { value: 0, en: 'Live', zh: '投放中' },
  unlive: { value: 7, en: 'Unlive', zh: '未投放' },
  outOfTime: { value: 1, en: 'Out Of Time', zh: '不在投放时间' },
  balanceExhausted: { value: 2, en: 'Balance Exhausted', zh: '预算已用完' },
  lackOfFunds: { value: 3, en: 'Lack Of Funds', zh: '余额不足' },
  archived: { value: 5, en: 'Archived', zh: '已归档' },
});

/** docs/product/settings.md#status-values Simple status (Active 0, Inactive 1). */
export const SimpleStatus = defineEnum({
  active: { value: 0, en: 'Active', zh: '启用' },
  inactive: { value: 1, en: 'Inactive', zh: '停用' },
});

/** docs/product/settings.md#status-values The wider status variant, adding Deleted 5. */
export const WideStatus = defineEnum({
  active: { value: 0, en: 'Active', zh: '启用' },
  inactive: { value: 1, en: 'Inactive', zh: '停用' },
  deleted: { value: 5, en: 'Deleted', zh: '已删除' },
});

/** docs/product/advertising.md#transcoding Media transcoding; `failed` added so a broken upload is visible rather than stuck. */
export const TranscodeState = defineEnum({
  transcoding: { value: 0, en: 'Transcoding', zh: '转码中' },
  transcoded: { value: 1, en: 'Transcoded', zh: '已转码' },
  failed: { value: 2, en: 'Transcoding failed', zh: '转码失败' },
});

/** docs/product/constants.md#enumerations Platform (OS). */
export const Platform = defineEnum({
  all: { value: 0, en: 'All System', zh: '全部系统' },
  android: { value: 1, en: 'Android', zh: 'Android' },
  ios: { value: 2, en: 'iOS', zh: 'iOS' },
  wp: { value: 3, en: 'WP', zh: 'WP' },
});

/** docs/product/constants.md#enumerations Network. */
export const Network = defineEnum({
  all: { value: 0, en: 'All', zh: '全部' },
  wifi: { value: 1, en: 'WIFI', zh: 'WIFI' },
  g2: { value: 2, en: '2G', zh: '2G' },
  g3: { value: 3, en: '3G', zh: '3G' },
  g4: { value: 4, en: '4G', zh: '4G' },
  g5: { value: 5, en: '5G', zh: '5G' },
});

/** OpenRTB 2.6 List: Device Types (`device.devicetype`), for targeting exchange traffic. */
export const DeviceType = defineEnum({
  mobileTablet: { value: 1, en: 'Mobile/Tablet', zh: '移动设备/平板' },
  pc: { value: 2, en: 'Personal computer', zh: '个人电脑' },
  ctv: { value: 3, en: 'Connected TV', zh: '联网电视' },
  phone: { value: 4, en: 'Phone', zh: '手机' },
  tablet: { value: 5, en: 'Tablet', zh: '平板电脑' },
  connected: { value: 6, en: 'Connected device', zh: '联网设备' },
  setTopBox: { value: 7, en: 'Set top box', zh: '机顶盒' },
  ooh: { value: 8, en: 'Out-of-home device', zh: '户外设备' },
});

/** docs/product/constants.md#enumerations Gender. */
export const Gender = defineEnum({
  default: { value: 0, en: 'Default', zh: '默认' },
  man: { value: 1, en: 'Man', zh: '男' },
  woman: { value: 2, en: 'Woman', zh: '女' },
});

/** docs/product/advertising.md#click-actions Click action. */
export const ClickAction = defineEnum({
  noAction: { value: 1, en: 'No Action', zh: '无动作' },
  openUrl: { value: 2, en: 'Open Url', zh: '打开链接' },
  downloadApp: { value: 3, en: 'Download App', zh: '下载应用' },
  telephone: { value: 4, en: 'Telephone', zh: '拨打电话' },
});

/** docs/product/constants.md#enumerations Billing. */
export const Billing = defineEnum({
  cpt: { value: 1, en: 'CPT', zh: 'CPT（按时长）' },
  cpm: { value: 2, en: 'CPM', zh: 'CPM（按千次展示）' },
  cpc: { value: 3, en: 'CPC', zh: 'CPC（按点击）' },
});

/** docs/product/constants.md#enumerations Weekdays, Monday 1 to Sunday 7. */
export const Weekday = defineEnum({
  monday: { value: 1, en: 'Monday', zh: '星期一' },
  tuesday: { value: 2, en: 'Tuesday', zh: '星期二' },
  wednesday: { value: 3, en: 'Wednesday', zh: '星期三' },
  thursday: { value: 4, en: 'Thursday', zh: '星期四' },
  friday: { value: 5, en: 'Friday', zh: '星期五' },
  saturday: { value: 6, en: 'Saturday', zh: '星期六' },
  sunday: { value: 7, en: 'Sunday', zh: '星期日' },
});

/** docs/product/constants.md#enumerations Hours of a day, 0 to 23 (schedules are in UTC+00:00). */
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

/** docs/product/constants.md#enumerations Ad style types. */
export const AdStyleType = defineEnum({
  text: { value: 1, en: 'Text', zh: '纯文字' },
  imageOnly: { value: 2, en: 'Image Only', zh: '纯图片' },
  smallImage: { value: 3, en: 'Small Image', zh: '小图' },
  bigImage: { value: 4, en: 'Big Image', zh: '大图' },
  threeImages: { value: 5, en: 'Three Images', zh: '三图' },
  video: { value: 6, en: 'Video', zh: '视频' },
});

/** docs/product/constants.md#enumerations Supply type of a slot. */
export const SupplyType = defineEnum({
  dsp: { value: 0, en: 'DSP', zh: 'DSP' },
  rtbApi: { value: 1, en: 'RTB Api', zh: 'RTB API' },
  sdk: { value: 2, en: 'SDK', zh: 'SDK' },
  notRtbApi: { value: 3, en: 'notRTB Api', zh: '非 RTB API' },
});

/** docs/product/constants.md#enumerations Ad form. */
export const AdForm = defineEnum({
  unlimited: { value: 0, en: 'Unlimited', zh: '不限' },
  banner: { value: 1, en: 'Banner', zh: '横幅' },
  interstitial: { value: 2, en: 'Interstitial', zh: '插屏' },
  splash: { value: 3, en: 'Splash', zh: '开屏' },
  feed: { value: 4, en: 'Feed', zh: '信息流' },
  rewardedVideo: { value: 5, en: 'Rewarded Video', zh: '激励视频' },
});

/** docs/product/constants.md#languages Creative languages. */
export const CreativeLanguage = defineEnum({
  en: { value: 'en', en: 'English', zh: '英语' },
  fr: { value: 'fr', en: 'French', zh: '法语' },
});

/** Include or exclude the listed targets. */
export const TargetingMode = defineEnum({
  include: { value: 'include', en: 'Include', zh: '包含' },
  exclude: { value: 'exclude', en: 'Exclude', zh: '排除' },
});

/** docs/product/design.md#data-model ledger: every balance change is one of these. */
export const LedgerKind = defineEnum({
  topUp: { value: 'topUp', en: 'Top-up', zh: '充值' },
  spend: { value: 'spend', en: 'Spend', zh: '消耗' },
  adjustment: { value: 'adjustment', en: 'Adjustment', zh: '调整' },
});

/** What an uploaded material is, found from its content. */
export const MaterialKind = defineEnum({
  image: { value: 'image', en: 'Image', zh: '图片' },
  video: { value: 'video', en: 'Video', zh: '视频' },
});

/**
 * The plan creation flow (docs/product/console.md#plan-creation-flow): create plan → add strategies → configure creatives per
 * strategy → complete plan creation. A plan remembers its step so a person can leave and resume.
 */
export const PlanStep = defineEnum({
  plan: { value: 1, en: 'Create plan', zh: '创建计划' },
  strategies: { value: 2, en: 'Add strategies', zh: '添加策略' },
  creatives: { value: 3, en: 'Configure creatives', zh: '配置创意' },
  complete: { value: 4, en: 'Complete plan creation', zh: '完成计划创建' },
});

/**
 * Every orientation (targeting) dimension of a strategy: the rules of docs/product/advertising.md#targeting (country, OS,
 * network, special slot, UID, app version), the filter keys (oaid, imei, idfa, brand, pkg,
 * osv), the device model under a brand, and audience characteristics (adManageAdvanced).
 */
export const OrientationKey = defineEnum({
  country: { value: 'country', en: 'Country', zh: '国家' },
  os: { value: 'os', en: 'OS', zh: '操作系统' },
  network: { value: 'network', en: 'Network', zh: '网络' },
  slot: { value: 'slot', en: 'Special slot', zh: '特定广告位' },
  uid: { value: 'uid', en: 'UID', zh: '用户 ID' },
  appVersion: { value: 'appVersion', en: 'App version', zh: '应用版本' },
  oaid: { value: 'oaid', en: 'OAID', zh: 'OAID' },
  imei: { value: 'imei', en: 'IMEI', zh: 'IMEI' },
  idfa: { value: 'idfa', en: 'IDFA', zh: 'IDFA' },
  brand: { value: 'brand', en: 'Brand', zh: '品牌' },
  model: { value: 'model', en: 'Model', zh: '机型' },
  pkg: { value: 'pkg', en: 'App package', zh: '应用包名' },
  osv: { value: 'osv', en: 'OS version', zh: '系统版本' },
  /** An exchange's web inventory (OpenRTB `site.domain`); a domain also covers its subdomains. */
  siteDomain: { value: 'siteDomain', en: 'Site domain', zh: '网站域名' },
  /** What the device is, as OpenRTB requests say it (`device.devicetype`). */
  deviceType: { value: 'deviceType', en: 'Device type', zh: '设备类型' },
  audience: { value: 'audience', en: 'Audience characteristics', zh: '人群特征' },
});
export type OrientationKeyValue = (typeof OrientationKey.values)[number];

/** How a demand partner is bought (docs/product/supply.md#demand-partners; default 1). */
export const DspType = defineEnum({
  rtb: { value: 1, en: 'OpenRTB 2.6 bidding', zh: 'OpenRTB 2.6 竞价' },
  fixed: { value: 2, en: 'Fixed CPM', zh: '固定 CPM' },
});

/** The dimensions an SSP strategy's trigger rules test (spec issue 6). */
export const TRIGGER_KEYS = ['country', 'os', 'appVersion', 'network'] as const;
