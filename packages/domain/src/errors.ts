/**
 * Response codes and the error catalogue (docs/product/messages-and-codes.md#catalogue, docs/product/api-conventions.md#envelope). The envelope's `code` says
 * what happened; the HTTP status repeats its class so ordinary tools and logs make sense.
 */
import type { Label } from './labels.js';
import {
  ERROR_MESSAGES,
  messageText,
  type CodedMessage,
  type MessageCode,
  type MessageParams,
} from './messages.js';

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

/** The catalogue's messages (messages.ts); English is the wire text, Chinese what the console shows. */
export { ERROR_MESSAGES };

/** The message code of an error type's catalogue text: `error.noLogin`. */
export function errorCode(type: ErrorType): MessageCode {
  return `error.${type}`;
}

/** Shown when a request gets no response at all (docs/product/messages-and-codes.md#network-error). */
export const NETWORK_ERROR_MESSAGE: Label = {
  en: "Network Error, please check or contact administrator as it's be error always.",
  zh: '网络错误，请检查网络；若一直出错请联系管理员。',
};

export function errorTypeOf(code: number): ErrorType | undefined {
  return (Object.keys(ResponseCode) as (keyof typeof ResponseCode)[]).find(
    (type): type is ErrorType => type !== 'ok' && ResponseCode[type] === code,
  );
}

/**
 * One invalid field of a request: `path` is the dotted field name, e.g. `lang_ids` or
 * `items.0.bid`; `code` and `params` name the message, `message` is its English text.
 */
export interface FieldIssue {
  path: string;
  code: MessageCode;
  params?: MessageParams | undefined;
  message: string;
}

/** The field issue of `code` on `path`, with its English text. */
export function fieldIssue(path: string, code: MessageCode, params?: MessageParams): FieldIssue {
  return {
    path,
    code,
    ...(params ? { params } : {}),
    message: messageText(code, 'en', params),
  };
}

/** The error the server throws from any layer; the HTTP layer turns it into the envelope. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly fields: FieldIssue[] | undefined;
  /** The message's code and parameters; `message` is its English text. */
  readonly messageCode: MessageCode;
  readonly params: MessageParams | undefined;
  /** Set on a throttled attempt: the seconds to wait, sent as `data.retryAfterSeconds`. */
  retryAfterSeconds: number | undefined;

  constructor(type: ErrorType, code?: MessageCode, fields?: FieldIssue[], params?: MessageParams) {
    const messageCode = code ?? errorCode(type);
    super(messageText(messageCode, 'en', params));
    this.name = 'AppError';
    this.type = type;
    this.messageCode = messageCode;
    this.params = params;
    this.fields = fields;
  }

  get code(): number {
    return ResponseCode[this.type];
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.type];
  }

  /** A validation error naming one field; its text is `path: message`. */
  static field(path: string, code: MessageCode, params?: MessageParams): AppError {
    return AppError.fields([fieldIssue(path, code, params)]);
  }

  /**
   * A validation error (-120) of `fields`: its code is the catalogue's, its English text
   * lists every field, `username: Required; …`.
   */
  static fields(fields: FieldIssue[], code?: MessageCode): AppError {
    const error = new AppError('validation', code, fields);
    if (!code) error.message = fields.map((field) => `${field.path}: ${field.message}`).join('; ');
    return error;
  }

  /** A throttled attempt (-170): the message says when to retry, data carries it. */
  static retryLater(seconds: number): AppError {
    const { code, params } = retryLaterMessage(seconds);
    const error = new AppError('tooManyRequests', code, undefined, params);
    error.retryAfterSeconds = seconds;
    return error;
  }
}

/**
 * What a throttled sign-in or password check answers, with the wait (seconds under two
 * minutes, whole minutes from there).
 */
export function retryLaterMessage(seconds: number): CodedMessage {
  if (seconds === 1) return { code: 'error.retryOneSecond' };
  if (seconds < 120) return { code: 'error.retrySeconds', params: { seconds } };
  return { code: 'error.retryMinutes', params: { minutes: Math.ceil(seconds / 60) } };
}
