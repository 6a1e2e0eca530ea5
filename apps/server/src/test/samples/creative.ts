/** Permission-matrix samples of the creative endpoints: each succeeds for an allowed caller. */
import { AdStyleType, type CREATIVE_ENDPOINTS } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { buildCreative } from '../ad-factories.js';
import { buildUser, type TestUser } from '../factories.js';
import { buildStyle } from '../settings-factories.js';
import type { Sample } from './types.js';

/** A Text style: a title and nothing else, so a creative needs no material. */
const textStyle = (db: Database) =>
  buildStyle(db, { type: AdStyleType.text, meta: ['title'], titleLength: 30 });

const creativeOf = async (db: Database, owner: TestUser) =>
  buildCreative(db, owner.id, { styleId: (await textStyle(db)).id });

/** A creative waiting for audit, of a new user in `auditor`'s subtree (exam reaches it). */
const waitingCreative = async (db: Database, auditor: TestUser) => {
  const advertiser = await buildUser(db, { parentId: auditor.id });
  return creativeOf(db, advertiser);
};

export const CREATIVE_SAMPLES: { [K in keyof typeof CREATIVE_ENDPOINTS]: Sample } = {
  listCreatives: () => ({
    query: { keyword: 'Creative', sort: 'name', order: 'desc', audit_state: 'pending' },
  }),
  getCreative: async ({ db, user }) => ({ query: { id: (await creativeOf(db, user)).id } }),
  createCreative: async ({ db }) => ({
    body: {
      name: 'Matrix creative',
      style_id: (await textStyle(db)).id,
      language: 'en',
      os: 0,
      title: 'Matrix title',
      click_action: 2,
      click_url: 'https://example.com/landing',
    },
  }),
  modifyCreative: async ({ db, user }) => ({
    body: { id: (await creativeOf(db, user)).id, title: 'New title' },
  }),
  switchCreative: async ({ db, user }) => ({
    body: { id: (await creativeOf(db, user)).id, status: 1 },
  }),
  bulkCreatives: async ({ db, user }) => ({
    body: { ids: [(await creativeOf(db, user)).id], action: 'shelve' },
  }),
  listAudit: () => ({ query: { audit_state: 'pending', size: 20 } }),
  countAudit: () => ({ query: { language: 'en' } }),
  approveCreatives: async ({ db, user }) => ({
    body: { ids: [(await waitingCreative(db, user)).id] },
  }),
  rejectCreatives: async ({ db, user }) => ({
    body: { ids: [(await waitingCreative(db, user)).id], reason: 'Blurry image' },
  }),
};
