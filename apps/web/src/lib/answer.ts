/**
 * How an answer of the API reads (docs/product/api-conventions.md#envelope): its envelope,
 * the error it makes and the text shown for that error, without zod, so that the sign-in page
 * shares them with the console's client (lib/api.ts) and still loads no zod.
 */
import {
  ERROR_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  ResponseCode,
  errorTypeOf,
  retryLaterMessage,
  type ErrorType,
  type FieldIssue,
  type InterfaceLanguage,
  type MessageParams,
} from '@adloom/domain';
import { hasMessage, messageText } from './messages';

/** Code of an ApiError raised without any answer from the server (network, timeout). */
export const NETWORK_ERROR_CODE = 0;
/** Code of an ApiError for a request the caller cancelled. */
export const ABORTED_CODE = -1;

/** A message code and its parameters as an envelope names them (`msgCode`, `msgParams`). */
export interface CodedMessageLike {
  code: string;
  params?: MessageParams | undefined;
}

export class ApiError extends Error {
  /** The envelope's code, or NETWORK_ERROR_CODE / ABORTED_CODE. */
  readonly code: number;
  /** The server's own message (empty without an answer). */
  readonly msg: string;
  /** Invalid fields of a validation error (-120), by dotted path. */
  readonly fields: FieldIssue[];
  /** The wait of a throttled attempt (-170 with `data.retryAfterSeconds`). */
  readonly retryAfterSeconds: number | undefined;
  /** The message's code and parameters when the server named one (`msgCode`, `msgParams`). */
  readonly coded: CodedMessageLike | undefined;

  /** `message` is the text shown to the person, in the interface language. */
  constructor(
    code: number,
    message: string,
    msg = '',
    fields: FieldIssue[] = [],
    retryAfterSeconds?: number,
    coded?: CodedMessageLike,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.coded = coded;
  }

  get type(): ErrorType | undefined {
    return errorTypeOf(this.code);
  }

  /** True when the server answered (as opposed to a network failure or a cancel). */
  get answered(): boolean {
    return this.code !== NETWORK_ERROR_CODE && this.code !== ABORTED_CODE;
  }
}

/** The envelope `{ code, msg, msgCode?, msgParams?, data }` of every answer. */
export interface Envelope {
  code: number;
  msg: string;
  msgCode: string | undefined;
  msgParams: MessageParams | undefined;
  data: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function paramsOf(value: unknown): MessageParams | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  const scalar = entries.every(([, item]) => typeof item === 'string' || typeof item === 'number');
  return scalar ? (Object.fromEntries(entries) as MessageParams) : undefined;
}

/**
 * The envelope of an answer's JSON, or undefined when it is none (no numeric code). A `msg`,
 * `msgCode` or `msgParams` of the wrong shape reads as absent, not as a failure.
 */
export function readEnvelope(payload: unknown): Envelope | undefined {
  if (!isRecord(payload) || typeof payload.code !== 'number') return undefined;
  return {
    code: payload.code,
    msg: typeof payload.msg === 'string' ? payload.msg : '',
    msgCode: typeof payload.msgCode === 'string' ? payload.msgCode : undefined,
    msgParams: paramsOf(payload.msgParams),
    data: payload.data,
  };
}

/** The wait a throttled attempt's `data` names (`ZRetryErrorData`: a positive whole number). */
export function retryAfterOf(data: unknown): number | undefined {
  if (!isRecord(data)) return undefined;
  const seconds = data.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0
    ? seconds
    : undefined;
}

/**
 * The text shown for an answer: the text of the message code the server named, in `lang`
 * (lib/messages.ts); else the catalogue text of the response code; else the server's; a
 * throttled attempt says when to retry in either language.
 */
export function answerText(
  code: number,
  msg: string,
  lang: InterfaceLanguage,
  retryAfterSeconds?: number,
  coded?: CodedMessageLike,
): string {
  if (code === NETWORK_ERROR_CODE) return NETWORK_ERROR_MESSAGE[lang];
  if (code === ResponseCode.tooManyRequests && retryAfterSeconds !== undefined) {
    return messageText(retryLaterMessage(retryAfterSeconds), lang);
  }
  if (coded && hasMessage(coded.code)) return messageText(coded, lang);
  const type = errorTypeOf(code);
  if (type && lang === 'zh') return ERROR_MESSAGES[type].zh;
  return msg || (type ? ERROR_MESSAGES[type].en : `Error ${code}`);
}

/** An error's text in `lang`, for messages that stay on screen while the language changes. */
export function errorText(error: ApiError, lang: InterfaceLanguage): string {
  return answerText(error.code, error.msg, lang, error.retryAfterSeconds, error.coded);
}

/** The error of a request that got no answer (network, timeout). */
export function networkError(lang: InterfaceLanguage): ApiError {
  return new ApiError(NETWORK_ERROR_CODE, answerText(NETWORK_ERROR_CODE, '', lang));
}

/** The error of an envelope whose code is not 200, its text in `lang`. */
export function answerError(
  envelope: Envelope,
  lang: InterfaceLanguage,
  fields: FieldIssue[] = [],
): ApiError {
  const { code, msg, msgCode, msgParams, data } = envelope;
  const coded = msgCode ? { code: msgCode, params: msgParams } : undefined;
  const retryAfter = retryAfterOf(data);
  return new ApiError(
    code,
    answerText(code, msg, lang, retryAfter, coded),
    msg,
    fields,
    retryAfter,
    coded,
  );
}
