/**
 * The one HTTP client of the console. Every call names a domain endpoint object, so its
 * query, body and answer are typed by the shared contract (EndpointQuery, EndpointBody,
 * EndpointResponse) and the answer is checked against the endpoint's zod schema.
 *
 * Envelope handling (docs/product/messages-and-codes.md#response-codes): 200 → data; -110 → /401 with no way back; -100 → sign out,
 * /login, reload; any other code → its message (in Chinese when the interface is and the
 * code is known) as a toast, and an ApiError carrying code, msg and field issues. Sending
 * (lib/request.ts), reading the envelope and the error texts (lib/answer.ts) are shared with
 * the sign-in page, which loads no zod.
 */
import { z } from 'zod';
import {
  ResponseCode,
  ZFieldIssue,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointQuery,
  type EndpointResponse,
  type FieldIssue,
  type InterfaceLanguage,
} from '@adloom/domain';
import {
  ABORTED_CODE,
  ApiError,
  answerError,
  answerText,
  networkError,
  readEnvelope,
} from './answer';
import { send } from './request';
import { clearTokens, loginPathFor, noteSessionTimedOut } from './session';

export {
  ABORTED_CODE,
  ApiError,
  NETWORK_ERROR_CODE,
  errorText,
  type CodedMessageLike,
} from './answer';
export { authHeaders, bodyOf, urlOf } from './request';

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

const ZFieldsData = z.object({ fields: z.array(ZFieldIssue) });

/** Calls an endpoint of the contract and resolves with its `data`. */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointResponse<E>> {
  const { silent = false } = options;
  let payload: unknown;
  try {
    payload = await send(endpoint, options, environment.language());
  } catch (error) {
    if (!silent && error instanceof ApiError && error.code !== ABORTED_CODE) {
      environment.notifyError(error.message);
    }
    throw error;
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
  const lang = environment.language();
  const envelope = readEnvelope(payload);
  if (!envelope) return fail(networkError(lang));
  const { code, msg, data } = envelope;

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
  return fail(
    answerError(envelope, lang, fields.success ? (fields.data.fields as FieldIssue[]) : []),
  );
}

/** The error of a request that got no answer (network, timeout), toasted unless silent. */
export function noAnswer({ silent = false }: { silent?: boolean } = {}): ApiError {
  const error = networkError(environment.language());
  if (!silent) environment.notifyError(error.message);
  return error;
}

/** The text of an answer without a message code or a wait, in the interface language. */
function textOf(code: number, msg: string): string {
  return answerText(code, msg, environment.language());
}
