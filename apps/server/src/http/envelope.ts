/**
 * The response envelope `{ code, msg, data }` of every API answer (docs/product/messages-and-codes.md#response-codes, docs/product/api-conventions.md#envelope), and
 * how an error becomes one. The HTTP status repeats the code's class (HTTP_STATUS).
 */
import {
  HTTP_STATUS,
  errorCode,
  messageText,
  ResponseCode,
  ZEnvelope,
  ZRetryErrorData,
  ZValidationErrorData,
  type AppError,
  type ErrorType,
  type FieldIssue,
  type MessageCode,
  type MessageParams,
} from '@adloom/domain';
import { z } from 'zod';

export const SUCCESS_MSG = 'success';

export interface Envelope<T> {
  code: number;
  msg: string;
  /** An error's message code and parameters (messages.ts); `msg` is its English text. */
  msgCode?: MessageCode;
  msgParams?: MessageParams;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: ResponseCode.ok, msg: SUCCESS_MSG, data };
}

export type ErrorData = { fields: FieldIssue[] } | { retryAfterSeconds: number } | null;

/** An error answer: `data` holds the invalid fields of a validation error, else null. */
export const ZErrorEnvelope = ZEnvelope(
  z.union([ZValidationErrorData, ZRetryErrorData, z.null()]),
).describe(
  'An error: code is one of the catalogue (-100 not logged in, -110 no authority, -120 validation, …)',
);

export interface ErrorReply {
  status: number;
  body: Envelope<ErrorData>;
}

/** The answer of an error of `type` with the message `code` (the type's catalogue text by default). */
export function errorReply(
  type: ErrorType,
  code: MessageCode = errorCode(type),
  params?: MessageParams,
  fields?: FieldIssue[],
  msg: string = messageText(code, 'en', params),
): ErrorReply {
  return {
    status: HTTP_STATUS[type],
    body: {
      code: ResponseCode[type],
      msg,
      // The catalogue text of the code says it all; any other message names its own code.
      ...(code === errorCode(type) ? {} : { msgCode: code }),
      ...(params ? { msgParams: params } : {}),
      data: fields ? { fields } : null,
    },
  };
}

export function appErrorReply(error: AppError): ErrorReply {
  const reply = errorReply(
    error.type,
    error.messageCode,
    error.params,
    error.fields,
    error.message,
  );
  if (error.retryAfterSeconds === undefined) return reply;
  return {
    ...reply,
    body: { ...reply.body, data: { retryAfterSeconds: error.retryAfterSeconds } },
  };
}
