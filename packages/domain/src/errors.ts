/**
 * The error catalogue (docs/product/messages-and-codes.md#catalogue): the error the server
 * throws from any layer and the invalid fields it names. The response codes are
 * response-codes.ts.
 */
import { messageText, type MessageCode, type MessageParams } from './messages.js';
import {
  HTTP_STATUS,
  ResponseCode,
  errorCode,
  retryLaterMessage,
  type ErrorType,
} from './response-codes.js';

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
