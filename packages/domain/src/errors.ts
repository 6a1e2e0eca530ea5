/**
 * Response codes and the error catalogue (spec §8, DESIGN §2). The envelope's `code` says
 * what happened; the HTTP status repeats its class so ordinary tools and logs make sense.
 */
import type { Label } from './labels.js';

export const ResponseCode = {
  ok: 200,
  noLogin: -100,
  noAuthority: -110,
  proxyTargetDisabled: -111,
  ownFunds: -112,
  sameApprover: -113,
  validation: -120,
  noneUpdate: -130,
  noneCreate: -131,
  existent: -140,
  alreadyDecided: -141,
  notFound: -150,
  locked: -160,
  tooManyRequests: -170,
  other: -500,
} as const;
export type ErrorType = Exclude<keyof typeof ResponseCode, 'ok'>;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

export const HTTP_STATUS: Record<ErrorType, number> = {
  noLogin: 401,
  noAuthority: 403,
  proxyTargetDisabled: 403,
  ownFunds: 403,
  sameApprover: 403,
  validation: 400,
  noneUpdate: 400,
  noneCreate: 400,
  existent: 409,
  alreadyDecided: 409,
  notFound: 404,
  locked: 423,
  tooManyRequests: 429,
  other: 500,
};

/** The catalogue's messages; English is the wire text, Chinese what the console shows in zh. */
export const ERROR_MESSAGES: Record<ErrorType, Label> = {
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
  locked: {
    en: 'This account is locked after too many failed sign-ins.',
    zh: '登录失败次数过多，账户已锁定。',
  },
  tooManyRequests: { en: 'Too many requests, please slow down.', zh: '请求过于频繁，请稍后再试。' },
  other: { en: 'Something went wrong on the server.', zh: '服务器出错了。' },
};

/** Shown when a request gets no response at all (spec §8). */
export const NETWORK_ERROR_MESSAGE: Label = {
  en: "Network Error, please check or contact administrator as it's be error always.",
  zh: '网络错误，请检查网络；若一直出错请联系管理员。',
};

export function errorTypeOf(code: number): ErrorType | undefined {
  return (Object.keys(ResponseCode) as (keyof typeof ResponseCode)[]).find(
    (type): type is ErrorType => type !== 'ok' && ResponseCode[type] === code,
  );
}

/** One invalid field of a request: `path` is the dotted field name, e.g. `lang_ids` or `items.0.bid`. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The error the server throws from any layer; the HTTP layer turns it into the envelope. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly fields: FieldIssue[] | undefined;
  /** Set on a throttled attempt: the seconds to wait, sent as `data.retryAfterSeconds`. */
  retryAfterSeconds: number | undefined;

  constructor(type: ErrorType, message?: string, fields?: FieldIssue[]) {
    super(message ?? ERROR_MESSAGES[type].en);
    this.name = 'AppError';
    this.type = type;
    this.fields = fields;
  }

  get code(): number {
    return ResponseCode[this.type];
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.type];
  }

  /** A validation error naming one field. */
  static field(path: string, message: string): AppError {
    return new AppError('validation', `${path}: ${message}`, [{ path, message }]);
  }

  /** A throttled attempt (-170): the English message says when to retry, data carries it. */
  static retryLater(seconds: number): AppError {
    const error = new AppError('tooManyRequests', retryLaterMessage(seconds).en);
    error.retryAfterSeconds = seconds;
    return error;
  }
}

/**
 * What a throttled sign-in or password check answers, with the wait (seconds under two
 * minutes, whole minutes from there); the console shows it in the interface language.
 */
export function retryLaterMessage(seconds: number): Label {
  if (seconds < 120) {
    return {
      en: `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      zh: `失败次数过多，请 ${seconds} 秒后重试。`,
    };
  }
  const minutes = Math.ceil(seconds / 60);
  return {
    en: `Too many failed attempts. Try again in ${minutes} minutes.`,
    zh: `失败次数过多，请 ${minutes} 分钟后重试。`,
  };
}
