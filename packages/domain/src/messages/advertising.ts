/** Plans, strategies, uploads and creatives: what an advertiser's forms can be told. */
import type { Label } from '../labels.js';

/** The plan, strategy and supply-side messages of docs/product/messages-and-codes.md#form-messages (the spec's English). */
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
  noteRequired: { en: 'Please note something', zh: '请填写备注' },
} as const satisfies Record<string, Label>;
export type AdMessageKey = keyof typeof AD_MESSAGES;

/** Plans and strategies beyond docs/product/messages-and-codes.md#form-messages. */
export const PLAN_MESSAGES = {
  scheduleEmpty: { en: 'Pick at least one hour of the week', zh: '请至少选择一周中的一个小时' },
  scheduleDays: {
    en: 'Give the hours of all seven weekdays, Monday first',
    zh: '请给出全部七天的投放小时',
  },
  billing: { en: 'Unknown billing', zh: '请选择计费方式' },
  endAfterStart: { en: 'Must be after the start', zh: '必须晚于开始时间' },
  intervalNeeded: { en: 'Give the interval the frequency counts over', zh: '请填写频次的计算间隔' },
  audienceNeedsAdvanced: {
    en: 'Audience characteristics need advanced targeting (adManageAdvanced)',
    zh: '人群特征定向需要高级定向权限',
  },
  positive: { en: 'Must be more than 0', zh: '必须大于 0' },
  planStatus: { en: 'Unknown plan status', zh: '未知的计划状态' },
  startStop: { en: 'Must be 0 (start) or 7 (stop)', zh: '只能是 0（开始）或 7（停止）' },
  stopBeforeDelete: {
    en: 'Stop the plan before deleting its strategies',
    zh: '请先停止计划，再删除其策略',
  },
  zeroOrOne: { en: 'Must be 0 or 1', zh: '只能是 0 或 1' },
  archived: {
    en: 'The plan is archived: restore it before changing it',
    zh: '计划已归档，请先恢复再修改',
  },
  notArchived: { en: 'The plan is not archived', zh: '计划未归档' },
} as const satisfies Record<string, Label>;

/** The upload's refusals (docs/product/advertising.md#uploads). */
export const UPLOAD_MESSAGES = {
  type: {
    en: 'Only jpg, png, gif, mp4 and mkv files are accepted',
    zh: '仅支持 jpg、png、gif、mp4 和 mkv 文件',
  },
  size: { en: 'At most 50 MB', zh: '文件不能超过 50 MB' },
  missing: { en: 'Choose a file to upload', zh: '请选择要上传的文件' },
  single: { en: 'Upload one file at a time', zh: '一次只能上传一个文件' },
  unreadable: {
    en: 'The file cannot be read as an image or a video',
    zh: '无法识别该文件中的图片或视频',
  },
  cutOff: {
    en: 'The upload was cut off or is not valid multipart data',
    zh: '上传中断，或不是有效的 multipart 数据',
  },
  unexpected: { en: 'Unexpected file', zh: '不接受此文件' },
  statusChoice: { en: 'Must be 0, 1 or 5', zh: '只能是 0、1 或 5' },
} as const satisfies Record<string, Label>;

/** Every rule a creative can break (creative-rules.ts) and the creative forms' own. */
export const CREATIVE_RULE_MESSAGES = {
  required: { en: 'Required by the chosen style', zh: '所选样式要求填写此项' },
  notInStyle: {
    en: 'The chosen style has no such element: leave it empty',
    zh: '所选样式没有此元素，请留空',
  },
  groupCount: { en: 'Choose exactly {{count}} images', zh: '请选择 {{count}} 张图片' },
  groupDistinct: { en: 'Choose {{count}} different images', zh: '请选择 {{count}} 张不同的图片' },
  tooLong: { en: 'At most {{max}} characters in this style', zh: '此样式最多 {{max}} 个字符' },
  urlRequired: {
    en: 'Enter the http(s) address the click opens',
    zh: '请填写点击后打开的 http(s) 地址',
  },
  downloadUrlRequired: {
    en: 'Enter the http(s) download or app store link',
    zh: '请填写 http(s) 下载或应用商店链接',
  },
  appNameRequired: { en: 'Download App needs the app name', zh: '下载应用需要填写应用名称' },
  appPackageRequired: {
    en: 'Download App needs the app package name',
    zh: '下载应用需要填写应用包名',
  },
  phoneRequired: {
    en: 'Enter a phone number such as tel:+33123456789',
    zh: '请填写电话号码，例如 tel:+8613800138000',
  },
  noClickUrl: {
    en: 'No Action opens nothing: leave the click URL empty',
    zh: '无动作时点击链接须留空',
  },
  configurationFormat: AD_MESSAGES.configurationFormat,
  deeplinkFormat: {
    en: 'Must be a link such as myapp://path',
    zh: '请填写链接，例如 myapp://path',
  },
  deeplinkScheme: {
    en: 'This kind of link is not allowed: use an app link (myapp://…) or http(s)',
    zh: '不允许此类链接：请使用应用链接（myapp://…）或 http(s) 链接',
  },
  /** A monitor link refused by the server's outbound URL guard (as for DSP URLs). */
  privateAddress: {
    en: 'Must not point to a private or loopback address',
    zh: '不能指向私有或本机回环地址',
  },
  urlCredentials: {
    en: 'Must not contain a user name or password',
    zh: '不能包含用户名或密码',
  },
  materialMissing: {
    en: "There is no such material in the owner's library",
    zh: '素材库中没有这个素材',
  },
  materialImage: { en: 'Choose an image', zh: '请选择图片' },
  materialVideo: { en: 'Choose a video', zh: '请选择视频' },
  materialInactive: { en: 'This material is inactive or deleted', zh: '该素材已停用或已删除' },
  videoTranscoding: {
    en: 'The video is still transcoding: save again when it is done',
    zh: '视频仍在转码，请转码完成后再保存',
  },
  videoFailed: {
    en: 'The video could not be transcoded: upload it again',
    zh: '视频转码失败，请重新上传',
  },
  sizeMismatch: {
    en: 'Needs {{size}} or larger in the same proportions; this one is {{actual}}',
    zh: '需要 {{size}} 或同比例更大的尺寸，当前为 {{actual}}',
  },
  sizeTooSmall: {
    en: 'Needs at least {{size}}; this one is {{actual}}',
    zh: '尺寸至少为 {{size}}，当前为 {{actual}}',
  },
} as const satisfies Record<string, Label>;
export type CreativeRule = keyof typeof CREATIVE_RULE_MESSAGES;

/** The creative forms and the audit beyond the style rules. */
export const CREATIVE_MESSAGES = {
  package: {
    en: 'Use a package name such as com.example.app',
    zh: '请填写包名，例如 com.example.app',
  },
  reason: { en: 'Give the advertiser a reason', zh: '请填写驳回原因' },
  clickAction: { en: 'Unknown click action', zh: '未知的点击动作' },
  auditState: { en: 'Unknown audit state', zh: '未知的审核状态' },
  reviewState: { en: 'Unknown review state', zh: '未知的审核结果' },
  deleted: { en: 'A deleted creative cannot be changed', zh: '已删除的创意不能再修改' },
  styleInactive: { en: 'This style is inactive: choose another', zh: '该样式已停用，请另选' },
  styleMissing: { en: 'There is no such style', zh: '没有这个样式' },
  notWaiting: { en: 'Not waiting for audit: creative {{id}}', zh: '创意 {{id}} 不在待审核状态' },
} as const satisfies Record<string, Label>;
