/**
 * A request that succeeds for an allowed caller, for every endpoint of the contract: the
 * permission matrix sends them as they are, the contract fuzz mutates them one field at a time.
 * A new entry in ENDPOINTS fails to type-check here until it gets a sample request.
 */
import { Ability, encodeCredential, type ENDPOINTS } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { fundRequests } from '../../db/schema.js';
import { buildUser, credentials, uniqueUsername, type TestUser } from '../factories.js';
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
} from '../settings-factories.js';
import { CREATIVE_SAMPLES } from './creative.js';
import { DELIVERY_SAMPLES } from './delivery.js';
import { DSP_SAMPLES } from './dsp.js';
import { MATERIAL_SAMPLES } from './material.js';
import { MEDIA_SAMPLES, SUPPLY_IMPACT_SAMPLES } from './media.js';
import { PLAN_SAMPLES } from './plan.js';
import { REPORT_SAMPLES } from './report.js';
import { SSP_STRATEGY_SAMPLES } from './ssp-strategy.js';
import { CURRENCY_SAMPLES } from './currency.js';
import type { Sample } from './types.js';

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
/** The database of the sample being built (each sample sets it from its context). */
let current: Database | undefined;
const db = (): Database => {
  if (!current) throw new Error('A sample runs only through ALL_SAMPLES');
  return current;
};
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
  ...SUPPLY_IMPACT_SAMPLES,
  ...DSP_SAMPLES,
  ...SSP_STRATEGY_SAMPLES,
  ...DELIVERY_SAMPLES,
  ...REPORT_SAMPLES,
  ...CURRENCY_SAMPLES,
};

/** Every endpoint's sample, each building its fixtures in the database of its context. */
export const ALL_SAMPLES = Object.fromEntries(
  Object.entries(SAMPLES).map(([name, sample]) => [
    name,
    (context: Parameters<Sample>[0]) => {
      current = context.db;
      return sample(context);
    },
  ]),
) as { [K in keyof typeof ENDPOINTS]: Sample };
