/**
 * The one HTTP client of the console. Every call names a domain endpoint object, so its
 * query, body and answer are typed by the shared contract (EndpointQuery, EndpointBody,
 * EndpointResponse) and the answer is checked against the endpoint's zod schema.
 *
 * Envelope handling (docs/product/messages-and-codes.md#response-codes): 200 → data; -110 → /401 with no way back; -100 → sign out,
 * /login, reload; any other code → its message (in Chinese when the interface is and the
 * code is known) as a toast, and an ApiError carrying code, msg and field issues.
 */
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  PROXY_QUERY_PARAM,
  REQUEST_TIMEOUT_MS,
  ResponseCode,
  ZFieldIssue,
  ZRetryErrorData,
  errorTypeOf,
  isMessageCode,
  retryLaterMessage,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorType,
  type FieldIssue,
  type InterfaceLanguage,
  type MessageParams,
} from '@adloom/domain';
import { messageText } from './messages';
import { clearTokens, loginPathFor, noteSessionTimedOut, proxyUser, readTokens } from './session';

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

/** What the client needs from the app around it; set once by the app, replaced in tests. */
export interface ApiEnvironment {
  /** Shows an error toast (antd message.error). */
  notifyError(text: string): void;
  /** -110: go to /401 with the no-go-back flag. */
  goToDenied(): void;
  /** -100: tokens are already cleared; go to /login and reload. */
  goToLogin(): void;
  language(): InterfaceLanguage;
}

const defaultEnvironment: ApiEnvironment = {
  notifyError: (text) => console.error(text),
  goToDenied: () => window.location.assign('/401'),
  goToLogin: () =>
    window.location.assign(loginPathFor(window.location.pathname, window.location.search)),
  language: () => 'en',
};

let environment: ApiEnvironment = defaultEnvironment;
let leaving = false;

export function configureApi(overrides: Partial<ApiEnvironment>): void {
  environment = { ...defaultEnvironment, ...overrides };
  leaving = false;
}

export interface CallOptions<E extends EndpointDefinition> {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
  /** No toast on failure (background loads); the ApiError is still thrown. */
  silent?: boolean;
}

const ZAnyEnvelope = z.object({
  code: z.number(),
  msg: z.string().catch(''),
  msgCode: z.string().optional().catch(undefined),
  msgParams: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .catch(undefined),
  data: z.unknown(),
});
const ZFieldsData = z.object({ fields: z.array(ZFieldIssue) });

/** Calls an endpoint of the contract and resolves with its `data`. */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointResponse<E>> {
  const { silent = false } = options;
  const fail = (error: ApiError): never => {
    if (!silent && error.code !== ABORTED_CODE) environment.notifyError(error.message);
    throw error;
  };

  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, options.query), {
      method: endpoint.method,
      headers: headersOf(endpoint, options.body),
      body: bodyOf(endpoint, options.body),
      signal: signalOf(options.signal),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted && !isTimeout(error)) {
      throw new ApiError(ABORTED_CODE, 'aborted');
    }
    return fail(networkError());
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return fail(networkError());
  }
  return settle(endpoint, payload, { silent });
}

/**
 * Handles an answer's JSON as `call` does: its `data` on 200 (checked against the contract);
 * -110 → /401; -100 → sign out and /login; anything else → a toast (unless silent) and an
 * ApiError. For requests `call` cannot send, like uploads with a progress bar.
 */
export function settle<E extends EndpointDefinition>(
  endpoint: E,
  payload: unknown,
  { silent = false }: { silent?: boolean } = {},
): EndpointResponse<E> {
  const fail = (error: ApiError): never => {
    if (!silent && error.code !== ABORTED_CODE) environment.notifyError(error.message);
    throw error;
  };
  const envelope = ZAnyEnvelope.safeParse(payload);
  if (!envelope.success) return fail(networkError());
  const { code, msg, data, msgCode, msgParams } = envelope.data;
  const coded = msgCode ? { code: msgCode, params: msgParams } : undefined;

  if (code === ResponseCode.ok) {
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      console.error(`Unexpected answer of ${endpoint.method} ${endpoint.path}`, parsed.error);
      return fail(new ApiError(ResponseCode.other, textOf(ResponseCode.other, msg), msg));
    }
    return parsed.data as EndpointResponse<E>;
  }

  if (code === ResponseCode.noAuthority) {
    if (!leaving) environment.goToDenied();
    throw new ApiError(code, textOf(code, msg), msg);
  }

  // On a public endpoint (signing in) -100 is an ordinary failure, not a lost session.
  if (code === ResponseCode.noLogin && endpoint.access !== 'public') {
    clearTokens();
    // The sign-in page says why (docs/product/messages-and-codes.md#catalogue noLogin: "Log in timeout, please resign.").
    noteSessionTimedOut();
    if (!leaving) {
      leaving = true;
      environment.goToLogin();
    }
    throw new ApiError(code, textOf(code, msg), msg);
  }

  const fields = ZFieldsData.safeParse(data);
  const retryAfter = ZRetryErrorData.safeParse(data).data?.retryAfterSeconds;
  return fail(
    new ApiError(
      code,
      textOf(code, msg, environment.language(), retryAfter, coded),
      msg,
      fields.success ? (fields.data.fields as FieldIssue[]) : [],
      retryAfter,
      coded,
    ),
  );
}

/** The error of a request that got no answer (network, timeout), toasted unless silent. */
export function noAnswer({ silent = false }: { silent?: boolean } = {}): ApiError {
  const error = networkError();
  if (!silent) environment.notifyError(error.message);
  return error;
}

/**
 * The text shown for an answer: the text of the message code the server named, in `lang`
 * (lib/messages.ts); else the catalogue text of the response code; else the server's; a
 * throttled attempt says when to retry in either language.
 */
function textOf(
  code: number,
  msg: string,
  lang = environment.language(),
  retryAfterSeconds?: number,
  coded?: CodedMessageLike,
): string {
  if (code === NETWORK_ERROR_CODE) return NETWORK_ERROR_MESSAGE[lang];
  if (code === ResponseCode.tooManyRequests && retryAfterSeconds !== undefined) {
    return messageText(retryLaterMessage(retryAfterSeconds), lang);
  }
  if (coded && isMessageCode(coded.code)) return messageText(coded, lang);
  const type = errorTypeOf(code);
  if (type && lang === 'zh') return ERROR_MESSAGES[type].zh;
  return msg || (type ? ERROR_MESSAGES[type].en : `Error ${code}`);
}

/** An error's text in `lang`, for messages that stay on screen while the language changes. */
export function errorText(error: ApiError, lang: InterfaceLanguage): string {
  return textOf(error.code, error.msg, lang, error.retryAfterSeconds, error.coded);
}

function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_CODE, textOf(NETWORK_ERROR_CODE, ''));
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

function signalOf(callerSignal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function scalarText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The endpoint's path with its query and, in a proxy window, the acting user. */
export function urlOf(endpoint: EndpointDefinition, query: unknown): string {
  const params = new URLSearchParams();
  if (isRecord(query)) {
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        const text = scalarText(item);
        if (text !== undefined && text !== '') params.append(key, text);
      }
    }
  }
  const acting = proxyUser();
  if (acting && endpoint.access !== 'public') params.set(PROXY_QUERY_PARAM, acting);
  const search = params.toString();
  return search ? `${endpoint.path}?${search}` : endpoint.path;
}

/** The session headers every console request carries (docs/product/api-conventions.md#headers): X-Token and Authorization. */
export function authHeaders(): Record<string, string> {
  const { adminToken, serviceToken } = readTokens();
  return {
    ...(adminToken ? { 'X-Token': adminToken } : {}),
    ...(serviceToken ? { Authorization: `Bearer ${serviceToken}` } : {}),
  };
}

function headersOf(endpoint: EndpointDefinition, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json', ...authHeaders() });
  if (body !== undefined && !endpoint.multipart) headers.set('Content-Type', 'application/json');
  return headers;
}

/** JSON, or multipart form data for endpoints marked `multipart` (docs/product/api-conventions.md#multipart). */
export function bodyOf(endpoint: EndpointDefinition, body: unknown): BodyInit | undefined {
  if (body === undefined || endpoint.method === 'GET') return undefined;
  if (!endpoint.multipart) return JSON.stringify(body);
  const form = new FormData();
  if (isRecord(body)) {
    for (const [key, value] of Object.entries(body)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item instanceof Blob) form.append(key, item);
        else {
          const text = scalarText(item);
          if (text !== undefined) form.append(key, text);
        }
      }
    }
  }
  return form;
}
