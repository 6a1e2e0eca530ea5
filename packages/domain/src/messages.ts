/**
 * Every message a user can meet, as a stable code with its texts in English and Chinese
 * (docs/decisions/messages-as-codes.md). The server answers the code, its parameters and the
 * English text; the console shows the code's text in the interface language. Shared schemas
 * name a code as their message (`msg('plan.endAfterStart')`), and zod's own messages become
 * codes through `messageErrorMap`. A text's `{{name}}` is filled from the parameters.
 *
 * The spec's literal messages (docs/product/messages-and-codes.md#form-messages, docs/product/messages-and-codes.md#catalogue) keep the spec's English word for word.
 */
import type { z } from 'zod';
import type { InterfaceLanguage, Label } from './labels.js';

/** The catalogue's responses of docs/product/messages-and-codes.md#catalogue, by error type (errors.ts). */
export const ERROR_MESSAGES = {
  noLogin: { en: 'Log in timeout, please resign.', zh: '登录超时，请重新登录。' },
  noAuthority: { en: 'Access deni, check again.', zh: '没有访问权限，请检查。' },
  proxyTargetDisabled: {
    en: 'The account acted for is disabled; enable it before operating it.',
    zh: '所代操作的账户已停用，请先启用后再操作。',
  },
  ownFunds: {
    en: 'A fund manager cannot top up or adjust their own account.',
    zh: '资金管理员不能为自己的账户充值或调整余额。',
  },
  sameApprover: {
    en: 'Another fund manager must decide this request: not its requester or its account.',
    zh: '此申请须由另一位资金管理员处理，申请人或收款账户本人不可处理。',
  },
  validation: { en: 'Some fields are not valid.', zh: '部分字段填写不正确。' },
  noneUpdate: { en: 'None Update.', zh: '没有任何修改。' },
  noneCreate: { en: 'None Create.', zh: '没有可创建的内容。' },
  existent: { en: "Exists, don't duplicate.", zh: '已存在，请勿重复添加。' },
  alreadyDecided: {
    en: 'This request has already been decided.',
    zh: '此申请已处理。',
  },
  notFound: { en: 'Not found.', zh: '未找到。' },
  userNotFound: { en: 'User {{id}} was not found.', zh: '未找到用户 {{id}}。' },
  notFoundItem: { en: '{{label}} {{id}} was not found.', zh: '未找到 {{label}} {{id}}。' },
  noSuchFile: { en: 'No such file.', zh: '没有这个文件。' },
  notFoundRoute: { en: 'Not found: {{method}} {{path}}', zh: '未找到：{{method}} {{path}}' },
  locked: {
    en: 'This account is locked after too many failed sign-ins.',
    zh: '登录失败次数过多，账户已锁定。',
  },
  tooManyRequests: { en: 'Too many requests, please slow down.', zh: '请求过于频繁，请稍后再试。' },
  other: { en: 'Something went wrong on the server.', zh: '服务器出错了。' },
  retryOneSecond: {
    en: 'Too many failed attempts. Try again in 1 second.',
    zh: '失败次数过多，请 1 秒后重试。',
  },
  retrySeconds: {
    en: 'Too many failed attempts. Try again in {{seconds}} seconds.',
    zh: '失败次数过多，请 {{seconds}} 秒后重试。',
  },
  retryAfter: {
    en: 'Too many attempts, please retry in {{after}}.',
    zh: '尝试次数过多，请在 {{after}} 后重试。',
  },
  retryMinutes: {
    en: 'Too many failed attempts. Try again in {{minutes}} minutes.',
    zh: '失败次数过多，请 {{minutes}} 分钟后重试。',
  },
} as const satisfies Record<string, Label>;

/** zod's own checks, in our words (`messageErrorMap`), and the text rule of every contract. */
export const INPUT_MESSAGES = {
  required: { en: 'This field is required', zh: '此项必填' },
  tooShort: { en: 'At least {{min}} characters', zh: '至少 {{min}} 个字符' },
  tooLong: { en: 'At most {{max}} characters', zh: '最多 {{max}} 个字符' },
  tooSmall: { en: 'Must be at least {{min}}', zh: '不能小于 {{min}}' },
  tooSmallExclusive: { en: 'Must be more than {{min}}', zh: '必须大于 {{min}}' },
  tooBig: { en: 'Must be at most {{max}}', zh: '不能大于 {{max}}' },
  tooBigExclusive: { en: 'Must be less than {{max}}', zh: '必须小于 {{max}}' },
  tooFew: { en: 'Choose at least {{min}}', zh: '至少选择 {{min}} 项' },
  tooMany: { en: 'At most {{max}} items', zh: '最多 {{max}} 项' },
  notInteger: { en: 'Must be a whole number', zh: '必须是整数' },
  notNumber: { en: 'Must be a number', zh: '必须是数字' },
  moneyDecimals: { en: 'At most 2 decimals', zh: '最多 2 位小数' },
  invalidType: { en: 'Not a valid value', zh: '值无效' },
  invalidFormat: { en: 'Not in the expected format', zh: '格式不正确' },
  invalidValue: { en: 'Choose one of the listed values', zh: '请从列出的值中选择' },
  unknownKey: { en: 'Unknown field: {{keys}}', zh: '未知的字段：{{keys}}' },
  invalid: { en: 'Not valid', zh: '无效' },
  unsafeText: {
    en: 'Must not contain NUL characters or unpaired surrogates',
    zh: '不能包含空字符（NUL）或不成对的代理字符',
  },
  httpUrl: { en: 'Must be an http(s) address', zh: '必须是 http(s) 地址' },
  pageSize: { en: 'must be one of {{sizes}}', zh: '只能是 {{sizes}} 之一' },
  unknownStatus: { en: 'Unknown status', zh: '未知的状态' },
  unknownKind: { en: 'Unknown kind', zh: '未知的类型' },
  userId: { en: 'Must be a user id', zh: '必须是用户 ID' },
  notJson: { en: 'The request body is not valid JSON.', zh: '请求内容不是有效的 JSON。' },
  emptyJson: {
    en: "The request body is empty but its content type is 'application/json'.",
    zh: '请求内容为空，但其类型为 application/json。',
  },
  bodyTooLarge: { en: 'The request body is too large.', zh: '请求内容过大。' },
  mediaType: {
    en: 'Unsupported content type: send application/json or multipart/form-data.',
    zh: '不支持的内容类型：请发送 application/json 或 multipart/form-data。',
  },
  contentLength: {
    en: 'The request body does not match its Content-Length.',
    zh: '请求内容与其 Content-Length 不符。',
  },
  notMultipart: {
    en: 'The request is not multipart/form-data.',
    zh: '请求不是 multipart/form-data。',
  },
  noFiles: { en: 'This request does not accept files.', zh: '此请求不接受文件。' },
  fileTooLarge: { en: 'The uploaded file is too large.', zh: '上传的文件过大。' },
  badRequest: { en: 'The request is not valid.', zh: '请求无效。' },
} as const satisfies Record<string, Label>;

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

/** Media and slots beyond docs/product/messages-and-codes.md#form-messages. */
export const SUPPLY_MESSAGES = {
  bundle: {
    en: 'Use a package name such as com.example.app or a domain such as example.com',
    zh: '请填写包名（如 com.example.app）或域名（如 example.com）',
  },
  countryCode: { en: 'Use two-letter country codes', zh: '请使用两位字母的国家代码' },
  unknownCountry: { en: 'Unknown country', zh: '未知的国家' },
  unknownAdType: { en: 'There is no such active ad type', zh: '没有这个启用的广告类型' },
  unknownOwner: { en: 'There is no such account', zh: '没有这个账户' },
  unknownMedia: { en: 'There is no such media', zh: '没有这个媒体' },
  mediaDeleted: { en: 'This media is deleted', zh: '该媒体已删除' },
  mediaFinal: { en: 'A deleted media cannot be changed', zh: '已删除的媒体不能再修改' },
  slotFinal: { en: 'A deleted slot cannot be changed', zh: '已删除的广告位不能再修改' },
  slotCodeTaken: { en: 'Another slot has this code', zh: '已有其他广告位使用这个代码' },
  slotCode: {
    en: 'A code is up to 64 characters without control characters',
    zh: '代码最多 64 个字符，不能包含控制字符',
  },
  os: { en: 'Unknown OS', zh: '未知的操作系统' },
  adForm: { en: 'Unknown ad form', zh: '未知的广告形式' },
  supplyType: { en: 'Unknown supply type', zh: '未知的供应类型' },
  status: {
    en: 'Must be 0 (active), 1 (inactive) or 5 (deleted)',
    zh: '只能是 0（启用）、1（停用）或 5（已删除）',
  },
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

/**
 * The password policy (docs/decisions/sign-in.md), sign-in and the password forms: at least
 * PASSWORD_MIN_LENGTH characters and not common or easy to guess (judged by zxcvbn-ts).
 */
export const PASSWORD_MESSAGES = {
  common: {
    en: 'Too common: this password is on the lists attackers try first',
    zh: '过于常见：该密码在攻击者优先尝试的常用密码列表中',
  },
  guessable: {
    en: 'Too easy to guess: make it longer and avoid names, words, dates and keyboard patterns',
    zh: '过于容易猜到：请加长密码，避免使用姓名、单词、日期和键盘序列',
  },
  mismatch: { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  unchanged: {
    en: 'The new password must differ from the old one',
    zh: '新密码不能与原密码相同',
  },
  wrongOld: { en: 'The old password is wrong.', zh: '原密码不正确。' },
  usernameChars: { en: 'Only letters, digits and _ . @ -', zh: '只能包含字母、数字和 _ . @ -' },
  wrongCredentials: { en: 'Wrong username or password.', zh: '用户名或密码错误。' },
  disabled: { en: 'This account is disabled.', zh: '该账户已停用。' },
  noLoginAbility: { en: 'This account may not sign in.', zh: '该账户不允许登录。' },
  encoded: {
    en: 'Must be encoded before sending (b64: followed by base64).',
    zh: '发送前须编码（b64: 加 base64）。',
  },
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

/** Demand partners and the SSP strategy form beyond docs/product/messages-and-codes.md#form-messages. */
export const DSP_MESSAGES = {
  credentials: { en: 'Must not contain a user name or password', zh: '不能包含用户名或密码' },
  privateAddress: {
    en: 'Must not point to a private or loopback address',
    zh: '不能指向私有或本机回环地址',
  },
  slotType: { en: 'Unknown slot type', zh: '未知的广告位类型' },
  dspType: { en: 'Unknown DSP type', zh: '未知的需求方类型' },
  userSync: {
    en: 'userSync must be the partner’s http(s) user-sync URL, without a user name or password',
    zh: 'userSync 须为需求方的 http(s) 用户同步地址，且不含用户名或密码',
  },
  chooseDsp: { en: 'Choose a demand partner', zh: '请选择需求方' },
  permilleRange: { en: 'A whole number from 0 to 1000', zh: '0 到 1000 之间的整数' },
  dspOnce: { en: 'Each demand partner once', zh: '每个需求方只能出现一次' },
  unknownDsp: { en: 'Unknown demand partner', zh: '未知的需求方' },
  inactiveDsp: { en: 'The demand partner is inactive', zh: '该需求方已停用' },
  unknownSlot: { en: 'Unknown slot', zh: '未知的广告位' },
  triggerOnce: { en: 'One rule per trigger', zh: '每种触发条件只能有一条规则' },
  allocationsOver: {
    en: 'The allocations add up to {{sum}}‰; at most {{max}}‰',
    zh: '分配合计 {{sum}}‰，最多 {{max}}‰',
  },
} as const satisfies Record<string, Label>;

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

/** Funds and accounts. */
export const FUND_MESSAGES = {
  amountFormat: {
    en: 'Write an amount such as 125.50 (at most 2 decimals)',
    zh: '请填写金额，例如 125.50（最多 2 位小数）',
  },
  amountTooLarge: { en: 'At most 100,000,000 at a time', zh: '单次最多 100,000,000' },
  amountPositive: { en: 'Must be more than 0', zh: '必须大于 0' },
  amountNonZero: { en: 'Must not be 0', zh: '不能为 0' },
  belowZero: { en: 'The balance would fall below zero', zh: '余额将低于零' },
  loginRequired: { en: 'Must include login (1)', zh: '必须包含登录权限 (1)' },
  revenueShare: {
    en: 'Only a channel or the system sets the revenue share',
    zh: '只有渠道或系统可以设置分成比例',
  },
  notYoursToGrant: {
    en: 'Not yours to grant: {{abilities}}',
    zh: '无权授予：{{abilities}}',
  },
} as const satisfies Record<string, Label>;

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

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}.${K}`]: T[K] };

function prefixed<P extends string, T extends Record<string, Label>>(
  prefix: P,
  group: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(group).map(([key, label]) => [`${prefix}.${key}`, label]),
  ) as Prefixed<P, T>;
}

/** The one catalogue: code → texts. */
export const MESSAGES = {
  ...prefixed('error', ERROR_MESSAGES),
  ...prefixed('input', INPUT_MESSAGES),
  ...prefixed('ad', AD_MESSAGES),
  ...prefixed('plan', PLAN_MESSAGES),
  ...prefixed('supply', SUPPLY_MESSAGES),
  ...prefixed('upload', UPLOAD_MESSAGES),
  ...prefixed('password', PASSWORD_MESSAGES),
  ...prefixed('creativeRule', CREATIVE_RULE_MESSAGES),
  ...prefixed('creative', CREATIVE_MESSAGES),
  ...prefixed('dsp', DSP_MESSAGES),
  ...prefixed('settings', SETTINGS_MESSAGES),
  ...prefixed('fund', FUND_MESSAGES),
  ...prefixed('report', REPORT_MESSAGES),
};
/** Every message code; the compiler checks each use. */
export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message as the wire carries it: its code, its parameters, and its English text. */
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams | undefined;
}

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/** `{{name}}` of a text filled from `params`. */
export function fillParams(template: string, params: MessageParams | undefined): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params?.[name] ?? ''));
}

/** The text of `code` in `lang` with its parameters filled in. */
export function messageText(
  code: MessageCode,
  lang: InterfaceLanguage = 'en',
  params?: MessageParams,
): string {
  return fillParams(MESSAGES[code][lang], params);
}

/** A schema check's message naming a code: `.regex(re, msg('settings.countryCode'))`. */
export function msg(code: MessageCode): { message: MessageCode } {
  return { message: code };
}

const LENGTH_ORIGINS = new Set(['string']);
const COUNT_ORIGINS = new Set(['array', 'set', 'file']);

function limit(value: unknown): string | number {
  return typeof value === 'bigint' ? String(value) : (value as number);
}

/**
 * The code and parameters of a zod issue: the code a schema named as its message, else ours
 * for zod's own check (`too_small` of a string of at least 1 → `input.required`, …).
 */
export function issueMessage(issue: z.core.$ZodIssue): CodedMessage {
  const params: MessageParams = {};
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
  }
  if (issue.code === 'too_small') params.min = limit(issue.minimum);
  if (issue.code === 'too_big') params.max = limit(issue.maximum);
  if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ');
  const named = isMessageCode(issue.message) ? issue.message : undefined;
  return {
    code: named ?? defaultCode(issue),
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

function defaultCode(issue: z.core.$ZodRawIssue | z.core.$ZodIssue): MessageCode {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (LENGTH_ORIGINS.has(issue.origin)) return min <= 1 ? 'input.required' : 'input.tooShort';
      if (COUNT_ORIGINS.has(issue.origin)) return 'input.tooFew';
      return issue.inclusive === false ? 'input.tooSmallExclusive' : 'input.tooSmall';
    }
    case 'too_big':
      if (LENGTH_ORIGINS.has(issue.origin)) return 'input.tooLong';
      if (COUNT_ORIGINS.has(issue.origin)) return 'input.tooMany';
      return issue.inclusive === false ? 'input.tooBigExclusive' : 'input.tooBig';
    case 'invalid_type':
      if (issue.expected === 'int') return 'input.notInteger';
      if (issue.expected === 'number') return 'input.notNumber';
      return issue.input === undefined || issue.input === ''
        ? 'input.required'
        : 'input.invalidType';
    case 'invalid_format':
      return issue.format === 'url' ? 'input.httpUrl' : 'input.invalidFormat';
    case 'invalid_value':
      return 'input.invalidValue';
    case 'unrecognized_keys':
      return 'input.unknownKey';
    case 'not_multiple_of':
      return 'input.notInteger';
    default:
      return 'input.invalid';
  }
}

/**
 * zod's messages replaced by our codes (`z.config({ customError: messageErrorMap })`, set by
 * the server and the console at start): an issue's message is always a catalogue code, which
 * `issueMessage` reads and each side shows in its language.
 */
export const messageErrorMap: z.core.$ZodErrorMap = (issue) => defaultCode(issue);
