/**
 * The permission matrix (DESIGN §8): every demo role against every contract endpoint. No
 * token → -100; a role the endpoint does not allow → -110; otherwise success. A new entry
 * in ENDPOINTS fails to type-check here until it gets a sample request.
 */
import {
  Ability,
  ENDPOINTS,
  ResponseCode,
  canAccess,
  deriveRoles,
  encodeCredential,
  type EndpointDefinition,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundRequests } from '../db/schema.js';
import { DEMO_ACCOUNTS } from '../db/seed.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  buildSession,
  buildUser,
  credentials,
  uniqueUsername,
  type TestUser,
} from '../test/factories.js';
import { api } from '../test/http.js';
import { CREATIVE_SAMPLES } from '../test/samples/creative.js';
import { MATERIAL_SAMPLES } from '../test/samples/material.js';
import { PLAN_SAMPLES } from '../test/samples/plan.js';
import { MEDIA_SAMPLES } from '../test/samples/media.js';
import { DSP_SAMPLES } from '../test/samples/dsp.js';
import { SSP_STRATEGY_SAMPLES } from '../test/samples/ssp-strategy.js';
import { DELIVERY_SAMPLES } from '../test/samples/delivery.js';
import { REPORT_SAMPLES } from '../test/samples/report.js';
import type { Sample, SampleRequest } from '../test/samples/types.js';
import {
  buildAdType,
  buildBrand,
  buildCountry,
  buildHumanItem,
  buildLanguage,
  buildModel,
  buildStyle,
  countryCodes,
  uniqueLanguageCode,
  uniqueSlug,
} from '../test/settings-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nextCountryCode = countryCodes('XY');
const note = (comment: string) =>
  JSON.stringify({
    target_type: 'country',
    method: 'modify',
    target: 0,
    value_before: '{}',
    value_after: '{}',
    comment,
  });
const db = () => t.db;
const child = (owner: TestUser) => buildUser(db(), { parentId: owner.id });

let counter = 0;
/** A credit waiting for approval, asked by a third person, for `account`. */
async function pendingRequestFor(account: TestUser): Promise<number> {
  const requester = await buildUser(db());
  const [row] = await db()
    .insert(fundRequests)
    .values({ userId: account.id, kind: 'topUp', amount: 1, requestedBy: requester.id })
    .returning({ id: fundRequests.id });
  return row?.id ?? 0;
}
const SAMPLES: { [K in keyof typeof ENDPOINTS]: Sample } = {
  accountLogin: ({ user }) => ({ body: credentials(user.username, user.password) }),
  serviceLogin: ({ user }) => ({ body: credentials(user.username, user.password) }),
  logout: () => ({}),
  currentUser: () => ({}),
  updateProfile: () => ({
    body: { nickname: `Nickname ${(counter += 1)}`, avatar: '', introduction: 'matrix' },
  }),
  changePassword: ({ user }) => {
    const next = `${user.password}-${(counter += 1)}`;
    const body = {
      oldPassword: encodeCredential(user.password),
      newPassword: encodeCredential(next),
    };
    user.password = next;
    return { body };
  },
  unlockUser: ({ other }) => ({ body: { id: other.id } }),
  dashboardSummary: () => ({}),
  listChanges: ({ user }) => ({ query: { target_type: 'user', target_id: user.id } }),
  listLanguages: () => ({}),
  createLanguage: () => ({
    body: { name: `Matrix ${(counter += 1)}`, code: uniqueLanguageCode() },
  }),
  modifyLanguage: async () => ({
    body: { id: (await buildLanguage(db())).id, name: `Renamed ${(counter += 1)}` },
  }),
  listAllCountries: () => ({}),
  listCountries: () => ({ query: { keyword: 'a', sort: 'name', order: 'desc', size: 10 } }),
  createCountry: () => ({
    body: { name: 'Matrixland', code: nextCountryCode(), lang_id: null, lang_ids: [] },
  }),
  modifyCountry: async () => ({
    body: {
      id: (await buildCountry(db(), { code: nextCountryCode() })).id,
      name: 'Renamed',
      note: note('matrix change'),
    },
  }),
  switchCountry: async () => ({
    body: { id: (await buildCountry(db(), { code: nextCountryCode() })).id, status: 1 },
  }),
  listStyles: () => ({}),
  createStyle: () => ({
    body: {
      name: `Matrix style ${(counter += 1)}`,
      type: 4,
      icon_size: '120 x 120',
      img_size: null,
      img3_size: null,
      video_size: null,
      meta: ['title', 'icon'],
      title_length: 30,
      description_length: 0,
    },
  }),
  modifyStyle: async () => ({ body: { id: (await buildStyle(db())).id, title_length: 12 } }),
  switchStyle: async () => ({ body: { id: (await buildStyle(db())).id, status: 1 } }),
  listAdTypes: () => ({}),
  createAdType: () => ({ body: { name: `Matrix type ${(counter += 1)}`, ad_form: 2 } }),
  modifyAdType: async () => ({ body: { id: (await buildAdType(db())).id, ad_form: 3 } }),
  switchAdType: async () => ({ body: { id: (await buildAdType(db())).id, status: 1 } }),
  listBrands: () => ({ query: { page: 1, size: 20, status: 0 } }),
  listAllBrands: () => ({}),
  getBrand: async () => ({ query: { id: (await buildBrand(db())).id } }),
  createBrand: () => ({ body: { code: uniqueSlug('matrix'), name: 'Matrix' } }),
  modifyBrand: async () => ({ body: { id: (await buildBrand(db())).id, name: 'Renamed' } }),
  switchBrand: async () => ({ body: { id: (await buildBrand(db())).id, status: 1 } }),
  listModels: async () => ({ query: { brand_id: (await buildBrand(db())).id } }),
  createModel: async () => ({
    body: { brand_id: (await buildBrand(db())).id, code: 'SM-G9910', name: 'Galaxy S21' },
  }),
  modifyModel: async () => {
    const brand = await buildBrand(db());
    return { body: { id: (await buildModel(db(), { brandId: brand.id })).id, name: 'Renamed' } };
  },
  switchModel: async () => {
    const brand = await buildBrand(db());
    return { body: { id: (await buildModel(db(), { brandId: brand.id })).id, status: 1 } };
  },
  listHuman: () => ({}),
  createHuman: () => ({ body: { parent_id: null, code: uniqueSlug('m'), name: 'Matrix' } }),
  modifyHuman: async () => ({ body: { id: (await buildHumanItem(db())).id, sort: 7 } }),
  switchHuman: async () => ({ body: { id: (await buildHumanItem(db())).id, status: 1 } }),
  // Account samples act on a fresh child of the caller: in every allowed caller's reach.
  listAccounts: () => ({ query: { keyword: 'u_', sort: 'balance', order: 'desc' } }),
  getAccount: async ({ user }) => ({ query: { id: (await child(user)).id } }),
  createAccount: () => ({
    body: {
      username: uniqueUsername('matrix'),
      nickname: 'Matrix',
      password: encodeCredential('matrix-pass-1'),
      ability: Ability.login | Ability.adManage,
    },
  }),
  modifyAccount: async ({ user }) => ({
    body: { id: (await child(user)).id, nickname: `Renamed ${(counter += 1)}` },
  }),
  switchAccount: async ({ user }) => ({ body: { id: (await child(user)).id, status: 1 } }),
  resetAccountPassword: async ({ user }) => ({
    body: { id: (await child(user)).id, password: encodeCredential('matrix-pass-2') },
  }),
  topUp: ({ other }) => ({ body: { user_id: other.id, amount: '12.5', note: 'matrix top-up' } }),
  adjustBalance: ({ other }) => ({
    body: { user_id: other.id, amount: '1', note: 'matrix adjustment' },
  }),
  listLedger: ({ user }) => ({ query: { user_id: user.id, kind: 'topUp' } }),
  listFundRequests: () => ({ query: { status: 'pending' } }),
  approveFundRequest: async ({ other }) => ({ body: { id: await pendingRequestFor(other) } }),
  rejectFundRequest: async ({ other }) => ({
    body: { id: await pendingRequestFor(other), note: 'matrix rejection' },
  }),
  getSystemParameters: () => ({}),
  modifySystemParameters: () => ({
    body: { fund_approval_threshold: String(20_000 + (counter += 1)) },
  }),
  ...MATERIAL_SAMPLES,
  ...CREATIVE_SAMPLES,
  ...PLAN_SAMPLES,
  ...MEDIA_SAMPLES,
  ...DSP_SAMPLES,
  ...SSP_STRATEGY_SAMPLES,
  ...DELIVERY_SAMPLES,
  ...REPORT_SAMPLES,
};

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
