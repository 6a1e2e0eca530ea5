/** The catalogue's responses by error type, and zod's own checks in our words. */
import type { Label } from '../labels.js';

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
