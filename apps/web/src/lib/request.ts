/**
 * How every request of the console is sent (docs/product/api-conventions.md#headers): both
 * session headers, the acting user of a proxy window, JSON or multipart, the timeout. Shared
 * by the console's client (lib/api.ts) and the sign-in page's calls (features/auth/api.ts),
 * without zod.
 */
import {
  PROXY_QUERY_PARAM,
  REQUEST_TIMEOUT_MS,
  type EndpointDefinition,
  type InterfaceLanguage,
} from '@adloom/domain';
import { ABORTED_CODE, ApiError, networkError } from './answer';
import { proxyUser, readTokens } from './session';

/** What sending needs of an endpoint (SIGN_IN_CALLS holds the sign-in page's three). */
export type EndpointTarget = Pick<EndpointDefinition, 'method' | 'path' | 'access' | 'multipart'>;

export interface RequestOptions {
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
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
export function urlOf(endpoint: EndpointTarget, query: unknown): string {
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

function headersOf(endpoint: EndpointTarget, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json', ...authHeaders() });
  if (body !== undefined && !endpoint.multipart) headers.set('Content-Type', 'application/json');
  return headers;
}

/** JSON, or multipart form data for endpoints marked `multipart` (docs/product/api-conventions.md#multipart). */
export function bodyOf(endpoint: EndpointTarget, body: unknown): BodyInit | undefined {
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

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

function signalOf(callerSignal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
}

/**
 * Sends a request and resolves with its JSON. Rejects with an ApiError: ABORTED_CODE when the
 * caller cancelled, else the network error (no answer, a timeout, a body that is no JSON) in
 * `lang`.
 */
export async function send(
  endpoint: EndpointTarget,
  options: RequestOptions,
  lang: InterfaceLanguage,
): Promise<unknown> {
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
    if (options.signal?.aborted && !isTimeout(error)) throw new ApiError(ABORTED_CODE, 'aborted');
    throw networkError(lang);
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw networkError(lang);
  }
}
