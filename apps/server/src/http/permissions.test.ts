/**
 * The permission matrix (docs/product/design.md#reliability-and-security): every demo role against every contract endpoint. No
 * token → -100; a role the endpoint does not allow → -110; otherwise success. A new entry
 * in ENDPOINTS fails to type-check here until it gets a sample request.
 */
import {
  ENDPOINTS,
  ResponseCode,
  canAccess,
  deriveRoles,
  type EndpointDefinition,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildSession, buildUser, type TestUser } from '../test/factories.js';
import { api } from '../test/http.js';
import { ALL_SAMPLES } from '../test/samples/all.js';
import type { SampleRequest } from '../test/samples/types.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SAMPLES = ALL_SAMPLES;

function urlOf(endpoint: EndpointDefinition, query: SampleRequest['query']): string {
  if (!query) return endpoint.path;
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `${endpoint.path}?${search.toString()}`;
}

const endpoints = Object.entries(ENDPOINTS) as [keyof typeof ENDPOINTS, EndpointDefinition][];
// Demo accounts with distinct abilities (adv_alpha and adv_beta repeat advertiser).
const accounts = DEMO_ACCOUNTS.filter(
  (account, index) => DEMO_ACCOUNTS.findIndex((a) => a.ability === account.ability) === index,
);

describe('without a token', () => {
  it.each(endpoints.filter(([, endpoint]) => endpoint.access !== 'public'))(
    '%s answers -100',
    async (name, endpoint) => {
      const user = await buildUser(t.db);
      const other = await buildUser(t.db);
      const { body, query, files, fields } = await SAMPLES[name]({ user, other, db: t.db });
      const result = await api(t.app, {
        method: endpoint.method,
        url: urlOf(endpoint, query),
        body,
        ...(files ? { files, multipart: fields ?? {} } : {}),
      });
      expect(result).toMatchObject({ status: 401, body: { code: ResponseCode.noLogin } });
    },
  );
});

describe.each(accounts.map((account) => [account.username, account] as const))(
  'as the demo %s',
  (_username, account) => {
    const roles = deriveRoles(account.ability);
    let user: TestUser;
    let other: TestUser;
    beforeAll(async () => {
      user = await buildUser(t.db, { ability: account.ability });
      other = await buildUser(t.db);
    });

    it.each(endpoints)('%s', async (name, endpoint) => {
      const allowed =
        endpoint.access === 'public' || endpoint.access === 'login'
          ? true
          : canAccess(endpoint.access, roles);
      const token = await buildSession(t.db, user.id);
      const { body, query, files, fields } = await SAMPLES[name]({ user, other, db: t.db });
      const result = await api(t.app, {
        method: endpoint.method,
        url: urlOf(endpoint, query),
        token,
        body,
        ...(files ? { files, multipart: fields ?? {} } : {}),
      });
      if (allowed) {
        expect(result, `${account.username} ${endpoint.path}`).toMatchObject({
          status: 200,
          body: { code: ResponseCode.ok, msg: 'success' },
        });
        expect(endpoint.response.safeParse(result.body.data).success).toBe(true);
      } else {
        expect(result, `${account.username} ${endpoint.path}`).toMatchObject({
          status: 403,
          body: { code: ResponseCode.noAuthority, msg: 'Access deni, check again.', data: null },
        });
      }
    });
  },
);

describe('the matrix itself', () => {
  it('covers both outcomes: some demo roles are refused somewhere', () => {
    const refusals = accounts.flatMap((account) =>
      endpoints.filter(
        ([, endpoint]) =>
          Array.isArray(endpoint.access) &&
          !canAccess(endpoint.access, deriveRoles(account.ability)),
      ),
    );
    expect(refusals.length).toBeGreaterThan(0);
  });
});
