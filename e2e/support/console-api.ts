/** The console's API as the demo operator, for specs that set up data without the console. */
import { expect, type APIRequestContext } from '@playwright/test';
import { ENDPOINTS, encodeCredential, type EndpointDefinition } from '@adloom/domain';
import { DEMO_PASSWORD } from './session';

/** A session token of a demo account. */
export async function signInToken(
  request: APIRequestContext,
  username = 'operator',
): Promise<string> {
  const response = await request.post(ENDPOINTS.accountLogin.path, {
    data: { username: encodeCredential(username), password: encodeCredential(DEMO_PASSWORD) },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** One console API call; fails the test unless it succeeds. */
export async function api<T>(
  request: APIRequestContext,
  endpoint: EndpointDefinition,
  token: string,
  body?: unknown,
  query?: Record<string, string | number>,
): Promise<T> {
  const response = await request.fetch(endpoint.path, {
    method: endpoint.method,
    headers: { 'x-token': token },
    ...(query === undefined ? {} : { params: query }),
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${endpoint.path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}
