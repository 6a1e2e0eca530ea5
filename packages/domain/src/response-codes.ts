/**
 * Response codes (docs/product/messages-and-codes.md#response-codes, docs/product/api-conventions.md#envelope). The envelope's `code` says
 * what happened; the HTTP status repeats its class so ordinary tools and logs make sense.
 * Apart from the error (errors.ts) and the whole catalogue (messages.ts), so that the sign-in
 * page reads them without loading every message.
 */
import type { Label } from './labels.js';
import type { CodedMessage, MessageCode } from './messages.js';
import { ERROR_MESSAGES } from './messages/errors.js';

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
 * What a throttled sign-in or password check answers, with the wait (seconds under two
 * minutes, whole minutes from there).
 */
export function retryLaterMessage(seconds: number): CodedMessage {
  if (seconds === 1) return { code: 'error.retryOneSecond' };
  if (seconds < 120) return { code: 'error.retrySeconds', params: { seconds } };
  return { code: 'error.retryMinutes', params: { minutes: Math.ceil(seconds / 60) } };
}
