/**
 * The response envelope `{ code, msg, data }` of every API answer (spec §8, DESIGN §2), and
 * how an error becomes one. The HTTP status repeats the code's class (HTTP_STATUS).
 */
import {
  ERROR_MESSAGES,
  HTTP_STATUS,
  ResponseCode,
  ZEnvelope,
  ZRetryErrorData,
  ZValidationErrorData,
  type AppError,
  type ErrorType,
  type FieldIssue,
} from '@adloom/domain';
import { z } from 'zod';

export const SUCCESS_MSG = 'success';

export interface Envelope<T> {
  code: number;
  msg: string;
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

export function errorReply(type: ErrorType, msg?: string, fields?: FieldIssue[]): ErrorReply {
  return {
    status: HTTP_STATUS[type],
    body: {
      code: ResponseCode[type],
      msg: msg ?? ERROR_MESSAGES[type].en,
      data: fields ? { fields } : null,
    },
  };
}

export function appErrorReply(error: AppError): ErrorReply {
  const reply = errorReply(error.type, error.message, error.fields);
  if (error.retryAfterSeconds === undefined) return reply;
  return {
    ...reply,
    body: { ...reply.body, data: { retryAfterSeconds: error.retryAfterSeconds } },
  };
}
